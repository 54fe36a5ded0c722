/**
 * request_id idempotency (§2.3 shows request_id; what a replay means is not shown, so should
 * level): a replay of the same body never posts twice, and is answered with the original answer
 * or refused (IDEMPOTENCY_MODE); the same id with another body is refused and posts nothing.
 */
import {
  answerKind,
  type CheckContext,
  defineCheck,
  describeAnswer,
  fail,
  requireAnswer,
  rulesRead,
} from "../../lib/checks/kit.ts";
import { CREATE_TRANSACTION as op } from "../../lib/catalogue/index.ts";
import { debitRequest, type DebitRequest } from "../../generators/card-api/transaction.ts";
import { fakerFor } from "../../generators/faker.ts";
import { recentOperations } from "./ledger/readback.ts";
import { awaitOurs, notShown } from "./ledger/settling.ts";
import { runAmountMinor } from "../../lib/payments/run-amounts.ts";
import { amountSent, micro, microOfMinor } from "../../lib/payments/money.ts";
import type { StatementOperation } from "../../lib/payments/kinds.ts";
import { requireRefusalJudges } from "../generic/case-basis.ts";

/**
 * A seeded debit in minor units (hundredths) inside the range the target's limits allow (noted on
 * the check), moved by the run's nonce (lib/payments/run-amounts.ts): on a shared card its postings
 * are told from other clients' and another run's by their amount.
 */
async function debitMinor(ctx: CheckContext): Promise<number> {
  const range = await ctx.debitAmounts();
  ctx.note(range.why);
  const drawn = fakerFor(ctx.seed + 7).number.int({ min: range.minMinor, max: range.maxMinor });
  return runAmountMinor(range, drawn - range.minMinor, ctx.config.cardApi.amountNonce);
}

/** The postings of our amounts since `before`, once the first debit showed (or the bound ran out). */
async function ourPostings(
  ctx: CheckContext,
  before: StatementOperation[],
  since: number,
  sent: number[],
  first: DebitRequest,
) {
  const expected = [{ micro: micro(first.debit.amount)!, requestId: first.request_id }];
  const seen = await awaitOurs(ctx, {
    before,
    read: () => recentOperations(ctx, since),
    sent: new Set(sent.map(microOfMinor)),
    expected,
    since: Date.now(),
  });
  const lost = seen.settled ? "" : `: ${notShown(expected[0]!, seen)}`;
  return { posted: seen.reading.ours, lost };
}

export const replayPostsOnce = defineCheck({
  id: "CARD-TXN-IDEMPOTENT-REPLAY",
  reads: ["IDEMPOTENCY_MODE"],
  level: "should",
  spec: "§2.3",
  // declared: IDEMPOTENCY_MODE
  basis: "declared",
  title: "Create transaction: a replayed request_id with the same body posts once",
  description:
    "The duplicate is answered with the original answer or refused, per IDEMPOTENCY_MODE (default: either); the statement shows one posting.",
  // Holds the payment card's lane (lib/http/coordination/lanes.ts): the statement then shows only this check's postings.
  run: (ctx) =>
    ctx.isolated(ctx.config.fixtures.payment.cardId, async () => {
      const minor = await debitMinor(ctx);
      const body = debitRequest(fakerFor(ctx.seed), ctx.config, { minor });
      const since = Date.now();
      const before = await recentOperations(ctx, since);
      const first = await ctx.send(op, body);
      requireAnswer(first);
      if (answerKind(first) !== "success")
        ctx.notJudged(
          `the first debit was not accepted (${describeAnswer(first)}), so a replay proves nothing`,
          "PAYMENT_CARD_ID",
        );
      // The original answer or a refusal, as IDEMPOTENCY_MODE says: either.
      const second = await ctx.send(op, body, { intent: "either" });
      requireAnswer(second);
      const { posted, lost } = await ourPostings(ctx, before, since, [minor], body);
      if (posted.length !== 1)
        fail("invariant", `${posted.length} operations posted for one request_id sent twice${lost}`);
      const mode = ctx.config.cardApi.idempotencyMode;
      const kind = answerKind(second);
      if (kind === "server-error") fail(kind, `${describeAnswer(second)} to a replay`);
      if (mode === "replay" && kind !== "success")
        fail("value", `the replay was answered ${describeAnswer(second)}, not with the original answer`);
      if (mode === "reject" && kind !== "rejection")
        fail("value", `the replay was answered ${describeAnswer(second)}, not refused`);
    }),
});

export const reusedRequestIdRefused = defineCheck({
  id: "CARD-TXN-IDEMPOTENT-CONFLICT",
  // A refusal for breaking a declared rule (the amount one unit more) does not judge it.
  reads: [rulesRead(op)],
  level: "should",
  spec: "§2.3",
  // declared: IDEMPOTENCY_MODE
  basis: "declared",
  title: "Create transaction: the same request_id with another body is refused and posts nothing",
  // Holds the payment card's lane (lib/http/coordination/lanes.ts): the statement then shows only this check's postings.
  run: (ctx) =>
    ctx.isolated(ctx.config.fixtures.payment.cardId, async () => {
      const f = fakerFor(ctx.seed);
      const minor = await debitMinor(ctx);
      const body = debitRequest(f, ctx.config, { minor });
      const since = Date.now();
      const before = await recentOperations(ctx, since);
      const first = await ctx.send(op, body);
      requireAnswer(first);
      if (answerKind(first) !== "success")
        ctx.notJudged(`the first debit was not accepted (${describeAnswer(first)})`, "PAYMENT_CARD_ID");
      // One unit more, computed in minor units (no float drift: 12.34 + 1 is not always 13.34).
      const more = amountSent(minor + 100);
      const other = { ...body, debit: { ...body.debit, amount: more }, credit: { ...body.credit, amount: more } };
      const second = await ctx.send(op, other, { intent: "refusal" });
      requireAnswer(second);
      // Refused for breaking a declared rule (the amount one unit more), the refusal is not about the request_id.
      requireRefusalJudges(op, second, ctx);
      const { posted, lost } = await ourPostings(ctx, before, since, [minor, minor + 100], body);
      if (answerKind(second) === "success")
        fail("accepted-invalid", `${describeAnswer(second)}: a reused request_id with another body was accepted`);
      if (posted.length !== 1)
        fail("invariant", `${posted.length} operations posted; expected only the first debit${lost}`);
    }),
});
