/**
 * Invalid variants derived from a request schema, one named mutation each: every required field
 * dropped, every field of the wrong type, every bound and pattern broken. Applied to a valid
 * value, each yields a request the schema rejects — the table the negative checks draw from.
 * Each states its basis: a keyword the schema lists under `x-reference-only` (an assumed
 * required field, bound or pattern: lib/validation/reference-only.ts) is `reference`; any other
 * keyword has the basis of the schema itself (`spec` for schemas/, `declared` for a partner's).
 */
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import { type JsonSchema, type ValidatorRegistry } from "../../lib/validation/registry.ts";
import { editAt, getAt, pathText, type Path } from "./pointer.ts";
import { child, normalize, type Node } from "./walk.ts";

import type { RequestVariant } from "../../lib/http/target.ts";
import type { Basis } from "../../lib/checks/types.ts";
import { keywordBasis, type KeywordBasis } from "./keyword-basis.ts";
import { noRequiredSet } from "./required-sets.ts";

export type { RequestVariant } from "../../lib/http/target.ts";

export interface Mutation {
  name: string;
  /** What says this variant is invalid: the spec, the target's declaration, or only the reference sandbox. */
  basis: Basis;
  /** The rule it breaks, named in a failure (e.g. "required of /debit/account in card-api/party.schema.json"). */
  rule: string;
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

function replaceWith(path: Path, value: unknown, name: string, kb: KeywordBasis, keyword: string): Mutation {
  return {
    name,
    ...kb.of(keyword),
    apply: (valid) => (getAt(valid, path) === undefined ? undefined : wrap(editAt(valid, path, value))),
  };
}

function wrap(body: unknown): RequestVariant | undefined {
  return body === undefined ? undefined : { body };
}

/**
 * A short string the pattern does not match, read as JSON Schema reads it (unanchored, ECMA-262
 * with the u flag): the first of a fixed list; none (a pattern such as ".*") gives no row.
 */
function nonMatching(pattern: string): string | undefined {
  const re = new RegExp(pattern, "u");
  return ["", "!", "zz", "0", "-1", "Ω", "not matching", "\u0000"].find((c) => !re.test(c));
}

function boundMutations(schema: JsonSchema, path: Path, kb: KeywordBasis): Mutation[] {
  const at = pathText(path);
  const out: Mutation[] = [];
  const replaceAt = (p: Path, value: unknown, name: string, keyword: string) =>
    replaceWith(p, value, name, kb, keyword);
  const num = (k: string) => (typeof schema[k] === "number" ? (schema[k] as number) : undefined);
  if (num("minimum") !== undefined)
    out.push(replaceAt(path, num("minimum")! - 1, `${at} below its minimum`, "minimum"));
  if (num("exclusiveMinimum") !== undefined)
    out.push(replaceAt(path, num("exclusiveMinimum"), `${at} at its exclusive minimum`, "exclusiveMinimum"));
  if (num("maximum") !== undefined)
    out.push(replaceAt(path, num("maximum")! + 1, `${at} above its maximum`, "maximum"));
  if (num("exclusiveMaximum") !== undefined)
    out.push(replaceAt(path, num("exclusiveMaximum"), `${at} at its exclusive maximum`, "exclusiveMaximum"));
  if (num("minLength")) out.push(replaceAt(path, "", `${at} shorter than its minLength`, "minLength"));
  if (num("maxLength") !== undefined)
    out.push(replaceAt(path, "x".repeat(num("maxLength")! + 1), `${at} longer than its maxLength`, "maxLength"));
  const unmatched = typeof schema.pattern === "string" ? nonMatching(schema.pattern) : undefined;
  if (unmatched !== undefined) out.push(replaceAt(path, unmatched, `${at} not matching its pattern`, "pattern"));
  if (schema.format === "uuid") out.push(replaceAt(path, "not-a-uuid", `${at} not a UUID`, "format"));
  if (typeof schema.format === "string" && schema.format.includes("date"))
    out.push(replaceAt(path, "not-a-date", `${at} not a date`, "format"));
  if (Array.isArray(schema.enum)) out.push(replaceAt(path, "not-in-enum", `${at} outside its enum`, "enum"));
  if ("const" in schema) out.push(replaceAt(path, otherThan(schema.const), `${at} other than its const`, "const"));
  if (schema.format === "email") out.push(replaceAt(path, "not-an-email", `${at} not an email address`, "format"));
  if (schema.format === "uri") out.push(replaceAt(path, "not a uri", `${at} not a URI`, "format"));
  if (num("minItems")) out.push(replaceAt(path, [], `${at} with fewer items than its minItems`, "minItems"));
  const maxItems = num("maxItems");
  if (maxItems !== undefined)
    out.push(
      editArray(
        path,
        (items) => Array.from({ length: maxItems + 1 }, () => items[0]),
        `${at} with more items than its maxItems`,
        kb.of("maxItems"),
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
function editArray(
  path: Path,
  rewrite: (items: unknown[]) => unknown[],
  name: string,
  basis: { basis: Basis; rule: string },
): Mutation {
  return {
    name,
    ...basis,
    apply: (valid) => {
      const items = getAt(valid, path);
      return Array.isArray(items) && items.length ? wrap(editAt(valid, path, rewrite(items))) : undefined;
    },
  };
}

/** An object that admits no other properties gets one. */
function extraProperty(path: Path, kb: KeywordBasis): Mutation {
  return {
    name: `${pathText(path)} with a property its schema does not allow`,
    ...kb.of("additionalProperties"),
    apply: (valid) => {
      const object = path.length ? getAt(valid, path) : valid;
      if (!object || typeof object !== "object" || Array.isArray(object)) return undefined;
      const widened = { ...(object as Record<string, unknown>), unexpected_property: "x" };
      return wrap(path.length ? editAt(valid, path, widened) : widened);
    },
  };
}

function walk(raw: Node, path: Path, registry: ValidatorRegistry, base: Basis, out: Mutation[]): void {
  const node = normalize(raw, registry);
  const { schema } = node;
  const kb = keywordBasis(schema, node.where, base, path);
  // Only a stated type is broken: a keyword such as pattern says nothing of other types (a number matches any pattern).
  const stated = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === "string"
      ? [schema.type]
      : [];
  const wrong = stated.length ? wrongTypeValue(stated) : undefined;
  if (wrong && path.length)
    out.push(replaceWith(path, wrong[1], `${pathText(path)} of the wrong type (${wrong[0]})`, kb, "type"));
  if (path.length) out.push(...boundMutations(schema, path, kb));
  if (schema.additionalProperties === false) out.push(extraProperty(path, kb));
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  for (const key of (schema.required ?? []) as string[]) {
    const at = [...path, key];
    out.push({
      name: `${pathText(at)} dropped`,
      ...kb.of("required"),
      apply: (valid) => wrap(editAt(valid, at, undefined, true)),
    });
  }
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const breaker = noRequiredSet(path, keyword, schema[keyword]);
    if (breaker) out.push({ name: breaker.name, ...kb.of(keyword), apply: (valid) => wrap(breaker.apply(valid)) });
  }
  for (const [key, sub] of Object.entries(properties)) {
    if (sub !== true) walk(child(node, sub, `properties/${key}`), [...path, key], registry, base, out);
  }
  if (schema.items && typeof schema.items === "object")
    walk(child(node, schema.items, "items"), [...path, "*"], registry, base, out);
}

/**
 * The mutations of a request schema. `base` is what the schema itself is: `spec` for the harness's
 * transcription of the spec (schemas/), `declared` for a schema the partner supplies
 * (CLIENT_DATA_FILE, an added operation); keywords marked `x-reference-only` are `reference`.
 */
export function schemaMutations(ref: string, registry: ValidatorRegistry, base: Basis = "spec"): Mutation[] {
  const id = new URL(ref, SCHEMA_BASE).href;
  const out: Mutation[] = [];
  walk({ ...registry.resolve(id), where: id }, [], registry, base, out);
  return out;
}

/** Mutations that break the request below the schema: the JSON itself, the media type. */
export const TRANSPORT_MUTATIONS: Mutation[] = [
  {
    name: "malformed JSON (truncated body)",
    basis: "spec",
    rule: "§4: request bodies are JSON",
    apply: (valid) => ({ rawBody: JSON.stringify(valid).slice(0, -1) }),
  },
  {
    name: "body is a JSON array",
    basis: "spec",
    rule: "§2: the request body is an object of the fields shown",
    apply: (valid) => ({ body: [valid] }),
  },
  {
    // A server may read JSON whatever the declared media type: the spec does not say it must refuse.
    name: "Content-Type text/plain",
    basis: "reference",
    rule: "a request declared as text/plain is refused (the reference's choice)",
    apply: (valid) => ({ body: valid, headers: { "Content-Type": "text/plain" } }),
  },
];
