/**
 * What this target declares about requests, as JSON Schemas 2020-12 — the content of its
 * REQUEST_RULES_FILE (keys are the catalogue's operation keys) and of its CLIENT_DATA_FILE. The
 * server validates every request against exactly these schemas (validate.ts), so what it
 * declares is what it enforces: no more (an `account` without `number` is accepted), no less.
 */
const UUID = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
/** datetime-utc, to the second: the only period format this target reads. */
const UTC_SECOND = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$";
const SCHEMA = "https://json-schema.org/draft/2020-12/schema";

const text = (maxLength: number) => ({ type: "string", minLength: 1, maxLength });
const money = { type: "number", exclusiveMinimum: 0, maximum: 10_000_000 };

const card = {
  type: "object",
  required: ["card_id"],
  properties: {
    card_id: { type: "string", pattern: UUID },
    card_pan: { type: "string", pattern: "^[0-9]{16}$" },
    card_cvc: { type: "string", pattern: "^[0-9]{3}$" },
    card_month: { type: "string", pattern: "^(0[1-9]|1[0-2])$" },
    card_year: { type: "string", pattern: "^[0-9]{2}$" },
    name: { type: "string", maxLength: 26 },
  },
};

const fee = {
  type: "object",
  required: ["type", "amount", "currency"],
  properties: {
    type: { type: "string", enum: ["fee"] },
    amount: { type: "number", minimum: 0, maximum: 10_000_000 },
    currency: { type: "string", enum: ["KZT"] },
  },
};

/** Party fields and their types (§2.3) — the two sides differ only in what each requires. */
const partyProperties = {
  amount: money,
  currency: { type: "string", enum: ["KZT"] },
  terminal_number: text(32),
  additional_amount: { type: "array", maxItems: 5, items: fee },
  client: {
    type: "object",
    properties: { client_id: text(64), phone: { type: "string", pattern: "^\\+[0-9]{7,15}$" } },
  },
  card,
  // No `required` here: an account object without `number` is accepted (the debit names its card).
  account: { type: "object", properties: { number: text(34) } },
};

export const REQUEST_RULES = {
  "card-api.transaction-create": {
    $schema: SCHEMA,
    type: "object",
    required: ["request_id", "transaction", "debit", "credit"],
    properties: {
      request_id: { type: "string", pattern: UUID },
      transaction: {
        type: "object",
        required: ["order_id", "type"],
        properties: {
          order_id: text(64),
          description: { type: "string", maxLength: 255 },
          type: { type: "string", enum: ["debit"] },
        },
      },
      debit: {
        type: "object",
        required: ["amount", "currency", "terminal_number", "card"],
        properties: partyProperties,
      },
      // The credit side names where the money goes; its amount defaults to the debit's.
      credit: {
        type: "object",
        required: ["currency", "account"],
        properties: {
          ...partyProperties,
          account: { type: "object", required: ["number"], properties: { number: text(34) } },
        },
      },
      additional: {
        type: "array",
        maxItems: 20,
        items: {
          type: "object",
          required: ["key", "value"],
          properties: { key: text(64), value: { type: "string", maxLength: 256 } },
        },
      },
    },
  },
  "card-api.statement": {
    $schema: SCHEMA,
    type: "object",
    required: ["card_id", "start_date", "end_date"],
    properties: {
      card_id: { type: "string", pattern: UUID },
      start_date: { type: "string", pattern: UTC_SECOND },
      end_date: { type: "string", pattern: UTC_SECOND },
    },
  },
  "card-api.limits-list": {
    $schema: SCHEMA,
    type: "object",
    required: ["request_id", "object"],
    properties: {
      request_id: { type: "string", pattern: UUID },
      object: {
        type: "object",
        required: ["type", "value"],
        properties: { type: { type: "string", enum: ["CARD", "ACCOUNT", "CLIENT"] }, value: text(64) },
      },
    },
  },
  "partner-transfer-api.register-business": {
    $schema: SCHEMA,
    type: "object",
    required: ["payload", "signature"],
    properties: {
      payload: { type: "object", required: ["encrypted_data"], properties: { encrypted_data: text(65_536) } },
      signature: { type: "string", pattern: "^[0-9a-f]{64}$" },
    },
  },
} as const;

export type OperationKey = keyof typeof REQUEST_RULES;

/** The client data inside `encrypted_data` (§2.1: not shown): this target's own fields. */
export const CLIENT_DATA_SCHEMA = {
  $schema: SCHEMA,
  type: "object",
  required: ["legal_name", "registration_number", "contact_email"],
  properties: {
    legal_name: { type: "string", minLength: 2, maxLength: 120 },
    registration_number: { type: "string", pattern: "^KZ[0-9]{10}$" },
    contact_email: { type: "string", pattern: "^[a-z0-9._-]+@[a-z0-9-]+(\\.[a-z0-9-]+)+$", maxLength: 80 },
    employees: { type: "integer", minimum: 1, maximum: 100_000 },
  },
  examples: [
    {
      legal_name: "Aral Freight {{fresh:digits:5}} JSC",
      registration_number: "KZ{{fresh:digits:10}}",
      contact_email: "ops{{fresh:digits:6}}@aral-freight.example",
      employees: 40,
    },
  ],
};
