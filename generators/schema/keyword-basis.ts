/**
 * The basis of a mutation derived from one keyword of a schema node: `reference` when the node
 * lists the keyword under `x-reference-only` (the reference sandbox's assumption), otherwise the
 * basis of the schema itself — `spec` for schemas/, `declared` for a schema the partner supplies.
 */
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import type { Basis } from "../../lib/checks/types.ts";
import { REFERENCE_ONLY } from "../../lib/validation/reference-only.ts";
import type { JsonSchema } from "../../lib/validation/registry.ts";
import { pathText, type Path } from "./pointer.ts";

/** The basis and rule of one keyword of a schema node. */
export interface KeywordBasis {
  of(keyword: string): { basis: Basis; rule: string };
}

export function keywordBasis(schema: JsonSchema, where: string, base: Basis, path: Path): KeywordBasis {
  const assumed = Array.isArray(schema[REFERENCE_ONLY]) ? (schema[REFERENCE_ONLY] as string[]) : [];
  const file = where.replace(SCHEMA_BASE, "").split("#")[0];
  return {
    of: (keyword) => ({
      basis: assumed.includes(keyword) ? "reference" : base,
      rule: `${keyword} of ${pathText(path)} in ${file}${assumed.includes(keyword) ? " (assumed by the reference only)" : ""}`,
    }),
  };
}
