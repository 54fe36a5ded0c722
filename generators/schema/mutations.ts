/**
 * Invalid variants derived from a request schema, one named mutation each: every required field
 * dropped, every field of the wrong type, every bound and pattern broken. Applied to a valid
 * value, each yields a request the schema rejects — the table the negative checks draw from.
 */
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import { type JsonSchema, type ValidatorRegistry } from "../../lib/validation/registry.ts";
import { editAt, getAt, pathText, type Path } from "./pointer.ts";
import { child, normalize, typesOf, type Node } from "./walk.ts";

import type { RequestVariant } from "../../lib/http/target.ts";

export type { RequestVariant } from "../../lib/http/target.ts";

export interface Mutation {
  name: string;
  /** The invalid variant of a valid value, or undefined when the mutation does not apply to it. */
  apply(valid: unknown): RequestVariant | undefined;
  /** Applies to the value before the operation seals it (e.g. the client data inside encrypted_data). */
  beforeSeal?: boolean;
}

/** Replacement values by their JSON type, tried in order: a number where text is due, and so on. */
const WRONG_TYPE_VALUES: Array<[string, unknown]> = [
  ["number", 12345],
  ["string", "12.50"],
  ["boolean", true],
  ["object", { unexpected: 1 }],
  ["array", ["unexpected"]],
  ["null", null],
];

function wrongTypeValue(types: string[]): [string, unknown] | undefined {
  const admitted = new Set(types.flatMap((t) => (t === "integer" ? ["number"] : [t])));
  return WRONG_TYPE_VALUES.find(([type]) => !admitted.has(type));
}

function replaceAt(path: Path, value: unknown, name: string): Mutation {
  return { name, apply: (valid) => (getAt(valid, path) === undefined ? undefined : wrap(editAt(valid, path, value))) };
}

function wrap(body: unknown): RequestVariant | undefined {
  return body === undefined ? undefined : { body };
}

function nonMatching(pattern: string): string {
  const re = new RegExp(pattern, "u");
  return ["", "!", "zz", "0", "-1", "Ω", "not matching"].find((c) => !re.test(c)) ?? "\u0000";
}

function boundMutations(schema: JsonSchema, path: Path): Mutation[] {
  const at = pathText(path);
  const out: Mutation[] = [];
  const num = (k: string) => (typeof schema[k] === "number" ? (schema[k] as number) : undefined);
  if (num("minimum") !== undefined) out.push(replaceAt(path, num("minimum")! - 1, `${at} below its minimum`));
  if (num("exclusiveMinimum") !== undefined)
    out.push(replaceAt(path, num("exclusiveMinimum"), `${at} at its exclusive minimum`));
  if (num("maximum") !== undefined) out.push(replaceAt(path, num("maximum")! + 1, `${at} above its maximum`));
  if (num("exclusiveMaximum") !== undefined)
    out.push(replaceAt(path, num("exclusiveMaximum"), `${at} at its exclusive maximum`));
  if (num("minLength")) out.push(replaceAt(path, "", `${at} shorter than its minLength`));
  if (num("maxLength") !== undefined)
    out.push(replaceAt(path, "x".repeat(num("maxLength")! + 1), `${at} longer than its maxLength`));
  if (typeof schema.pattern === "string")
    out.push(replaceAt(path, nonMatching(schema.pattern), `${at} not matching its pattern`));
  if (schema.format === "uuid") out.push(replaceAt(path, "not-a-uuid", `${at} not a UUID`));
  if (typeof schema.format === "string" && schema.format.includes("date"))
    out.push(replaceAt(path, "not-a-date", `${at} not a date`));
  if (Array.isArray(schema.enum)) out.push(replaceAt(path, "not-in-enum", `${at} outside its enum`));
  if ("const" in schema) out.push(replaceAt(path, otherThan(schema.const), `${at} other than its const`));
  if (schema.format === "email") out.push(replaceAt(path, "not-an-email", `${at} not an email address`));
  if (schema.format === "uri") out.push(replaceAt(path, "not a uri", `${at} not a URI`));
  if (num("minItems")) out.push(replaceAt(path, [], `${at} with fewer items than its minItems`));
  const maxItems = num("maxItems");
  if (maxItems !== undefined)
    out.push(
      editArray(
        path,
        (items) => Array.from({ length: maxItems + 1 }, () => items[0]),
        `${at} with more items than its maxItems`,
      ),
    );
  return out;
}

/** A value of the same kind that differs from a const. */
function otherThan(value: unknown): unknown {
  if (typeof value === "string") return `${value}-other`;
  if (typeof value === "number") return value + 1;
  return typeof value === "boolean" ? !value : "other";
}

/** Rewrites the (non-empty) array at a path. */
function editArray(path: Path, rewrite: (items: unknown[]) => unknown[], name: string): Mutation {
  return {
    name,
    apply: (valid) => {
      const items = getAt(valid, path);
      return Array.isArray(items) && items.length ? wrap(editAt(valid, path, rewrite(items))) : undefined;
    },
  };
}

/** An object that admits no other properties gets one. */
function extraProperty(path: Path): Mutation {
  return {
    name: `${pathText(path)} with a property its schema does not allow`,
    apply: (valid) => {
      const object = path.length ? getAt(valid, path) : valid;
      if (!object || typeof object !== "object" || Array.isArray(object)) return undefined;
      const widened = { ...(object as Record<string, unknown>), unexpected_property: "x" };
      return wrap(path.length ? editAt(valid, path, widened) : widened);
    },
  };
}

function walk(raw: Node, path: Path, registry: ValidatorRegistry, out: Mutation[]): void {
  const node = normalize(raw, registry);
  const { schema } = node;
  const types = typesOf(schema);
  const wrong = types.length ? wrongTypeValue(types) : undefined;
  if (wrong && path.length) out.push(replaceAt(path, wrong[1], `${pathText(path)} of the wrong type (${wrong[0]})`));
  if (path.length) out.push(...boundMutations(schema, path));
  if (schema.additionalProperties === false) out.push(extraProperty(path));
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  for (const key of (schema.required ?? []) as string[]) {
    const at = [...path, key];
    out.push({ name: `${pathText(at)} dropped`, apply: (valid) => wrap(editAt(valid, at, undefined, true)) });
  }
  for (const [key, sub] of Object.entries(properties)) {
    if (sub !== true) walk(child(node, sub, `properties/${key}`), [...path, key], registry, out);
  }
  if (schema.items && typeof schema.items === "object")
    walk(child(node, schema.items, "items"), [...path, "*"], registry, out);
}

export function schemaMutations(ref: string, registry: ValidatorRegistry): Mutation[] {
  const id = new URL(ref, SCHEMA_BASE).href;
  const out: Mutation[] = [];
  walk({ ...registry.resolve(id), where: id }, [], registry, out);
  return out;
}

/** Mutations that break the request below the schema: the JSON itself, the media type. */
export const TRANSPORT_MUTATIONS: Mutation[] = [
  { name: "malformed JSON (truncated body)", apply: (valid) => ({ rawBody: JSON.stringify(valid).slice(0, -1) }) },
  { name: "body is a JSON array", apply: (valid) => ({ body: [valid] }) },
  { name: "Content-Type text/plain", apply: (valid) => ({ body: valid, headers: { "Content-Type": "text/plain" } }) },
];
