/**
 * The generated cases of an operation known only by its schemas (an operation added in the
 * catalogue folder): valid requests are the request schema's `examples` when it has any — the
 * fixtures the target knows — else values generated from the schema; mutations are derived from
 * the schema. There are no boundary rows: boundaries are operation knowledge.
 */
import fc from "fast-check";
import type { Operation } from "../../lib/catalogue/index.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { describeIssues, type ValidatorRegistry } from "../../lib/validation/registry.ts";
import { UnsupportedSchemaError } from "../schema/walk.ts";
import { schemaArbitrary } from "../schema/arbitrary.ts";
import { schemaMutations, TRANSPORT_MUTATIONS } from "../schema/mutations.ts";
import { plainCase, type OperationCases } from "./types.ts";
import { copyJson } from "../schema/pointer.ts";

/** The generated value with the most content: mutations of optional fields need them present. */
function fullest(values: unknown[]): unknown {
  return values.reduce((best, v) => (JSON.stringify(v).length > JSON.stringify(best).length ? v : best), values[0]);
}

/** The variable that added the operation: its catalogue entry's folder, or the OpenAPI document. */
const variableOf = (op: Operation) => (op.source ? "OPENAPI_DOCUMENT" : "CATALOGUE_DIR");

/**
 * A place in the request schema, as the user can find it: for an operation of an OpenAPI document,
 * the document and the JSON pointer there (its converted schema keeps the document's structure).
 */
function located(op: Operation, text: string): string {
  const { source, requestSchema } = op;
  if (!source || !requestSchema) return text;
  return text
    .split(`${requestSchema}#`)
    .join(`${source.file}${source.requestPointer}`)
    .split(requestSchema)
    .join(`${source.file}${source.requestPointer}`);
}

/** Examples are sent as valid requests: an invalid one would blame a correct target. */
function requireValidExamples(op: Operation, ref: string, examples: unknown, registry: ValidatorRegistry): void {
  if (!Array.isArray(examples)) return;
  examples.forEach((example, i) => {
    const { valid, issues } = registry.validate(ref, example);
    if (!valid)
      throw new ConfigError(
        variableOf(op),
        located(op, `${op.key}: example ${i} of ${ref} does not match its schema: ${describeIssues(issues)}`),
      );
  });
}

/**
 * Builds the cases of every added operation once, at start: a keyword the generators do not
 * support, or an invalid example, stops the run with exit 2 naming it — not a harness error in
 * every check of the operation.
 */
export function checkAddedOperations(operations: Operation[], registry: ValidatorRegistry): void {
  for (const op of operations) {
    try {
      schemaCases(op, registry);
    } catch (error) {
      if (error instanceof UnsupportedSchemaError)
        throw new ConfigError(variableOf(op), located(op, `${op.key}: ${error.message}`));
      throw error;
    }
  }
}

export function schemaCases(op: Operation, registry: ValidatorRegistry): OperationCases {
  const ref = op.requestSchema;
  if (!ref) throw new Error(`${op.key} has no request schema`);
  const examples = registry.resolve(ref).schema.examples;
  requireValidExamples(op, ref, examples, registry);
  const bodies =
    Array.isArray(examples) && examples.length
      ? fc.constantFrom(...(examples as unknown[]))
      : schemaArbitrary(ref, registry);
  const full = fullest(fc.sample(bodies, { numRuns: 30, seed: 1 }));
  return {
    valid: bodies.map((b) => plainCase("a valid request (schema examples or generated)", b)),
    validExamples: [plainCase("the fullest valid request", full)],
    fullRequest: () => copyJson(full),
    validBodies: bodies,
    boundaries: [],
    // The added operation's schema is its author's declaration (CATALOGUE_DIR).
    mutations: [...schemaMutations(ref, registry, "declared"), ...TRANSPORT_MUTATIONS],
  };
}
