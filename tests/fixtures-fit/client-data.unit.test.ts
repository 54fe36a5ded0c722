/**
 * CLIENT_DATA_FILE: example records or a JSON Schema 2020-12 with examples,
 * {{fresh:…}} placeholders filled per registration, and every bad file refused at start naming
 * the variable.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { luhnCheckDigit } from "../../lib/test-data/luhn.ts";
import { ValidatorRegistry } from "../../lib/validation/registry.ts";
import { businessCases, checkClientData } from "../../generators/cases/business.ts";
import { fakerFor } from "../../generators/faker.ts";
import { clientDataFor, fillFresh } from "../../generators/partner-transfer-api/client-data.ts";

const dir = mkdtempSync(join(tmpdir(), "client-data-"));
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

const RECORD = {
  name: "Test Company {{fresh:digits:4}} LLP",
  tax_id: "{{fresh:luhn:12}}",
  contact: { ref: "{{fresh:uuid}}", code: "{{fresh:hex:8}}" },
};
const SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  required: ["name", "tax_id"],
  properties: {
    name: { type: "string", minLength: 1 },
    tax_id: { type: "string", pattern: "^[0-9]{12}$" },
    contact: { type: "object" },
  },
  examples: [RECORD],
};

test("placeholders are filled with fresh values of their kind, every time", () => {
  const a = fillFresh(RECORD);
  const b = fillFresh(RECORD);
  expect(a.name).toMatch(/^Test Company \d{4} LLP$/);
  expect(a.tax_id).toMatch(/^\d{12}$/);
  expect(luhnCheckDigit(a.tax_id.slice(0, 11))).toBe(a.tax_id.at(-1));
  expect(a.contact.ref).toMatch(/^[0-9a-f-]{36}$/);
  expect(a.contact.code).toMatch(/^[0-9a-f]{8}$/);
  expect(b.contact.ref).not.toBe(a.contact.ref);
  expect(RECORD.tax_id).toBe("{{fresh:luhn:12}}");
});

describe("a file of records", () => {
  const config = loadConfig({
    CLIENT_DATA_FILE: file("records.json", [RECORD, { name: "Other {{fresh:digits:3}}", tax_id: "{{fresh:luhn:12}}" }]),
  });
  test("each registration sends one record, filled", () => {
    expect(config.fixtures.clientData.kind).toBe("records");
    const data = clientDataFor(config, fakerFor(1));
    expect(data.tax_id).toMatch(/^\d{12}$/);
    expect(String(data.name)).not.toContain("{{");
  });
  test("generated valid cases are the records, never the sandbox's fields", () => {
    const cases = businessCases(config, new ValidatorRegistry());
    for (const body of fc.sample(cases.validBodies, { numRuns: 20, seed: 3 }) as Array<Record<string, unknown>>) {
      expect(Object.keys(body)).not.toContain("company_name");
      expect(String(body.name)).toMatch(/^(Test Company \d{4} LLP|Other \d{3})$/);
    }
    expect(cases.note).toMatch(/2 record\(s\) from CLIENT_DATA_FILE/);
  });
});

describe("a JSON Schema with examples", () => {
  const config = loadConfig({ CLIENT_DATA_FILE: file("schema.json", SCHEMA) });
  const registry = new ValidatorRegistry();
  test("valid cases from the examples, invalid variants of the client data from the schema", () => {
    checkClientData(config, registry);
    const cases = businessCases(config, registry);
    const inner = cases.mutations.filter((m) => m.beforeSeal).map((m) => m.name);
    expect(inner).toEqual(
      expect.arrayContaining([
        "client data: /name dropped",
        "client data: /tax_id dropped",
        "client data: /name shorter than its minLength",
        "client data: /tax_id not matching its pattern",
      ]),
    );
    expect(cases.mutations.filter((m) => !m.beforeSeal).length).toBeGreaterThan(0);
  });
});

test("without a file: the sandbox's client data, never a blank name or address", () => {
  const cases = businessCases(loadConfig({}), new ValidatorRegistry());
  for (const body of fc.sample(cases.validBodies, { numRuns: 50, seed: 7 }) as Array<Record<string, unknown>>) {
    expect(String(body.company_name).trim()).not.toBe("");
    if ("legal_address" in body) expect(String(body.legal_address).trim()).not.toBe("");
  }
});

const BAD: Array<[string, string | unknown, RegExp]> = [
  ["no such file", undefined, /no such file/],
  ["not JSON", "{ nope", /not JSON/],
  ["an empty list", [], /the list is empty/],
  ["a list of non-objects", ["a"], /the list\[0\] is not a JSON object/],
  ["a schema without examples", { ...SCHEMA, examples: undefined }, /has no "examples"/],
  [
    "a schema of another draft",
    { ...SCHEMA, $schema: "http://json-schema.org/draft-07/schema#" },
    /only JSON Schema 2020-12/,
  ],
  ["an unknown placeholder", [{ id: "{{fresh:name}}" }], /placeholder \{\{fresh:name\}\} is not one of/],
  ["a placeholder without its length", [{ id: "{{fresh:digits}}" }], /placeholder \{\{fresh:digits\}\}/],
  ["a template that is not a placeholder", [{ id: "{{uuid}}" }], /not a \{\{fresh:…\}\} placeholder/],
  ["neither records nor a schema", { hello: "world" }, /neither a list of client records nor a JSON Schema/],
];

describe("a bad file stops the run at start, naming CLIENT_DATA_FILE", () => {
  test.for(BAD)("%s", ([name, content, message]) => {
    const path = content === undefined ? join(dir, "missing.json") : file(`${name.replace(/\W+/g, "-")}.json`, content);
    let error: unknown;
    try {
      loadConfig({ CLIENT_DATA_FILE: path });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe("CLIENT_DATA_FILE");
    expect((error as Error).message).toMatch(message);
  });

  test("an example that does not match its schema (placeholders filled)", () => {
    const config = loadConfig({
      CLIENT_DATA_FILE: file("mismatch.json", { ...SCHEMA, examples: [{ name: "x", tax_id: "{{fresh:digits:5}}" }] }),
    });
    expect(() => checkClientData(config, new ValidatorRegistry())).toThrow(
      /^CLIENT_DATA_FILE: .*example 0 \(placeholders filled\) does not match the schema: \/tax_id must match pattern/,
    );
  });
});

/** The client-data schema as partners write it: standard JSON Schema 2020-12; only a real mistake is exit 2, with its pointer. */
describe("a client-data schema as users write it", () => {
  const check = (schema: unknown) => () =>
    checkClientData(
      loadConfig({ CLIENT_DATA_FILE: file(`as-written-${Math.random()}.json`, schema) }),
      new ValidatorRegistry(),
    );

  test("an anyOf of required sets whose properties are defined beside it: accepted, and broken by a row of its own", () => {
    const schema = {
      ...SCHEMA,
      required: ["name"],
      anyOf: [{ required: ["tax_id"] }, { required: ["contact"] }],
    };
    expect(check(schema)).not.toThrow();
    const path = file("any-of.json", schema);
    const rows = businessCases(loadConfig({ CLIENT_DATA_FILE: path }), new ValidatorRegistry()).mutations;
    expect(rows.map((m) => m.name)).toContain(
      "client data: (root) with none of its anyOf required sets (tax_id | contact)",
    );
  });

  test.for([
    [
      "an unknown keyword",
      { ...SCHEMA, properties: { ...SCHEMA.properties, name: { type: "string", minLenght: 1 } } },
      /#\/properties\/name: unknown keyword "minLenght"/,
    ],
    [
      "a keyword the generators do not work with",
      { ...SCHEMA, not: { required: ["x"] } },
      /#\/not: "not" is JSON Schema, but the generators/,
    ],
  ] as const)("%s: exit 2 naming CLIENT_DATA_FILE and the pointer", ([, schema, message]) => {
    expect(check(schema)).toThrow(ConfigError);
    expect(check(schema)).toThrow(message);
  });
});
