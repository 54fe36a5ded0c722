/**
 * The generated cases of an operation known only by its schemas (an operation added in the
 * catalogue folder): valid requests are the request schema's `examples` when it has any — the
 * fixtures the target knows — else values generated from the schema; mutations are derived from
 * the schema. There are no boundary rows: boundaries are operation knowledge.
 */
import fc from "fast-check";
import type { Operation } from "../../lib/catalogue/index.ts";
import type { ValidatorRegistry } from "../../lib/validation/registry.ts";
import { schemaArbitrary } from "../schema/arbitrary.ts";
import { schemaMutations, TRANSPORT_MUTATIONS } from "../schema/mutations.ts";
import { plainCase, type OperationCases } from "./types.ts";

/** The generated value with the most content: mutations of optional fields need them present. */
function fullest(values: unknown[]): unknown {
  return values.reduce((best, v) => (JSON.stringify(v).length > JSON.stringify(best).length ? v : best), values[0]);
}

export function schemaCases(op: Operation, registry: ValidatorRegistry): OperationCases {
  const ref = op.requestSchema;
  if (!ref) throw new Error(`${op.key} has no request schema`);
  const examples = registry.resolve(ref).schema.examples;
  const bodies = Array.isArray(examples) && examples.length ? fc.constantFrom(...(examples as unknown[])) : schemaArbitrary(ref, registry);
  const full = fullest(fc.sample(bodies, { numRuns: 30, seed: 1 }));
  return {
    valid: bodies.map((b) => plainCase("a valid request (schema examples or generated)", b)),
    validExamples: [plainCase("the fullest valid request", full)],
    fullRequest: () => structuredClone(full),
    validBodies: bodies,
    boundaries: [],
    mutations: [...schemaMutations(ref, registry), ...TRANSPORT_MUTATIONS],
  };
}
