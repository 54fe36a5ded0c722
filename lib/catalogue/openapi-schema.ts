/**
 * An OpenAPI Schema Object as JSON Schema 2020-12, the dialect of the validator registry and the
 * generators. OpenAPI 3.1's schemas are 2020-12 already, but for the annotations OpenAPI adds;
 * 3.0's dialect differs: `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`, `example`,
 * and formats that only describe storage (int32, int64, float, double, password). Every other
 * keyword is kept as it is, so one the generators cannot honour is refused at start, where it is.
 */
type Json = Record<string, unknown>;

export type Dialect = "3.0" | "3.1";

/** Which body a schema describes: OpenAPI's readOnly and writeOnly mean something only there. */
export type Side = "request" | "response";

/** A construct that cannot be converted, at a JSON pointer of the document. */
export class SchemaConversionError extends Error {
  override name = "SchemaConversionError";
  constructor(
    readonly pointer: string,
    what: string,
  ) {
    super(`${what} at ${pointer}`);
  }
}

/** OpenAPI's own annotations on a schema: they never change what is valid. */
const OPENAPI_ANNOTATIONS = new Set(["discriminator", "xml", "externalDocs"]);

/** The harness's own annotation, kept (the registry knows it): a keyword the spec does not state. */
const KEPT_EXTENSIONS = new Set(["x-reference-only"]);

/** Subschema keywords: a map of schemas, one schema, or a list of schemas. */
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "dependentSchemas"];
const SCHEMA_ONE = ["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];

const INT32 = { minimum: -2147483648, maximum: 2147483647 };

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** 3.0's storage formats: int32 becomes its bounds, the others say nothing a value can break. */
function convertFormat(out: Json): void {
  const format = out.format;
  if (format === "int32") {
    for (const [k, v] of Object.entries(INT32))
      if (!(k in out) && !(`exclusive${k[0]!.toUpperCase()}${k.slice(1)}` in out)) out[k] = v;
    delete out.format;
  } else if (format === "int64" || format === "float" || format === "double" || format === "password") {
    delete out.format;
  }
}

/** 3.0's boolean exclusive bounds: `minimum: 0, exclusiveMinimum: true` is 2020-12's `exclusiveMinimum: 0`. */
function convertExclusive(out: Json, bound: "minimum" | "maximum"): void {
  const key = bound === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum";
  if (typeof out[key] !== "boolean") return;
  if (out[key] === true && typeof out[bound] === "number") {
    out[key] = out[bound];
    delete out[bound];
  } else delete out[key];
}

/** 3.0's `nullable: true`: null joins the types (and the enum, which would otherwise refuse it). */
function convertNullable(out: Json, pointer: string): Json {
  const nullable = out.nullable;
  delete out.nullable;
  if (nullable !== true) return out;
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (typeof out.type === "string") out.type = [out.type, "null"];
  else if (Array.isArray(out.type)) out.type = out.type.includes("null") ? out.type : [...out.type, "null"];
  else if (out.allOf || out.anyOf || out.oneOf || out.$ref) return { anyOf: [out, { type: "null" }] };
  else if (Object.keys(out).length === 0) return out;
  else if (!("enum" in out)) throw new SchemaConversionError(pointer, `"nullable" without "type"`);
  return out;
}

/**
 * OpenAPI's readOnly and writeOnly: a readOnly property is not sent in a request (and its
 * `required` holds for the answer only); a writeOnly one is not required of an answer.
 */
function forSide(out: Json, original: Json, side: Side | undefined): void {
  const properties = original.properties;
  if (!side || !out.properties || !properties || typeof properties !== "object") return;
  const flag = side === "request" ? "readOnly" : "writeOnly";
  const hidden = Object.keys(properties).filter((k) => ((properties as Json)[k] as Json | undefined)?.[flag] === true);
  if (!hidden.length) return;
  if (side === "request")
    out.properties = Object.fromEntries(Object.entries(out.properties as Json).filter(([k]) => !hidden.includes(k)));
  if (Array.isArray(out.required)) out.required = out.required.filter((name) => !hidden.includes(name as string));
}

/** Converts one schema (recursively); `pointer` is where it is in the document, `side` the body it describes. */
export function toJsonSchema(
  schema: unknown,
  pointer: string,
  dialect: Dialect,
  side?: Side,
  seen: object[] = [],
): Json {
  if (typeof schema === "boolean") return schema ? {} : { not: {} };
  if (!schema || typeof schema !== "object" || Array.isArray(schema))
    throw new SchemaConversionError(pointer, "a schema that is not an object");
  if (seen.includes(schema)) throw new SchemaConversionError(pointer, "a circular $ref");
  const path = [...seen, schema];
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    const at = `${pointer}/${escape(key)}`;
    if (key === "$ref") throw new SchemaConversionError(pointer, `a circular $ref (${String(value)})`);
    if (OPENAPI_ANNOTATIONS.has(key)) continue;
    if (key === "x-format" && typeof value === "string" && !("format" in (schema as Json))) out.format = value;
    else if (key.startsWith("x-") && !KEPT_EXTENSIONS.has(key)) continue;
    else if (key === "example") out.examples ??= [value];
    else if (SCHEMA_MAPS.includes(key) && value && typeof value === "object")
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([k, v]) => [k, toJsonSchema(v, `${at}/${escape(k)}`, dialect, side, path)]),
      );
    else if (SCHEMA_ONE.includes(key) && value && typeof value === "object" && !Array.isArray(value))
      out[key] = toJsonSchema(value, at, dialect, side, path);
    else if (SCHEMA_LISTS.includes(key) && Array.isArray(value))
      out[key] = value.map((v, i) => toJsonSchema(v, `${at}/${i}`, dialect, side, path));
    else out[key] = value;
  }
  // Storage formats and readOnly/writeOnly are OpenAPI's in both versions; the rest of 3.1 is 2020-12 as it is.
  convertFormat(out);
  forSide(out, schema as Json, side);
  if (dialect === "3.1") return out;
  convertExclusive(out, "minimum");
  convertExclusive(out, "maximum");
  return convertNullable(out, pointer);
}
