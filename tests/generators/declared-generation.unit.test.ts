/**
 * Valid requests obey the rules a target declares (REQUEST_RULES_FILE), keyword by keyword: every
 * valid request the generators make — the POSITIVE cases, the bodies negative rows mutate, the full
 * request, the fixed rows, and the requests a check builds — passes the declared schema, and what
 * the row says of it holds. Negative rows derived from the declared schema break one declared rule
 * (one value) at a time. One named test per row (JSON-Schema-Test-Suite style).
 */
import type { ErrorObject } from "ajv";
import { describe, expect, test } from "vitest";
import { debitRequest } from "../../generators/card-api/transaction.ts";
import { seededStatementRequest } from "../../generators/card-api/statement.ts";
import { limitsRequest } from "../../generators/card-api/limits.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { fakerFor } from "../../generators/faker.ts";
import type { Config } from "../../lib/config/load.ts";
import { caseContext } from "../support/case-rows.ts";
import { declaredErrors, declaring, operation, startError, validRequests } from "../support/declared-rules.ts";

const TXN = "card-api.transaction-create";
const STMT = "card-api.statement";
const LIM = "card-api.limits-list";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const txn = (transaction: object, more: object = {}) => ({
  [TXN]: { type: "object", properties: { transaction: { type: "object", ...transaction }, ...more } },
});
const fee = (amount: object) => ({
  [TXN]: {
    type: "object",
    properties: {
      debit: {
        type: "object",
        properties: { additional_amount: { type: "array", items: { type: "object", properties: { amount } } } },
      },
    },
  },
});

interface Row {
  name: string;
  key: string;
  rules: Record<string, unknown>;
  env?: Record<string, string>;
  /** What holds of every valid request besides the declared schema. */
  holds: (body: Body) => boolean;
}

const ROWS: Row[] = [
  {
    name: "pattern, anchored: a value the fixtures do not give is drawn from it",
    key: TXN,
    rules: txn({ required: ["order_id"], properties: { order_id: { type: "string", pattern: "^[0-9]{12}$" } } }),
    holds: (b) => /^[0-9]{12}$/.test(b.transaction.order_id),
  },
  {
    name: "pattern, unanchored (ECMA-262): a match anywhere is enough, and a whole match is drawn",
    key: TXN,
    rules: txn({ properties: { description: { type: "string", pattern: "Pay(ment)?" } } }),
    holds: (b) => /Pay/.test(b.transaction.description),
  },
  {
    name: "pattern met by the date form STATEMENT_DATE_FORMAT gives: the period is sent as it is",
    key: STMT,
    rules: { [STMT]: { type: "object", properties: { start_date: { pattern: "^\\d{4}-\\d{2}-\\d{2}T" } } } },
    holds: (b) => /^\d{4}-\d{2}-\d{2}T.*\+05:00$/.test(b.start_date),
  },
  {
    name: "enum",
    key: TXN,
    rules: txn({ properties: { description: { enum: ["Payment", "Transfer"] } } }),
    holds: (b) => ["Payment", "Transfer"].includes(b.transaction.description),
  },
  {
    name: "const",
    key: TXN,
    rules: txn({ properties: { type: { const: "DEBIT" } } }),
    holds: (b) => b.transaction.type === "DEBIT",
  },
  {
    name: "maxLength",
    key: TXN,
    rules: txn({ properties: { description: { type: "string", maxLength: 8 } } }),
    holds: (b) => [...b.transaction.description].length <= 8,
  },
  {
    name: "minLength",
    key: TXN,
    rules: txn({ properties: { description: { type: "string", minLength: 60 } } }),
    holds: (b) => [...b.transaction.description].length >= 60,
  },
  {
    name: "minimum and maximum",
    key: TXN,
    rules: fee({ type: "number", minimum: 1, maximum: 5 }),
    holds: (b) => b.debit.additional_amount[0].amount >= 1 && b.debit.additional_amount[0].amount <= 5,
  },
  {
    name: "exclusiveMinimum",
    key: TXN,
    rules: fee({ type: "number", exclusiveMinimum: 0 }),
    holds: (b) => b.debit.additional_amount[0].amount > 0,
  },
  {
    name: "multipleOf",
    key: TXN,
    rules: fee({ type: "number", minimum: 1, maximum: 20, multipleOf: 0.5 }),
    holds: (b) => Number.isInteger(b.debit.additional_amount[0].amount * 2),
  },
  {
    name: "format",
    key: TXN,
    rules: txn({ properties: { order_id: { type: "string", format: "uuid" } } }),
    holds: (b) => /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(b.transaction.order_id),
  },
  {
    name: "type",
    key: TXN,
    rules: txn({ properties: { description: { type: "integer", minimum: 1, maximum: 9 } } }),
    holds: (b) => Number.isInteger(b.transaction.description),
  },
  {
    name: "required, a field the harness's schema describes: drawn from it",
    key: TXN,
    rules: { [TXN]: { type: "object", properties: { credit: { type: "object", required: ["client"] } } } },
    holds: (b) => typeof b.credit.client === "object",
  },
  {
    name: "required, a field only the declaration knows, with its value (enum)",
    key: LIM,
    rules: { [LIM]: { type: "object", required: ["channel"], properties: { channel: { enum: ["web"] } } } },
    holds: (b) => b.channel === "web",
  },
  {
    name: "required, a field only the declaration knows, with its value (examples)",
    key: STMT,
    rules: {
      [STMT]: { type: "object", required: ["lang"], properties: { lang: { type: "string", examples: ["kk"] } } },
    },
    holds: (b) => b.lang === "kk",
  },
  {
    name: "additionalProperties false: a property the rule does not allow is left out",
    key: TXN,
    rules: {
      [TXN]: {
        type: "object",
        additionalProperties: false,
        properties: { request_id: {}, transaction: {}, debit: {}, credit: {} },
      },
    },
    holds: (b) => !("additional" in b),
  },
  {
    name: "anyOf of required sets, the fixture card meets one: sent as configured",
    key: TXN,
    rules: {
      [TXN]: {
        type: "object",
        properties: {
          debit: {
            type: "object",
            properties: {
              card: {
                type: "object",
                properties: { card_id: { type: "string" }, card_pan: {}, card_month: {}, card_year: {} },
                anyOf: [{ required: ["card_id"] }, { required: ["card_pan", "card_month", "card_year"] }],
              },
            },
          },
        },
      },
    },
    holds: (b) => b.debit.card.card_id === "c0ffee00-0000-4000-8000-000000000002",
  },
  {
    name: "anyOf of required sets on an object the generators fill: a set is added",
    key: TXN,
    rules: {
      [TXN]: {
        type: "object",
        properties: {
          debit: {
            type: "object",
            properties: {
              client: {
                type: "object",
                properties: { email: { type: "string", examples: ["ops@example.kz"] }, loyalty_id: {} },
                anyOf: [{ required: ["loyalty_id"] }, { required: ["email"] }],
              },
            },
          },
        },
      },
    },
    holds: (b) => b.debit.client.email === "ops@example.kz",
  },
  {
    name: "oneOf of required sets: exactly one set is added",
    key: LIM,
    rules: {
      [LIM]: {
        type: "object",
        properties: { channel: { const: "web" }, device: { const: "pos" } },
        oneOf: [{ required: ["channel"] }, { required: ["device"] }],
      },
    },
    holds: (b) => "channel" in b !== "device" in b,
  },
  {
    name: "$ref into $defs",
    key: TXN,
    rules: {
      [TXN]: {
        type: "object",
        properties: { transaction: { type: "object", properties: { order_id: { $ref: "#/$defs/order" } } } },
        $defs: { order: { type: "string", pattern: "^ORD[0-9]{6}$" } },
      },
    },
    holds: (b) => /^ORD[0-9]{6}$/.test(b.transaction.order_id),
  },
  {
    name: "items and maxItems",
    key: TXN,
    rules: {
      [TXN]: {
        type: "object",
        properties: {
          additional: {
            type: "array",
            maxItems: 1,
            items: { type: "object", properties: { value: { enum: ["web"] } } },
          },
        },
      },
    },
    holds: (b) => b.additional.length <= 1 && b.additional.every((e: Body) => e.value === "web"),
  },
];

