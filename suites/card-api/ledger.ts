/**
 * Reading the payment card's postings back through the statement (§4.2), for checks that need to
 * know what a debit did. The debiting checks run one after another in one file, so the
 * operations that appear between two readings are exactly theirs.
 */
import { CARD_STATEMENT } from "../../lib/catalogue/index.ts";
import { answerKind, describeAnswer, requireAnswer } from "../../lib/checks/answers.ts";
import { requireSuccessBody } from "../../lib/checks/response.ts";
import type { CheckContext } from "../../lib/checks/types.ts";
import { DAY_MS } from "../../lib/time/iso.ts";
import { statementRequest } from "../../generators/card-api/statement.ts";

export type Operation = Record<string, unknown>;

/** The payment card's operations from yesterday to tomorrow (wide enough for any clock skew). */
export async function recentOperations(ctx: CheckContext): Promise<Operation[]> {
  const now = Date.now();
  const request = statementRequest(ctx.config.fixtures.payment.cardId, { start: now - DAY_MS, end: now + DAY_MS }, ctx.config);
  const exchange = await ctx.send(CARD_STATEMENT, request);
  requireAnswer(exchange);
  // Without a readable statement nothing can be verified: a precondition, not this check's failure.
  if (answerKind(exchange) !== "success") ctx.skip(`the payment card's statement could not be read (${describeAnswer(exchange)})`);
  const { operations } = requireSuccessBody(exchange);
  return Array.isArray(operations) ? (operations as Operation[]) : [];
}

/** Operations in `after` that were not in `before` (as a multiset: same-looking ones count). */
export function newOperations(before: Operation[], after: Operation[]): Operation[] {
  const seen = new Map<string, number>();
  for (const op of before) seen.set(JSON.stringify(op), (seen.get(JSON.stringify(op)) ?? 0) + 1);
  return after.filter((op) => {
    const key = JSON.stringify(op);
    const n = seen.get(key) ?? 0;
    if (n > 0) seen.set(key, n - 1);
    return n === 0;
  });
}
