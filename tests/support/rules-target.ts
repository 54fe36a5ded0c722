/**
 * A tiny target that enforces the request rules it declares: a proxy in front of a sandbox that
 * refuses (HTTP 422) every card API request its REQUEST_RULES_FILE schema refuses, validated by
 * its own ajv as a partner's server would, and forwards the rest. `unenforced` names a declared
 * rule it then does not keep (a variant that violates its own declaration).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { CARD_STATEMENT, CREATE_TRANSACTION, LIMITS_LIST } from "../../lib/catalogue/index.ts";
import { withSandbox } from "./harness.ts";
import { startCountingProxy, type TestTarget } from "./targets.ts";

const SCHEMA = "https://json-schema.org/draft/2020-12/schema";

/** A declaration as a partner writes it: a pattern, an enum, an anyOf of required sets, a field of its own. */
export const DECLARED_RULES: Rules = {
  [CREATE_TRANSACTION.key]: {
    $schema: SCHEMA,
    type: "object",
    required: ["request_id", "transaction", "debit", "credit"],
    properties: {
      transaction: {
        type: "object",
        required: ["order_id", "type"],
        properties: {
          // A pattern the harness's own order ids (ORD-…) never meet: the generators must draw from it.
          order_id: { type: "string", pattern: "^[0-9]{12}$" },
          description: { enum: ["Payment", "Transfer", "Top-up"] },
        },
      },
      debit: {
        type: "object",
        properties: {
          card: {
            type: "object",
            properties: { card_id: { type: "string" }, card_pan: { type: "string" }, card_month: {}, card_year: {} },
            anyOf: [{ required: ["card_id"] }, { required: ["card_pan", "card_month", "card_year"] }],
          },
        },
      },
    },
  },
  [CARD_STATEMENT.key]: {
    $schema: SCHEMA,
    type: "object",
    properties: {
      start_date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2}$" },
    },
  },
  [LIMITS_LIST.key]: {
    $schema: SCHEMA,
    type: "object",
    required: ["request_id", "object", "channel"],
    properties: { channel: { enum: ["web", "pos"] } },
  },
};

const PATHS = new Map([
  [CREATE_TRANSACTION.path, CREATE_TRANSACTION.key],
  [CARD_STATEMENT.path, CARD_STATEMENT.key],
  [LIMITS_LIST.path, LIMITS_LIST.key],
]);

type Rules = Record<string, Record<string, unknown>>;

/** The rules with the description enum of transactions left out: what the violating variant keeps. */
function withoutDescriptionEnum(rules: Rules): Rules {
  const copy = structuredClone(rules) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  delete copy[CREATE_TRANSACTION.key].properties.transaction.properties.description;
  return copy;
}

export function startRulesTarget(sandboxUrl: string, unenforced?: "description enum"): Promise<TestTarget> {
  const kept = unenforced ? withoutDescriptionEnum(DECLARED_RULES) : DECLARED_RULES;
  const ajv = new Ajv2020.default({ allErrors: true, strictRequired: false });
  const validators = new Map([...PATHS].map(([path, key]) => [path, ajv.compile(kept[key]!)]));
  return startCountingProxy(sandboxUrl, {
    answerInstead: ({ path, body }) => {
      const validate = validators.get(path);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return undefined;
      }
      if (!validate || validate(json)) return undefined;
      const detail = ajv.errorsText(validate.errors);
      return { status: 422, headers: { "content-type": "application/json" }, text: JSON.stringify({ detail }) };
    },
  });
}

/** The target in front of a fresh sandbox, and a REQUEST_RULES_FILE with its declaration. */
export async function withRulesTarget<T>(
  unenforced: "description enum" | undefined,
  body: (target: TestTarget, rulesFile: string) => Promise<T>,
): Promise<T> {
  const file = join(mkdtempSync(join(tmpdir(), "rules-target-")), "request-rules.json");
  writeFileSync(file, JSON.stringify(DECLARED_RULES, null, 2));
  return withSandbox({}, async (sandbox) => {
    const target = await startRulesTarget(sandbox.url, unenforced);
    try {
      return await body(target, file);
    } finally {
      await target.close();
    }
  });
}
