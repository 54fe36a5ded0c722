/** OpenAPI 3.0's schema dialect converted faithfully to JSON Schema 2020-12; 3.1's kept as it is. */
import { describe, expect, test } from "vitest";
import { SchemaConversionError, toJsonSchema } from "../../lib/catalogue/openapi-schema.ts";

const v30 = (schema: unknown) => toJsonSchema(schema, "#/s", "3.0");

describe("OpenAPI 3.0 → 2020-12", () => {
  test.for([
    ["nullable joins the type", { type: "string", nullable: true }, { type: ["string", "null"] }],
    [
      "nullable joins an enum",
      { type: "string", enum: ["a"], nullable: true },
      { type: ["string", "null"], enum: ["a", null] },
    ],
    ["nullable: false says nothing", { type: "string", nullable: false }, { type: "string" }],
    [
      "nullable over a composition",
      { allOf: [{ type: "string" }], nullable: true },
      { anyOf: [{ allOf: [{ type: "string" }] }, { type: "null" }] },
    ],
    [
      "exclusiveMinimum: true",
      { type: "number", minimum: 0, exclusiveMinimum: true },
      { type: "number", exclusiveMinimum: 0 },
    ],
    [
      "exclusiveMaximum: false",
      { type: "number", maximum: 9, exclusiveMaximum: false },
      { type: "number", maximum: 9 },
    ],
    ["example becomes examples", { type: "string", example: "x" }, { type: "string", examples: ["x"] }],
    [
      "int32 becomes its bounds",
      { type: "integer", format: "int32" },
      { type: "integer", minimum: -2147483648, maximum: 2147483647 },
    ],
    [
      "int32 keeps a bound of its own",
      { type: "integer", format: "int32", minimum: 1 },
      { type: "integer", minimum: 1, maximum: 2147483647 },
    ],
    [
      "int64, double and password say nothing",
      {
        type: "object",
        properties: {
          a: { type: "integer", format: "int64" },
          b: { type: "number", format: "double" },
          c: { type: "string", format: "password" },
        },
      },
      { type: "object", properties: { a: { type: "integer" }, b: { type: "number" }, c: { type: "string" } } },
    ],
    [
      "OpenAPI's annotations and extensions dropped",
      { "type": "object", "discriminator": { propertyName: "k" }, "xml": {}, "externalDocs": {}, "x-partner": 1 },
      { type: "object" },
    ],
    [
      "x-format of the export is the format",
      { "type": "string", "x-format": "iso-date-time", "pattern": "^x" },
      { type: "string", format: "iso-date-time", pattern: "^x" },
    ],
    [
      "x-reference-only is kept",
      { "type": "object", "required": ["a"], "x-reference-only": ["required"] },
      { "type": "object", "required": ["a"], "x-reference-only": ["required"] },
    ],
    [
      "nested: items, properties, anyOf",
      { type: "array", items: { anyOf: [{ type: "string", nullable: true }] } },
      { type: "array", items: { anyOf: [{ type: ["string", "null"] }] } },
    ],
  ] as const)("%s", ([, input, output]) => {
    expect(v30(input)).toEqual(output);
  });

  test("an unknown keyword is kept, for the generators to refuse where it is", () => {
    expect(v30({ type: "string", not: { const: "x" } })).toEqual({ type: "string", not: { const: "x" } });
  });

  test("a circular $ref (left by the parser) and nullable without a type are refused with their pointer", () => {
    expect(() => v30({ type: "object", properties: { next: { $ref: "#/components/schemas/Node" } } })).toThrow(
      new SchemaConversionError("#/s/properties/next", "a circular $ref (#/components/schemas/Node)"),
    );
    expect(() => v30({ minLength: 1, nullable: true })).toThrow(/"nullable" without "type" at #\/s/);
  });
});

describe("readOnly and writeOnly, both versions", () => {
  const schema = {
    type: "object",
    additionalProperties: false,
    required: ["id", "name", "secret"],
    properties: {
      id: { type: "string", readOnly: true },
      name: { type: "string" },
      secret: { type: "string", writeOnly: true },
    },
  };

  test("a request does not send a readOnly property; an answer need not carry a writeOnly one", () => {
    const request = toJsonSchema(schema, "#", "3.0", "request");
    expect(request.properties).toEqual({ name: { type: "string" }, secret: { type: "string", writeOnly: true } });
    expect(request.required).toEqual(["name", "secret"]);
    const response = toJsonSchema(schema, "#", "3.1", "response");
    expect(Object.keys(response.properties as object)).toEqual(["id", "name", "secret"]);
    expect(response.required).toEqual(["id", "name"]);
  });
});

describe("OpenAPI 3.1", () => {
  test("its schemas are 2020-12: kept, but for example and the storage formats", () => {
    const schema = { type: ["integer", "null"], exclusiveMinimum: 0, format: "int64", example: 3 };
    expect(toJsonSchema(schema, "#", "3.1")).toEqual({ type: ["integer", "null"], exclusiveMinimum: 0, examples: [3] });
  });

  test("nullable is not 3.1's: kept, and so refused by the generators", () => {
    expect(toJsonSchema({ type: "string", nullable: true }, "#", "3.1")).toEqual({ type: "string", nullable: true });
  });
});