/** The requests a check builds from the fixtures (the success scenarios, ledger debits, the preflight). */
function builtByChecks(config: Config, key: string): unknown[] {
  if (key === TXN) return [debitRequest(fakerFor(1), config, { minor: 1000 })];
  if (key === STMT) return [seededStatementRequest(config)];
  return [limitsRequest(config, "card"), limitsRequest(config, "client")];
}

describe("every valid request obeys the declared rules", () => {
  test.for(ROWS)("$name", async (row) => {
    const config = declaring(row.rules, row.env);
    expect(await startError(config)).toBeUndefined();
    const requests = [...(await validRequests(config, row.key)), ...builtByChecks(config, row.key)];
    for (const body of requests) {
      expect(declaredErrors(config, row.key, body), JSON.stringify(body)).toEqual([]);
      expect(row.holds(body as Body), JSON.stringify(body)).toBe(true);
    }
  });
});

/** The values a set of ajv errors is about: an anyOf/oneOf's branch errors count as the applicator's one. */
function valuesBroken(errors: ErrorObject[]): Set<string> {
  const applicators = errors.filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf");
  const own = errors.filter((e) => !applicators.some((a) => e.schemaPath.startsWith(`${a.schemaPath}/`)));
  return new Set(own.map((e) => e.instancePath));
}

describe("a negative row derived from the declared schema breaks one declared rule at a time", () => {
  test.for(ROWS)("$name", async (row) => {
    const config = declaring(row.rules, row.env);
    const cases = await casesFor(operation(row.key), caseContext(config));
    const full = cases.fullRequest();
    const rows = cases.mutations.filter((m) => m.name.startsWith("declared: "));
    for (const m of rows) {
      const variant = m.apply(full);
      if (!variant) continue;
      expect(m.basis, m.name).toBe("declared");
      expect(valuesBroken(declaredErrors(config, row.key, variant.body)).size, m.name).toBe(1);
    }
  });
});
