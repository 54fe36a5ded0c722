/**
 * Parallel replays of one request_id post once (should level, §2.3): 10 identical requests at
 * once, then the statement. On a shared card only the postings of this debit's amount count (the
 * run's own: lib/payments/run-amounts.ts), awaited within LEDGER_SETTLE_MS (settling.ts).
 */
import { CREATE_TRANSACTION } from "../../../lib/catalogue/index.ts";
import { answerKind, defineCheck, fail, requireAnswer } from "../../../lib/checks/kit.ts";
import { debitRequest } from "../../../generators/card-api/transaction.ts";
import { fakerFor } from "../../../generators/faker.ts";
import { runAmountMinor } from "../../../lib/payments/run-amounts.ts";
import { microOfMinor } from "../../../lib/payments/money.ts";
import { recentOperations } from "./readback.ts";
import { awaitOurs, notShown } from "./settling.ts";
import { requireOverlap } from "./concurrency.checks.ts";

const REPLAYS = 10;

export const parallelReplaysPostOnce = defineCheck({
  id: "CARD-LEDGER-PARALLEL-REPLAY",
  level: "should",
  spec: "§2.3",
  // declared: IDEMPOTENCY_MODE
  basis: "declared",
  title: "Create transaction: parallel replays of one request_id post once",
  description: `${REPLAYS} identical requests (same request_id, same body) at once; the statement shows one posting of its amount.`,
  run: (ctx) =>
    ctx.isolated(ctx.config.fixtures.payment.cardId, async () => {
      const range = await ctx.debitAmounts();
      ctx.note(range.why);
      const minor = runAmountMinor(range, 233, ctx.config.cardApi.amountNonce);
      const body = debitRequest(fakerFor(ctx.seed), ctx.config, { minor });
      const since = Date.now();
      const before = await recentOperations(ctx, since);
      const exchanges = await Promise.all(Array.from({ length: REPLAYS }, () => ctx.send(CREATE_TRANSACTION, body)));
      exchanges.forEach(requireAnswer);
      ctx.record(exchanges[0]!);
      if (!exchanges.some((e) => answerKind(e) === "success"))
        ctx.notJudged("none of the parallel requests was accepted, so a replay proves nothing", "PAYMENT_CARD_ID");
      const expected = [{ micro: microOfMinor(minor), requestId: body.request_id }];
      const seen = await awaitOurs(ctx, {
        before,
        read: () => recentOperations(ctx, since),
        sent: new Set(expected.map((e) => e.micro)),
        expected,
        since: Date.now(),
      });
      const posted = seen.reading.ours.length;
      if (posted !== 1)
        fail(
          "invariant",
          `${posted} operations posted for one request_id sent ${REPLAYS} times at once${posted === 0 ? `: ${notShown(expected[0]!, seen)}` : ""}`,
        );
      requireOverlap(ctx, exchanges);
    }),
});
