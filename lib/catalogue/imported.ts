/**
 * The operations a partner's OpenAPI document adds (OPENAPI_DOCUMENT), read once per process as
 * the catalogue folder is. An operation the spec documents (§4.1–§4.4: same key, or same family
 * and path) is not added: the spec's schemas stay the oracle, and the document's are kept only to
 * be compared with them (a twin). A problem is returned, to be raised as exit 2 by the entry points.
 */
import { ConfigError } from "../errors/config-error.ts";
import { NAMED_ONLY_OPERATIONS } from "./named-only.ts";
import { documentedTwin, VARIABLE } from "./openapi-operation.ts";
import type { Operation } from "./types.ts";
import { firstClash, notCoveredAmong } from "./unique.ts";

type Json = Record<string, unknown>;

/** A documented operation and the document's own description of it. */
export interface Twin {
  documented: Operation;
  declared: Operation;
}

export interface Imported {
  operations: Operation[];
  twins: Twin[];
  schemas: Json[];
  skipped: string[];
  problem?: ConfigError;
}

const NONE: Imported = { operations: [], twins: [], schemas: [], skipped: [] };

/** A key or check prefix of the document's that the spec's, the catalogue folder's or one before it holds. */
function requireUnique(
  operations: readonly Operation[],
  documented: readonly Operation[],
  added: readonly Operation[],
) {
  const named = notCoveredAmong(NAMED_ONLY_OPERATIONS, [...added, ...operations]);
  const clash = firstClash(operations, [...documented, ...named, ...added]);
  if (!clash) return;
  const { op, holder, what } = clash;
  throw new ConfigError(
    VARIABLE,
    `${op.source?.file}${op.source?.requestPointer.replace(/\/requestBody.*$/, "")}: ${what === "key" ? `the key ${op.key}` : `the check prefix ${op.code}`} is taken by ${holder.key} (give it another operationId or "x-check-prefix")`,
  );
}

/**
 * @param named OPENAPI_DOCUMENT as set; @param documented the spec's operations; @param added the
 * catalogue folder's, whose keys and codes the document may not take.
 */
export async function importedOperations(
  named: string | undefined,
  documented: readonly Operation[],
  added: readonly Operation[],
): Promise<Imported> {
  if (!named) return NONE;
  try {
    const { readOpenApiDocument } = await import("./openapi-import.ts");
    const read = await readOpenApiDocument(named);
    const twins: Twin[] = [];
    const operations: Operation[] = [];
    for (const op of read.operations) {
      const twin = documentedTwin(op, documented);
      if (twin) twins.push({ documented: twin, declared: op });
      else operations.push(op);
    }
    requireUnique(operations, documented, added);
    return { operations, twins, schemas: read.schemas, skipped: read.skipped };
  } catch (error) {
    if (error instanceof ConfigError) return { ...NONE, problem: error };
    throw error;
  }
}
