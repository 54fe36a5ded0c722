/** The id a template is given by the module that lists it, refused when it is not the operation's. */
import type { Operation } from "../../lib/catalogue/index.ts";

export function idOf(op: Operation, id: string): string {
  if (!id.startsWith(`${op.code}-`)) throw new Error(`check id ${id} does not belong to ${op.code} (${op.title})`);
  return id;
}
