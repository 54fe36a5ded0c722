/**
 * Cross-object isolation, each a check of its own: a privacy fault (one cardholder's spending
 * shown to another) deserves its own name in a report, not only a knock-on in a ledger check.
 *
 * CARD-STMT-OTHER-CARD is must: §1 and §4.2 state that the statement returns the transactions
 * performed with *a* card — the one the request names — as plainly as they state the period
 * (CARD-STMT-PERIOD, must). An operation listed in the statements of two cards belongs to at
 * least one card it is not of. The two legs of a card-to-card transfer are two operations (their
 * type or signed amount differ), so they are not taken for one.
 *
 * CARD-LIM-OTHER-OBJECT is should: §1 states that the limits are those of one object, but which
 * usage counts against which limit is not shown (§2.4, §8); the check infers "another object's
 * limits" from usage (the other card's own limits moved by exactly a debit of the payment card).
 */
import {
  answerKind,
  type CheckContext,
  defineCheck,
  describeAnswer,
  type Exchange,
  fail,
  jsonObject,
  LIMIT_VOCABULARY_READS,
  requireAnswer,
} from "../../lib/checks/kit.ts";
import { CARD_STATEMENT, CREATE_TRANSACTION } from "../../lib/catalogue/index.ts";
import { SUCCESS } from "../generic/success.ts";
import { seededStatementRequest } from "../../generators/card-api/statement.ts";
import { debitRequest } from "../../generators/card-api/transaction.ts";
import { fakerFor } from "../../generators/faker.ts";
import { readLimits } from "./ledger/readback.ts";
import type { StatementOperation } from "../../lib/payments/kinds.ts";
import type { AmountLimit } from "../../lib/payments/limits.ts";
import { formatMicro, micro, microOfMinor } from "../../lib/payments/money.ts";
import { accumulates, resettingPeriods, type LimitVocabulary } from "../../lib/payments/limit-vocabulary.ts";
import { boundaryBetween } from "../../lib/time/period-boundary.ts";

/** The card that is not the payment card (the statement fixture); not judged when both are one card. */
function otherCardId(ctx: CheckContext): string {
  const { statement, payment } = ctx.config.fixtures;
  if (statement.cardId === payment.cardId)
    ctx.notJudged("STATEMENT_CARD_ID is PAYMENT_CARD_ID: there is no second card to compare with", "STATEMENT_CARD_ID");
  return statement.cardId;
}

function operationsOf(ctx: CheckContext, exchange: Exchange, card: string): StatementOperation[] {
  requireAnswer(exchange);
  if (answerKind(exchange) !== "success")
    ctx.notJudged(`the statement of card ${card} could not be read (${describeAnswer(exchange)})`, "STATEMENT_CARD_ID");
  const operations = jsonObject(exchange)?.operations;
  return Array.isArray(operations) ? (operations as StatementOperation[]) : [];
}

/** What makes a posting one posting: every field §2.2 shows that never changes, with a retrieval reference number. */
function postingKey(op: StatementOperation): string | undefined {
  return typeof op.rrn === "string" && op.rrn
    ? JSON.stringify([op.type, op.amount, op.currency, op.datetime, op.rrn])
    : undefined;
}

export const statementOfOtherCard = defineCheck({
  id: "CARD-STMT-OTHER-CARD",
  level: "must",
  spec: "§4.2",
  basis: "spec",
  title: "Card statement: the statement of a card lists none of another card's operations",
  description:
    "The statements of the statement card and of the payment card over the same (seeded) period share no operation (same type, amount, currency, datetime and rrn). " +
    "Must: §1 and §4.2 state that the statement returns the transactions of the card the request names.",
  async run(ctx) {
    const other = otherCardId(ctx);
    const payment = ctx.config.fixtures.payment.cardId;
    const mine = operationsOf(ctx, await ctx.scenario(SUCCESS), other);
    const theirs = operationsOf(
      ctx,
      await ctx.send(CARD_STATEMENT, { ...seededStatementRequest(ctx.config), card_id: payment }),
      payment,
    );
    const keys = new Set(mine.map(postingKey).filter((k) => k !== undefined));
    // Nothing to look for in the other statement: no operation of this card with an rrn.
    if (!keys.size)
      ctx.notJudged(
        `the statement of card ${other} holds no operation with an rrn, so none could be told apart`,
        "STATEMENT_CARD_ID, STATEMENT_PERIOD_START, STATEMENT_PERIOD_END",
      );
    const shared = theirs.filter((op) => keys.has(postingKey(op)!));
    if (shared.length) {
      fail(
        "value",
        `privacy fault: the statements of card ${other} and of card ${payment} both list ${shared.length} operation(s) ` +
          `(e.g. rrn ${String(shared[0]!.rrn)} at ${String(shared[0]!.datetime)}): a statement shows another card's operations`,
      );
    }
  },
});

