/**
 * REQUEST_RULES_FILE: read at configuration (form), compiled at start (keys, schemas); every
 * problem is exit 2 with one line naming the variable. The example of docs/request-rules.md loads.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { DOCUMENTED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { describeRequestRules } from "../../lib/config/request-rules.ts";
import { ValidatorRegistry } from "../../lib/validation/registry.ts";
import { checkRequestRules } from "../../generators/cases/request-rules.ts";
import { checkRulesObeyed } from "../../generators/cases/declared-check.ts";
import { expectConfigError } from "../support/config-error.ts";

const dir = mkdtempSync(join(tmpdir(), "request-rules-config-"));
const KEYS = DOCUMENTED_OPERATIONS.map((op) => op.key);

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Loads and compiles, as the CLI does at start; the error it gives, if any. */
function startWith(path: string): ConfigError | undefined {
  try {
    checkRequestRules(loadConfig({ REQUEST_RULES_FILE: path }), new ValidatorRegistry(), KEYS);
    return undefined;
  } catch (error) {
    return error as ConfigError;
  }
}

test("unset: no declared rules; 'reference': the reference sandbox's rules", () => {
  expect(loadConfig({}).fixtures.requestRules).toEqual({ kind: "none" });
  expect(loadConfig({ REQUEST_RULES_FILE: "reference" }).fixtures.requestRules).toEqual({ kind: "reference" });
});

describe("a bad file is exit 2 naming REQUEST_RULES_FILE", () => {
  test.for([
    ["no such file", join(dir, "missing.json"), /no such file/],
    ["not JSON", file("not-json.json", "{ nope"), /not JSON/],
    ["a list, not an object", file("list.json", "[]"), /not a JSON object of operation keys/],
    ["no operation", file("empty.json", "{}"), /declares no operation/],
    ["a value that is no schema", file("string.json", '{"card-api.statement": "required"}'), /not a JSON Schema/],
    [
      "another JSON Schema draft",
      file("draft7.json", '{"card-api.statement": {"$schema": "http://json-schema.org/draft-07/schema#"}}'),
      /only JSON Schema 2020-12/,
    ],
  ] as const)("%s", ([, path, message]) => {
    expect(expectConfigError({ REQUEST_RULES_FILE: path }, "REQUEST_RULES_FILE").message).toMatch(message);
  });

  test.for([
    ["a key that names no operation", '{"card-api.transfer": {"type": "object"}}', /no operation of the catalogue/],
    [
      "a schema that does not compile",
      '{"card-api.statement": {"type": "objekt"}}',
      /"card-api.statement" not a usable JSON Schema 2020-12 \(schema is invalid: #\/type must be/,
    ],
    [
      "an unknown keyword, named with its pointer",
      '{"card-api.statement": {"type": "object", "properties": {"card_id": {"type": "string", "minLenght": 2}}}}',
      /"card-api.statement" #\/properties\/card_id: unknown keyword "minLenght" \(not JSON Schema 2020-12\)/,
    ],
    [
      "an unknown format",
      '{"card-api.statement": {"type": "object", "properties": {"card_id": {"type": "string", "format": "card"}}}}',
      /unknown format "card"/,
    ],
    [
      "a keyword the generators cannot derive rows from",
      '{"card-api.statement": {"type": "object", "minProperties": 1}}',
      /"card-api.statement" #\/minProperties: "minProperties" is JSON Schema, but the generators/,
    ],
  ] as const)("at start: %s", ([name, text, message]) => {
    const error = startWith(file(`${name.replace(/\W+/g, "-")}.json`, text));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.variable).toBe("REQUEST_RULES_FILE");
    expect(error!.message).toMatch(message);
    expect(error!.message.split("\n")).toHaveLength(1);
  });
});

/** Standard JSON Schema 2020-12 as partners write it: accepted (the harness's own schemas keep ajv's full strictness). */
describe("a schema as users write it is accepted", () => {
  test.for([
    [
      "a required inside anyOf whose properties are defined beside it",
      {
        "card-api.transaction-create": {
          type: "object",
          properties: {
            debit: {
              type: "object",
              properties: {
                card: {
                  type: "object",
                  properties: {
                    card_id: { type: "string" },
                    card_pan: { type: "string" },
                    card_month: {},
                    card_year: {},
                  },
                  anyOf: [{ required: ["card_id"] }, { required: ["card_pan", "card_month", "card_year"] }],
                },
              },
            },
          },
        },
      },
    ],
    ["a required name without a property", { "card-api.statement": { type: "object", required: ["card_id"] } }],
    ["properties without a type", { "card-api.statement": { properties: { card_id: { minLength: 1 } } } }],
    [
      "an enum without a type",
      {
        "card-api.limits-list": {
          properties: { object: { properties: { type: { enum: ["card", "account", "client"] } } } },
        },
      },
    ],
  ] as const)("%s", ([name, rules]) => {
    expect(startWith(file(`accepted-${name.replace(/\W+/g, "-")}.json`, JSON.stringify(rules)))).toBeUndefined();
  });
});

test("the example of docs/request-rules.md loads and compiles", async () => {
  const section = readFileSync(new URL("../../docs/request-rules.md", import.meta.url), "utf8");
  const example = /```json\n([\s\S]*?)\n```/.exec(section)![1]!;
  expect(startWith(file("docs-example.json", example))).toBeUndefined();
  // The sandbox's fixtures meet it: the valid requests can be made to obey it (the CLI's start check).
  const config = loadConfig({ SEED: "1", REQUEST_RULES_FILE: file("docs-example-obeyed.json", example) });
  await expect(checkRulesObeyed(config, new ValidatorRegistry(), DOCUMENTED_OPERATIONS)).resolves.toBeUndefined();
  expect(Object.keys(JSON.parse(example))).toEqual(expect.arrayContaining(["card-api.transaction-create"]));
});

test("the summary line says what the workers judged declared rules by", () => {
  const path = file("summary-line.json", '{"card-api.statement": {"type": "object"}}');
  expect(describeRequestRules(loadConfig({}).fixtures.requestRules)).toMatch(/none declared/);
  expect(describeRequestRules({ kind: "reference" })).toMatch(/REQUEST_RULES_FILE=reference/);
  expect(describeRequestRules(loadConfig({ REQUEST_RULES_FILE: path }).fixtures.requestRules)).toMatch(
    /summary-line\.json \(sha256 [0-9a-f]{12}\): card-api\.statement$/,
  );
});
