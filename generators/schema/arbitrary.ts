/**
 * fast-check arbitraries derived from a JSON Schema (the subset in walk.ts): valid by construction
 * where the keywords allow it, with semantic overrides by instance path (a PAN that passes Luhn,
 * the fixture card, a KZT amount). `oneOf` and pattern-plus-length combinations are checked
 * against the schema itself, so every value produced validates.
 */
import fc from "fast-check";
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import { type JsonSchema, type ValidatorRegistry } from "../../lib/validation/registry.ts";
import { offsetMinutes } from "../../lib/time/iso.ts";
import { boundedFilter } from "./bounded-filter.ts";
import { child, normalize, typesOf, UnsupportedSchemaError, type Node } from "./walk.ts";

export type Overrides = Record<string, fc.Arbitrary<unknown>>;

interface Build {
  registry: ValidatorRegistry;
  overrides: Overrides;
}

const MAX_ITEMS_EXTRA = 3;
const DEFAULT_MAX_LENGTH = 24;

/**
 * Arbitrary of valid instances of a schema (id relative to schemas/ or absolute). Overrides must
 * themselves produce valid values: the final safety-net filter would otherwise reject every value.
 */
export function schemaArbitrary(
  ref: string,
  registry: ValidatorRegistry,
  overrides: Overrides = {},
): fc.Arbitrary<unknown> {
  const id = new URL(ref, SCHEMA_BASE).href;
  const { schema, baseId } = registry.resolve(id);
  const arb = build({ schema, baseId, where: id }, "", { registry, overrides });
  // A safety net, not the generator: only oneOf overlaps and pattern/length mixes can be filtered.
  return boundedFilter(arb, (value) => registry.validate(id, value).valid);
}

/**
 * Arbitrary of one schema node (a declared rule's node merged with the harness's), unfiltered: the
 * caller judges the values (generators/schema/obey.ts). Throws UnsupportedSchemaError, or fast-check's
 * own error for a pattern it cannot generate from (a lookahead, a backreference).
 */
export function nodeArbitrary(node: Node, registry: ValidatorRegistry): fc.Arbitrary<unknown> {
  return build(node, "", { registry, overrides: {} });
}

function build(raw: Node, path: string, ctx: Build): fc.Arbitrary<unknown> {
  const override = ctx.overrides[path];
  if (override) return override;
  const node = normalize(raw, ctx.registry);
  const { schema } = node;
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (branches) {
    const { oneOf: _o, anyOf: _a, ...base } = schema;
    const key = schema.oneOf ? "oneOf" : "anyOf";
    return fc.oneof(
      ...branches.map((b, i) =>
        build({ schema: { allOf: [base, b] }, baseId: node.baseId, where: `${node.where}/${key}/${i}` }, path, ctx),
      ),
    );
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 1 });
  return fc.oneof(...types.map((type) => byType(type, node, path, ctx)));
}

function byType(type: string, node: Node, path: string, ctx: Build): fc.Arbitrary<unknown> {
  switch (type) {
    case "object":
      return objectArbitrary(node, path, ctx);
    case "array":
      return arrayArbitrary(node, path, ctx);
    case "string":
      return stringArbitrary(node.schema);
    case "integer":
      return integerArbitrary(node.schema);
    case "number":
      return numberArbitrary(node.schema);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      throw new UnsupportedSchemaError(`unsupported type "${type}" at ${node.where}`);
  }
}

function objectArbitrary(node: Node, path: string, ctx: Build): fc.Arbitrary<unknown> {
  const properties = (node.schema.properties ?? {}) as Record<string, unknown>;
  const required = (node.schema.required ?? []) as string[];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of new Set([...Object.keys(properties), ...required])) {
    model[key] = build(child(node, properties[key] ?? {}, `properties/${key}`), `${path}/${key}`, ctx);
  }
  // An overridden optional property is always present: overrides pin fixtures the target needs.
  const requiredKeys = Object.keys(model).filter((k) => required.includes(k) || `${path}/${k}` in ctx.overrides);
  return fc.record(model, { requiredKeys });
}

function arrayArbitrary(node: Node, path: string, ctx: Build): fc.Arbitrary<unknown> {
  const minLength = (node.schema.minItems as number | undefined) ?? 0;
  const maxLength = (node.schema.maxItems as number | undefined) ?? minLength + MAX_ITEMS_EXTRA;
  return fc.array(build(child(node, node.schema.items ?? {}, "items"), `${path}/*`, ctx), { minLength, maxLength });
}

const isoInstant = fc.date({
  min: new Date("1990-01-01T00:00:00Z"),
  max: new Date("2099-12-31T23:59:59Z"),
  noInvalidDate: true,
});
const offsets = fc.constantFrom("Z", "+05:00", "+00:00", "-03:30", "+0600");

