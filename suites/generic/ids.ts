/** The id a template is given by the module that lists it, refused when it is not the operation's. */
import type { Operation } from "../../lib/catalogue/index.ts";
import type { Basis } from "../../lib/checks/kit.ts";

export function idOf(op: Operation, id: string): string {
  if (!id.startsWith(`${op.code}-`)) throw new Error(`check id ${id} does not belong to ${op.code} (${op.title})`);
  return id;
}

/**
 * The basis of a generic check of this operation: an operation of a partner's OpenAPI document
 * (OPENAPI_DOCUMENT) is judged on what the partner declares, never on the spec, which shows none of it.
 */
export function basisFor(op: Operation, basis: Basis): Basis {
  return op.source ? "declared" : basis;
}
