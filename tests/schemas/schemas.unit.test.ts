/**
 * The schemas against tables of valid and invalid instances (tests/schemas/cases/*.json, in the
 * JSON-Schema-Test-Suite layout): one named test per row, so a failure names its row.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import Ajv2020 from "ajv/dist/2020.js";
import { describeIssues, loadSchemas, SHIPPED_SCHEMA_OPTIONS, validators } from "../../lib/validation/registry.ts";

interface CaseGroup {
  description: string;
  schema: string;
  specification: string;
  tests: Array<{ description: string; data: unknown; valid: boolean }>;
}

const dir = new URL("./cases/", import.meta.url);
const groups: CaseGroup[] = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), "utf8")) as CaseGroup[]);

describe.for(groups.map((g) => [`${g.description} (${g.specification.split(" ")[0]})`, g] as const))("%s", ([, group]) => {
  test.for(group.tests.map((t) => [`${t.valid ? "valid" : "invalid"}: ${t.description}`, t] as const))("%s", ([, row]) => {
    const { valid, issues } = validators().validate(`${SCHEMA_BASE}${group.schema}`, row.data);
    expect(valid, describeIssues(issues)).toBe(row.valid);
  });
});

test("every schema compiles in strict mode", () => {
  const registry = validators();
  const ids = registry.schemaIds();
  expect(ids.length).toBeGreaterThanOrEqual(22);
  for (const id of ids) expect(() => registry.validator(id)).not.toThrow();
});

// A run does not check the shipped schemas against the meta-schema (lib/validation/registry.ts,
// createAjv): this test does, once. The invalid one shows the check can fail.
test("every shipped schema is valid JSON Schema 2020-12 (and one that is not is caught)", () => {
  const ajv = new Ajv2020.default(SHIPPED_SCHEMA_OPTIONS);
  const schemas = loadSchemas();
  expect(schemas.length).toBeGreaterThanOrEqual(22);
  const invalid = schemas.filter((schema) => !ajv.validateSchema(schema)).map((schema) => String(schema.$id));
  expect(invalid).toEqual([]);
  expect(ajv.validateSchema({ $id: "https://conformance.example/schemas/x.schema.json", type: "nope" })).toBe(false);
});