/** Built on first use: some fast-check arbitraries are costly to build (webUrl: about a second). */
const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  "uuid": () => fc.uuid(),
  "date": () => isoInstant.map((d) => d.toISOString().slice(0, 10)),
  "date-time": () => isoInstant.map((d) => d.toISOString()),
  "iso-date-time": () =>
    fc
      .tuple(isoInstant, offsets, fc.constantFrom(0, 1, 3, 6))
      .map(([d, offset, digits]) => isoWithOffset(d, offset, digits)),
  "email": () => fc.emailAddress(),
  "uri": () => fc.webUrl(),
};
const built = new Map<string, fc.Arbitrary<string>>();

function formatArbitrary(format: string): fc.Arbitrary<string> {
  let arb = built.get(format);
  if (!arb) built.set(format, (arb = FORMATS[format]!()));
  return arb;
}

function isoWithOffset(d: Date, offset: string, digits: number): string {
  const shift = offsetMinutes(offset) ?? 0;
  const local = new Date(d.getTime() + shift * 60_000).toISOString().slice(0, 19);
  const fraction = digits
    ? `.${String(d.getUTCMilliseconds()).padStart(3, "0").padEnd(digits, "0").slice(0, digits)}`
    : "";
  return `${local}${fraction}${offset}`;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const shaped = typeof schema.format === "string" || typeof schema.pattern === "string";
  // Free text gets a default bound (bounded requests); a format or pattern shapes its own length.
  // (Room above a minLength: a grapheme may take more than one code point, and lengths count code points.)
  const maxLength =
    (schema.maxLength as number | undefined) ?? (shaped ? Infinity : Math.max(DEFAULT_MAX_LENGTH, 2 * minLength));
  const codePoints = (s: string) => [...s].length;
  let arb: fc.Arbitrary<string>;
  if (typeof schema.format === "string") arb = formatArbitrary(schema.format);
  // JSON Schema's pattern is unanchored (ECMA-262): any string holding a match is valid; the one
  // drawn is a whole match, the value a client would send.
  else if (typeof schema.pattern === "string") arb = fc.stringMatching(new RegExp(`^(?:${schema.pattern})$`, "u"));
  else arb = fc.string({ unit: "grapheme", minLength, maxLength: maxLength as number });
  const re = typeof schema.pattern === "string" ? new RegExp(schema.pattern, "u") : undefined;
  // Bounded: a pattern with a length it cannot have yields no value instead of drawing forever.
  return boundedFilter(arb, (s) => (!re || re.test(s)) && codePoints(s) >= minLength && codePoints(s) <= maxLength);
}

function bounds(schema: JsonSchema): { min?: number; max?: number; exMin?: number; exMax?: number } {
  const n = (k: string) => (typeof schema[k] === "number" ? (schema[k] as number) : undefined);
  return { min: n("minimum"), max: n("maximum"), exMin: n("exclusiveMinimum"), exMax: n("exclusiveMaximum") };
}

/** Decimal places of a step: 0.01 → 2, 0.25 → 2, 5 → 0, 1e-7 → 7. */
function decimalsOf(step: number): number {
  const [mantissa, exponent] = step.toString().split("e-");
  return Math.min(20, (mantissa!.split(".")[1]?.length ?? 0) + Number(exponent ?? 0));
}

/**
 * k × step for whole k, the bounds divided by the step first (so 100 ≤ x ≤ 5000 with step 0.01
 * draws k from 10000 to 500000), rounded to the step's decimals: 3 × 0.1 is 0.30000000000000004
 * in floating point, which a target dividing by the step would rightly refuse.
 */
function multiplesArbitrary(schema: JsonSchema, step: number, wholeOnly: boolean): fc.Arbitrary<number> {
  const b = bounds(schema);
  const lo = Math.max(b.min ?? -1e9, b.exMin ?? -1e9);
  const hi = Math.min(b.max ?? 1e9, b.exMax ?? 1e9);
  const decimals = wholeOnly ? 0 : decimalsOf(step);
  const at = (k: number) => Number((k * step).toFixed(decimals));
  let kMin = Math.ceil(lo / step - 1e-9);
  let kMax = Math.floor(hi / step + 1e-9);
  if (at(kMin) < lo || (b.exMin !== undefined && at(kMin) <= b.exMin)) kMin++;
  if (at(kMax) > hi || (b.exMax !== undefined && at(kMax) >= b.exMax)) kMax--;
  return fc.integer({ min: kMin, max: Math.max(kMin, kMax) }).map(at);
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const step = typeof schema.multipleOf === "number" ? schema.multipleOf : 1;
  return multiplesArbitrary(schema, Number.isInteger(step) ? step : 1, true);
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const b = bounds(schema);
  if (typeof schema.multipleOf === "number") return multiplesArbitrary(schema, schema.multipleOf, false);
  return fc
    .double({
      noNaN: true,
      noDefaultInfinity: true,
      min: b.min ?? b.exMin ?? -1e12,
      max: b.max ?? b.exMax ?? 1e12,
      minExcluded: b.min === undefined && b.exMin !== undefined,
      maxExcluded: b.max === undefined && b.exMax !== undefined,
    })
    .map((x) => (Object.is(x, -0) ? 0 : x));
}
