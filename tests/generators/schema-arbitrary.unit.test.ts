/**
 * Schema → arbitrary: every generated value validates under ajv, every mutation of a valid value
 * does not, and a keyword outside the supported subset is reported, not ignored.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import { loadSchemas, ValidatorRegistry, describeIssues, validators } from "../../lib/validation/registry.ts";
import { schemaArbitrary } from "../../generators/schema/arbitrary.ts";
import { schemaMutations } from "../../generators/schema/mutations.ts";
import { UnsupportedSchemaError } from "../../generators/schema/walk.ts";

const registry = validators();
const ids = registry
  .schemaIds()
  .filter((id) => !id.includes("/common/"))
  .map((id) => id.replace(SCHEMA_BASE, ""));

describe("every generated value of every schema validates", () => {
  test.for(ids)("%s", (id) => {
    fc.assert(
      fc.property(schemaArbitrary(id, registry), (value) => {
        const { valid, issues } = registry.validate(SCHEMA_BASE + id, value);
        if (!valid) throw new Error(describeIssues(issues));
      }),
      { seed: 42, numRuns: 40 },
    );
  });
});

describe("every mutation of a valid value is invalid", () => {
  test.for(ids)("%s", (id) => {
    const mutations = schemaMutations(id, registry);
    expect(mutations.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(schemaArbitrary(id, registry), fc.constantFrom(...mutations), (value, mutation) => {
        const variant = mutation.apply(value);
        fc.pre(variant !== undefined);
        expect(registry.validate(SCHEMA_BASE + id, variant!.body).valid, mutation.name).toBe(false);
      }),
      { seed: 7, numRuns: 60 },
    );
  });
});

const TEST_BASE = "https://conformance.example/schemas/test/";
const KITCHEN_SINK = {
  $id: `${TEST_BASE}kitchen-sink.schema.json`,
  type: "object",
  required: ["kind", "count", "ratio", "tags", "ref", "either", "both"],
  properties: {
    kind: { enum: ["a", "b"] },
    fixed: { const: "x" },
    count: { type: "integer", minimum: 1, maximum: 9 },
    ratio: { type: "number", exclusiveMinimum: 0, maximum: 1 },
    code: { type: "string", pattern: "^[A-Z]{2}[0-9]$" },
    name: { type: "string", minLength: 2, maxLength: 5 },
    when: { type: "string", format: "date-time" },
    day: { type: "string", format: "date" },
    mail: { type: "string", format: "email" },
    link: { type: "string", format: "uri" },
    tags: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 3 },
    ref: { $ref: "../common/defs.schema.json#/$defs/uuid" },
    either: { oneOf: [{ type: "string" }, { type: "integer" }] },
    both: {
      allOf: [
        { type: "object", required: ["a"], properties: { a: { type: "boolean" } } },
        { type: "object", required: ["b"], properties: { b: { type: "null" } } },
      ],
    },
    none: { type: ["string", "null"] },
  },
  additionalProperties: false,
};

test("the supported keyword subset, all in one schema", () => {
  const local = new ValidatorRegistry([...loadSchemas(), KITCHEN_SINK]);
  const id = `${TEST_BASE}kitchen-sink.schema.json`;
  fc.assert(
    fc.property(schemaArbitrary(id, local), (value) => local.validate(id, value).valid),
    { seed: 1, numRuns: 100 },
  );
  const names = schemaMutations(id, local).map((m) => m.name);
  expect(names).toEqual(
    expect.arrayContaining([
      "/count below its minimum",
      "/ratio at its exclusive minimum",
      "/code not matching its pattern",
      "/name longer than its maxLength",
      "/kind outside its enum",
      "/ref not a UUID",
      "/both/a dropped",
      "/fixed other than its const",
      "/mail not an email address",
      "/link not a URI",
      "/tags with fewer items than its minItems",
      "/tags with more items than its maxItems",
      "(root) with a property its schema does not allow",
    ]),
  );
  // Each of them, applied to a valid value, is invalid.
  fc.assert(
    fc.property(schemaArbitrary(id, local), fc.constantFrom(...schemaMutations(id, local)), (value, mutation) => {
      const variant = mutation.apply(value);
      fc.pre(variant !== undefined);
      expect(local.validate(id, variant!.body).valid, mutation.name).toBe(false);
    }),
    { seed: 11, numRuns: 300 },
  );
});

test.for([
  ["not", { not: { type: "string" } }],
  ["patternProperties", { type: "object", patternProperties: { "^x": {} } }],
  ["format ipv4", { type: "string", format: "ipv4" }],
] as const)("an unsupported keyword (%s) is reported with its location", ([keyword, schema]) => {
  const id = `${TEST_BASE}unsupported-${keyword.replace(/\W/g, "")}.schema.json`;
  const local = new ValidatorRegistry([...loadSchemas(), { $id: id, type: "object", properties: { field: schema } }]);
  expect(() => schemaArbitrary(id, local)).toThrow(UnsupportedSchemaError);
  expect(() => schemaArbitrary(id, local)).toThrow(
    new RegExp(`${keyword.split(" ")[0]}.*at ${id.replace(/[.]/g, "\\.")}/properties/field`),
  );
});

test("overrides pin a path to a fixture", () => {
  const arb = schemaArbitrary("card-api/limits-request.schema.json", registry, {
    "/object/value": fc.constant("FIXTURE"),
  });
  for (const value of fc.sample(arb, { seed: 3, numRuns: 20 }))
    expect((value as { object: { value: string } }).object.value).toBe("FIXTURE");
});

describe("multipleOf: whole steps within the bounds, written to the step's decimals", () => {
  const AMOUNTS: Array<[string, Record<string, unknown>]> = [
    ["a money amount of 100.00 to 5000.00 in cents", { type: "number", minimum: 100, maximum: 5000, multipleOf: 0.01 }],
    ["quarters above an exclusive 0", { type: "number", exclusiveMinimum: 0, maximum: 10, multipleOf: 0.25 }],
    ["even integers from 3 to 11", { type: "integer", minimum: 3, maximum: 11, multipleOf: 2 }],
    ["tenths with no bounds", { type: "number", multipleOf: 0.1 }],
  ];
  test.for(AMOUNTS)("%s", ([, schema]) => {
    const id = `${TEST_BASE}amount-${JSON.stringify(schema).length}.schema.json`;
    const local = new ValidatorRegistry([...loadSchemas(), { $id: id, ...schema }]);
    const step = schema.multipleOf as number;
    fc.assert(
      fc.property(schemaArbitrary(id, local), (value) => {
        expect(local.validate(id, value).valid).toBe(true);
        // Exactly representable as the step's decimals (no 45.410000000000004).
        const decimals = (String(step).split(".")[1] ?? "").length;
        expect(Number((value as number).toFixed(decimals))).toBe(value);
      }),
      { seed: 3, numRuns: 200 },
    );
  });
});
