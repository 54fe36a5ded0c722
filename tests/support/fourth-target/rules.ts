/**
 * The request rules this platform enforces, as JSON Schemas 2020-12 — the same documents it
 * declares in the partner's REQUEST_RULES_FILE (a partner exports what the server enforces). A
 * card is named by its id, or by its number with the expiry: the usual `anyOf` of `required`s.
 */
import { OBJECT_TYPES } from "./data.ts";

const SCHEMA = "https://json-schema.org/draft/2020-12/schema";
const UUID = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
const DAY = { type: "string", pattern: "^[0-9]{2}\\.[0-9]{2}\\.[0-9]{4}$" };

const card = {
  type: "object",
  properties: {
    card_id: { type: "string", pattern: UUID },
    card_pan: { type: "string", pattern: "^[0-9]{13,19}$" },
    card_cvc: { type: "string", pattern: "^[0-9]{3}$" },
    card_month: { type: "string", pattern: "^(0[1-9]|1[0-2])$" },
    card_year: { type: "string", pattern: "^[0-9]{2}$" },
    name: { type: "string" },
  },
  anyOf: [{ required: ["card_id"] }, { required: ["card_pan", "card_month", "card_year"] }],
};

const fee = {
  type: "object",
  required: ["type", "amount", "currency"],
  properties: {
    type: { enum: ["fee"] },
    amount: { type: "number", minimum: 0 },
    currency: { type: "string", pattern: "^[A-Z]{3}$" },
  },
};

/** A party; only the debit side names a card (a credit card, if sent, is not read). */
const party = (required: string[], withCard: boolean) => ({
  type: "object",
  required,
  properties: {
    amount: { type: "number", exclusiveMinimum: 0 },
    currency: { type: "string", pattern: "^[A-Z]{3}$" },
    terminal_number: { type: "string", minLength: 1 },
    additional_amount: { type: "array", items: fee },
    client: { type: "object", properties: { client_id: { type: "string" }, phone: { type: "string" } } },
    ...(withCard ? { card } : {}),
    account: { type: "object", required: ["number"], properties: { number: { type: "string", minLength: 1 } } },
  },
});

export const TRANSACTION_RULES = {
  $schema: SCHEMA,
  type: "object",
  required: ["request_id", "transaction", "debit", "credit"],
  properties: {
    request_id: { type: "string", pattern: UUID },
    transaction: {
      type: "object",
      required: ["order_id", "type"],
      properties: {
        order_id: { type: "string", minLength: 1, maxLength: 64 },
        description: { type: "string" },
        type: { enum: ["debit"] },
      },
    },
    debit: party(["amount", "currency", "terminal_number", "card"], true),
    credit: party(["account"], false),
    additional: {
      type: "array",
      items: {
        type: "object",
        required: ["key", "value"],
        properties: { key: { type: "string" }, value: { type: "string" } },
      },
    },
  },
};

export const STATEMENT_RULES = {
  $schema: SCHEMA,
  type: "object",
  required: ["card_id", "start_date", "end_date"],
  properties: { card_id: { type: "string", pattern: UUID }, start_date: DAY, end_date: DAY },
};

export const LIMITS_RULES = {
  $schema: SCHEMA,
  type: "object",
  required: ["request_id", "object"],
  properties: {
    request_id: { type: "string", pattern: UUID },
    object: {
      type: "object",
      required: ["type", "value"],
      properties: { type: { enum: Object.values(OBJECT_TYPES) }, value: { type: "string", minLength: 1 } },
    },
  },
};

export const REGISTRATION_RULES = {
  $schema: SCHEMA,
  type: "object",
  required: ["payload", "signature"],
  properties: {
    payload: {
      type: "object",
      required: ["encrypted_data"],
      properties: { encrypted_data: { type: "string", minLength: 1 } },
    },
    signature: { type: "string", pattern: "^[0-9a-f]+$" },
  },
};

/** The partner's REQUEST_RULES_FILE: the operation keys of docs/own-server.md. */
export const REQUEST_RULES = {
  "card-api.transaction-create": TRANSACTION_RULES,
  "card-api.statement": STATEMENT_RULES,
  "card-api.limits-list": LIMITS_RULES,
  "partner-transfer-api.register-business": REGISTRATION_RULES,
};

/** The client data inside encrypted_data, and the partner's CLIENT_DATA_FILE (a schema with examples). */
export const CLIENT_DATA_SCHEMA = {
  $schema: SCHEMA,
  type: "object",
  required: ["legal_name", "bin", "country"],
  properties: {
    legal_name: { type: "string", minLength: 2, maxLength: 120 },
    bin: { type: "string", pattern: "^[0-9]{12}$" },
    country: { enum: ["KZ"] },
    contact_phone: { type: "string", pattern: "^\\+[0-9]{10,14}$" },
  },
  examples: [
    {
      legal_name: "Fourth Test {{fresh:digits:4}} LLP",
      bin: "{{fresh:digits:12}}",
      country: "KZ",
      contact_phone: "+77010004444",
    },
    { legal_name: "Quad Trading {{fresh:hex:6}}", bin: "{{fresh:luhn:12}}", country: "KZ" },
  ],
};
