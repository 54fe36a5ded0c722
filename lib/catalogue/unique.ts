/**
 * One operation per key and per check code in the catalogue. The code names an operation's checks,
 * its report rows and baseline entries: two operations under one would mix them (and the run would
 * stop on a check id defined twice), so the catalogue folder and a partner's document are refused
 * with exit 2 instead. A named operation that an added one gives shapes to leaves the "not
 * covered" list, so it holds nothing.
 */
import type { Operation } from "./types.ts";

/** Whether `op` gives shapes to the named operation `named`: same key, or same family and path. */
export function covers(op: Operation, named: Operation): boolean {
  return op.key === named.key || Boolean(named.path && op.family === named.family && op.path === named.path);
}

/** The named operations none of `added` covers: reported as not covered. */
export function notCoveredAmong(named: readonly Operation[], added: readonly Operation[]): Operation[] {
  return named.filter((n) => !added.some((op) => covers(op, n)));
}

export interface Clash {
  op: Operation;
  /** The operation that held the key or code first. */
  holder: Operation;
  what: "key" | "code";
}

/** The first of `operations` whose key or code `taken` or one of `operations` before it holds. */
export function firstClash(operations: readonly Operation[], taken: readonly Operation[]): Clash | undefined {
  const seen = [...taken];
  for (const op of operations) {
    const holder = seen.find((o) => o.key === op.key || o.code === op.code);
    if (holder) return { op, holder, what: holder.key === op.key ? "key" : "code" };
    seen.push(op);
  }
  return undefined;
}
