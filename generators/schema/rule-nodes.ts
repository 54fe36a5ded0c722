/**
 * Where a value is drawn from when a declared rule needs a new one (obey.ts): the declared
 * schema's node that states the rule, merged with what the harness's own request schema says of
 * the same field — minus the reference sandbox's assumptions (`x-reference-only`), which the
 * target's declaration overrides — and kept only if the declared node accepts it.
 */
import type fc from "fast-check";
import type { JsonSchema, ValidatorRegistry } from "../../lib/validation/registry.ts";
import { REFERENCE_ONLY } from "../../lib/validation/reference-only.ts";
import { nodeArbitrary } from "./arbitrary.ts";
import { boundedFilter } from "./bounded-filter.ts";
import { child, merge, normalize, type Node } from "./walk.ts";

/** The schemas a drawn value answers to. */
export interface RuleSchemas {
  registry: ValidatorRegistry;
  /** $id of the declared schema in the registry. */
  id: string;
  /** $id of the harness's request schema of the operation, if it has one. */
  harness?: string;
}

/** A node of the declared schema, and the ref that validates a value against it (when it has one of its own). */
export interface DeclaredNode {
  node: Node;
  ref?: string;
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The declared node at a pointer ("#/properties/debit"), `$ref` and `allOf` merged in. */
export function declaredNode(s: RuleSchemas, pointer: string): DeclaredNode {
  const ref = `${s.id}${pointer}`;
  return { node: normalize({ ...s.registry.resolve(ref), where: pointer }, s.registry), ref };
}

/**
 * The declared schema of a property a `required` at `pointer` names: beside the `required`, or
 * — for a `required` inside an anyOf/oneOf/allOf branch or a then/else — beside the applicator.
 */
export function declaredProperty(s: RuleSchemas, pointer: string, name: string): DeclaredNode | undefined {
  let at = pointer;
  for (;;) {
    const { node } = declaredNode(s, at);
    const raw = s.registry.resolve(`${s.id}${at}`).schema.properties as JsonSchema | undefined;
    const property = (node.schema.properties as JsonSchema | undefined)?.[name];
    if (property !== undefined) {
      const own = raw?.[name] !== undefined ? `${s.id}${at}/properties/${escapePointer(name)}` : undefined;
      return { node: child(node, property, `properties/${name}`), ...(own ? { ref: own } : {}) };
    }
    const up = /^(.*)\/(?:anyOf|oneOf|allOf)\/\d+$/.exec(at) ?? /^(.*)\/(?:then|else)$/.exec(at);
    if (!up) return undefined;
    at = up[1]!;
  }
}

/** What the harness's request schema says of the value at a path (undefined: it does not describe it). */
export function harnessNode(s: RuleSchemas, path: readonly string[]): Node | undefined {
  if (!s.harness) return undefined;
  let node = normalize({ ...s.registry.resolve(s.harness), where: s.harness }, s.registry);
  for (const key of path) {
    const { schema } = node;
    const next = /^\d+$/.test(key) && schema.items ? schema.items : (schema.properties as JsonSchema)?.[key];
    if (next === undefined || next === false) return undefined;
    node = normalize(child(node, next, key), s.registry);
  }
  return node;
}

/** A declared form replaces the harness's: a declared pattern or format drops the harness's pattern and format. */
const FORM = ["pattern", "format"];

/**
 * The harness's node without what the declaration overrides: the keywords it marks as the
 * reference sandbox's assumptions, and its string form where the declared node states one.
 */
function underDeclared(node: Node, declared: Node | undefined): Node {
  const assumed = Array.isArray(node.schema[REFERENCE_ONLY]) ? (node.schema[REFERENCE_ONLY] as string[]) : [];
  const formDeclared = declared !== undefined && FORM.some((k) => k in declared.schema);
  const schema = Object.fromEntries(
    Object.entries(node.schema).filter(
      ([k]) => k !== REFERENCE_ONLY && !assumed.includes(k) && !(formDeclared && FORM.includes(k)),
    ),
  );
  return { ...node, schema };
}

/**
 * Values for a field from both schemas, kept when the declared node accepts them; NO_VALUE after
 * a hundred draws that it does not. Throws when nothing can be drawn (fast-check's own error).
 */
export function drawFor(s: RuleSchemas, harness: Node | undefined, declared: DeclaredNode | undefined) {
  const parts = [harness && underDeclared(harness, declared?.node), declared?.node].filter(
    (n): n is Node => n !== undefined,
  );
  const node = parts.length === 2 ? merge(parts[0]!, parts[1]!) : parts[0]!;
  const ref = declared?.ref;
  return boundedFilter(nodeArbitrary(node, s.registry), (v) => !ref || s.registry.validate(ref, v).valid);
}

/** The values a declaration gives a field the harness does not know (const, enum, examples, default). */
export function givenValues(schema: JsonSchema | undefined): unknown[] | undefined {
  if (!schema) return undefined;
  if ("const" in schema) return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples;
  return "default" in schema ? [schema.default] : undefined;
}

export type Drawn = ReturnType<typeof drawFor> | fc.Arbitrary<unknown>;
