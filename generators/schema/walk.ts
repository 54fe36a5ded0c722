/**
 * Reading a JSON Schema for generation: the keyword subset the generators support, `$ref`
 * resolution through the one validator registry, and `allOf` merged into one node. A keyword
 * outside the subset is reported, never silently ignored.
 */
import type { JsonSchema, ValidatorRegistry } from "../../lib/validation/registry.ts";
import { REFERENCE_ONLY } from "../../lib/validation/reference-only.ts";

export const SUPPORTED_KEYWORDS = new Set([
  "$schema",
  "$anchor",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$id",
  "$defs",
  "$comment",
  "title",
  "description",
  "examples",
  "default",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "enum",
  "const",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "items",
  "minItems",
  "maxItems",
  "$ref",
  "anyOf",
  "oneOf",
  "allOf",
  REFERENCE_ONLY,
]);

export const SUPPORTED_FORMATS = new Set(["uuid", "date", "date-time", "iso-date-time", "email", "uri"]);

export class UnsupportedSchemaError extends Error {
  override name = "UnsupportedSchemaError";
}

/** A schema node with the `$id` of its document, for resolving the references inside it. */
export interface Node {
  schema: JsonSchema;
  baseId: string;
  where: string;
}

function checkKeywords(node: Node): void {
  for (const key of Object.keys(node.schema)) {
    if (!SUPPORTED_KEYWORDS.has(key)) throw new UnsupportedSchemaError(`unsupported keyword "${key}" at ${node.where}`);
  }
  const format = node.schema.format;
  if (typeof format === "string" && !SUPPORTED_FORMATS.has(format)) {
    throw new UnsupportedSchemaError(`unsupported format "${format}" at ${node.where}`);
  }
}

/** Follows `$ref` (keeping sibling keywords) and merges `allOf`, until neither is left at the top. */
export function normalize(node: Node, registry: ValidatorRegistry): Node {
  checkKeywords(node);
  const { $ref, allOf, ...rest } = node.schema;
  let current: Node = { ...node, schema: rest };
  if (typeof $ref === "string") {
    const target = registry.resolve($ref, node.baseId);
    current = merge(
      normalize(
        { ...target, where: `${target.baseId}${$ref.includes("#") ? `#${$ref.split("#")[1]}` : ""}` },
        registry,
      ),
      current,
    );
  }
  if (Array.isArray(allOf)) {
    for (const [i, part] of allOf.entries()) {
      current = merge(
        current,
        normalize({ schema: part as JsonSchema, baseId: node.baseId, where: `${node.where}/allOf/${i}` }, registry),
      );
    }
  }
  return current;
}

/** Both schemas at once: properties merged (as allOf of both where they overlap), required united. */
export function merge(a: Node, b: Node): Node {
  const sa = rebase(a.schema, a);
  const sb = rebase(b.schema, b);
  const schema: JsonSchema = { ...sa, ...sb };
  if (sa.properties || sb.properties) {
    const pa = (sa.properties ?? {}) as Record<string, unknown>;
    const pb = (sb.properties ?? {}) as Record<string, unknown>;
    const properties: Record<string, unknown> = { ...pa, ...pb };
    for (const key of Object.keys(pa)) {
      if (key in pb && pa[key] !== true && pb[key] !== true) properties[key] = { allOf: [pa[key], pb[key]] };
      else if (pb[key] === true) properties[key] = pa[key];
    }
    schema.properties = properties;
  }
  const required = new Set([...((sa.required as string[]) ?? []), ...((sb.required as string[]) ?? [])]);
  if (required.size) schema.required = [...required];
  return { schema, baseId: a.baseId, where: a.where };
}

/**
 * A sub-schema taken out of its document keeps working elsewhere: its relative `$ref`s are made
 * absolute against the document it came from.
 */
function rebase(schema: JsonSchema, from: Node): JsonSchema {
  if (typeof schema !== "object" || schema === null) return schema;
  if (Array.isArray(schema)) return schema.map((s) => rebase(s as JsonSchema, from)) as unknown as JsonSchema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) {
    out[k] =
      k === "$ref" && typeof v === "string"
        ? new URL(v, from.baseId).href
        : typeof v === "object" && v !== null && k !== "enum" && k !== "const"
          ? rebase(v as JsonSchema, from)
          : v;
  }
  return out;
}

/** The node of a child keyword (a property, the items), in the same document. */
export function child(node: Node, schema: unknown, suffix: string): Node {
  return {
    schema: (schema === true ? {} : schema) as JsonSchema,
    baseId: node.baseId,
    where: `${node.where}/${suffix}`,
  };
}

/** The JSON types a node admits: declared, or inferred from its keywords. */
export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === "string") return [schema.type];
  if (schema.properties || schema.required) return ["object"];
  if (schema.items) return ["array"];
  if (schema.pattern || schema.format || schema.minLength !== undefined || schema.maxLength !== undefined)
    return ["string"];
  if (["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].some((k) => k in schema)) return ["number"];
  return [];
}
