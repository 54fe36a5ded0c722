/**
 * The spec-only reading of schemas/: every keyword a node lists under `x-reference-only` removed.
 * What this registry still rejects, the spec states; what only the full schemas reject is the
 * reference sandbox's assumption (tests/checks/basis.unit.test.ts holds each mutation's basis to it).
 */
import { loadSchemas, ValidatorRegistry, type JsonSchema } from "../../lib/validation/registry.ts";
import { REFERENCE_ONLY } from "../../lib/validation/reference-only.ts";

function stripAssumptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripAssumptions);
  if (!value || typeof value !== "object") return value;
  const node = value as JsonSchema;
  const assumed = Array.isArray(node[REFERENCE_ONLY]) ? (node[REFERENCE_ONLY] as string[]) : [];
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !assumed.includes(key) && key !== REFERENCE_ONLY)
      .map(([key, v]) => [key, key === "enum" || key === "const" ? v : stripAssumptions(v)]),
  );
}

export function specOnlyRegistry(): ValidatorRegistry {
  return new ValidatorRegistry(loadSchemas().map((s) => stripAssumptions(s) as Record<string, unknown>));
}