/** The other card's own (card group) cumulative limits that moved by exactly `units` between two readings. */
function movedBy(before: AmountLimit[], after: typeof before, units: number, vocabulary: LimitVocabulary): string[] {
  const was = new Map(before.map((l) => [l.key, micro(l.current)]));
  return after
    .filter((l) => l.key.startsWith("card/") && accumulates(vocabulary, l) && was.get(l.key) !== undefined)
    .filter((l) => (micro(l.current) ?? NaN) - was.get(l.key)! === units)
    .map((l) => `${l.key} (current ${before.find((b) => b.key === l.key)!.current} → ${l.current})`);
}

export const limitsOfOtherObject = defineCheck({
  id: "CARD-LIM-OTHER-OBJECT",
  reads: [...LIMIT_VOCABULARY_READS, "TARGET_UTC_OFFSET"],
  touches: "payment-card",
  level: "should",
  spec: "§2.4",
  basis: "spec",
  title: "Limits list: the limits of a card do not show another card's usage",
  description:
    "Reads the own (card group) limits of the statement card, debits the payment card once (the fixed amount its own limits allow), holding its lane,, and reads them again: " +
    "none may have moved by exactly that debit. Should: §1 says the limits are one object's, but which usage counts against which limit is not shown (§2.4, §8).",
  // Holds the payment card's lane (lib/http/coordination/lanes.ts): no other check's debit moves any usage between the readings.
  run: (ctx) =>
    ctx.isolated(ctx.config.fixtures.payment.cardId, async () => {
      const other = otherCardId(ctx);
      const vocabulary = ctx.config.cardApi;
      const { limits: before, at: readAt } = await readLimits(ctx, "card", other);
      if (!before.some((l) => l.key.startsWith("card/") && accumulates(vocabulary, l)))
        ctx.notJudged(`card ${other} lists no cumulative limit of its own (group card)`, "STATEMENT_CARD_ID");
      // The fixed debit the target's own limits allow (lib/checks/debit-amounts.ts), in micro-units.
      const range = await ctx.debitAmounts();
      ctx.note(range.why);
      const units = microOfMinor(range.fixedMinor);
      const exchange = await ctx.send(
        CREATE_TRANSACTION,
        debitRequest(fakerFor(ctx.seed), ctx.config, { minor: range.fixedMinor }),
      );
      requireAnswer(exchange);
      if (answerKind(exchange) !== "success")
        ctx.notJudged(
          `the payment card's debit of ${formatMicro(units)} was refused (${describeAnswer(exchange)})`,
          "PAYMENT_CARD_ID",
        );
      const after = await readLimits(ctx, "card", other);
      // Usage resets when a limit's period ends: readings on either side of it are not compared.
      const boundary = boundaryBetween(
        readAt,
        after.at,
        ctx.config.target.utcOffset,
        resettingPeriods(vocabulary, before),
      );
      if (boundary)
        ctx.notJudged(`the limits of card ${other} were read on either side of ${boundary}`, "TARGET_UTC_OFFSET");
      const moved = movedBy(before, after.limits, units, vocabulary);
      if (moved.length) {
        fail(
          "value",
          `privacy fault: a debit of ${formatMicro(units)} on card ${ctx.config.fixtures.payment.cardId} shows as usage in the limits of card ${other}: ` +
            `${moved.join(", ")} — the limits answer is of another object`,
        );
      }
    }),
});
