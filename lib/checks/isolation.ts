/**
 * Isolation declared as data: what a check touches, stated by the check or its module, and held
 * to by the engine — so correctness never depends on which file or worker a module runs in.
 *
 * - `read-only`: reads fixtures, never moves money (the default). A request that may move a
 *   card's money from such a check is refused as a harness error: the declaration is wrong.
 * - `debits`: debits the payment card beside other checks (each debit takes the card's lane shared).
 * - `payment-card`: reads and debits the payment card and must count exactly its own postings:
 *   the engine runs the whole check holding the card's lane exclusively (lib/http/coordination/lanes.ts).
 * - `race-card`: a card of the race pool, which it holds exclusively itself (`ctx.isolated`).
 */
import type { Operation } from "../catalogue/index.ts";
import type { Check, Module, Touches } from "./types.ts";

export type { Touches };

export const TOUCHES: readonly Touches[] = ["read-only", "debits", "payment-card", "race-card"];

/** What a check touches: its own declaration, else its module's, else read-only. */
export function touchesOf(check: Check, module: Module): Touches {
  return check.touches ?? module.touches ?? "read-only";
}

/** A request that may move a card's money: the operations that mutate in the card API (lib/http/target.ts lanes them). */
export function movesMoney(op: Operation): boolean {
  return op.mutates && op.family === "card-api";
}

/** Refuses, as a harness error, a request a read-only check may not send. */
export function requireDeclared(check: Check, touches: Touches, op: Operation): void {
  if (touches === "read-only" && movesMoney(op))
    throw new Error(
      `${check.id} is declared read-only (touches) but sends ${op.title}, which may move money: declare what it touches`,
    );
}
