/**
 * Reading the ledger back through the documented operations: the statement of a card over a
 * window around now (§4.2) and the amount limits of a card, account or client (§2.4). A check
 * that reads the payment card holds its isolation lane (lib/http/coordination/lanes.ts), so what changes
 * between two of its readings is exactly its own. Amounts are compared in whole micro-units.
 */
import { CARD_STATEMENT, LIMITS_LIST } from "../../../lib/catalogue/index.ts";
import {
  answerKind,
  type CheckContext,
  describeAnswer,
  type Exchange,
  requireAnswer,
  requireSuccessBody,
} from "../../../lib/checks/kit.ts";
import { statementRequest } from "../../../generators/card-api/statement.ts";
import { sentPeriod, type Period } from "../../../generators/card-api/period.ts";
import { limitsRequest } from "../../../generators/card-api/limits.ts";
import type { ObjectKind, StatementOperation } from "../../../lib/payments/kinds.ts";
import { amountLimitsOf, type AmountLimit } from "../../../lib/payments/limits.ts";
import { micro } from "../../../lib/payments/money.ts";
import { parseIsoDateTime } from "../../../lib/time/iso.ts";

/** Margin around "now" for the target's clock: its timestamps may differ from ours by this much. */
const CLOCK_MARGIN_MS = 10 * 60_000;

/** From a moment of ours to now, widened by the clock margin on both sides. */
export function windowSince(since: number): Period {
  return { start: since - CLOCK_MARGIN_MS, end: Date.now() + CLOCK_MARGIN_MS };
}

export interface StatementRead {
  exchange: Exchange;
  /** The operations, when the statement was answered as a success. */
  operations?: StatementOperation[];
  /** The period as sent, read in the declared form (STATEMENT_DATE_FORMAT: a day form covers whole days). */
  sent: Period;
}

/** A card's statement over a period, whatever the answer. */
export async function readStatement(ctx: CheckContext, cardId: string, period: Period): Promise<StatementRead> {
  const request = statementRequest(cardId, period, ctx.config);
  const exchange = await ctx.send(CARD_STATEMENT, request);
  requireAnswer(exchange);
  const sent = sentPeriod(request, ctx.config) ?? period;
  if (answerKind(exchange) !== "success") return { exchange, sent };
  const { operations } = requireSuccessBody(exchange);
  return { exchange, sent, operations: Array.isArray(operations) ? (operations as StatementOperation[]) : [] };
}

/** A card's operations over a period; without a readable statement the check cannot judge (not judged). */
export async function statementOperations(
  ctx: CheckContext,
  cardId: string,
  period: Period,
): Promise<StatementOperation[]> {
  const read = await readStatement(ctx, cardId, period);
  if (!read.operations)
    ctx.notJudged(`the statement of ${cardId} could not be read (${describeAnswer(read.exchange)})`);
  return read.operations;
}

/**
 * The payment card's operations from `since` (less the clock margin) to now (plus it). Readings
 * to compare pass the same `since`: a period that moved between them could make an old operation
 * look new (or drop one), however long the check took.
 */
export async function recentOperations(ctx: CheckContext, since: number): Promise<StatementOperation[]> {
  return statementOperations(ctx, ctx.config.fixtures.payment.cardId, windowSince(since));
}

/**
 * The amount a statement operation moved, in micro-units, without its sign: §2.2 shows `amount`
 * as a number and says nothing of a sign, so a debit may be listed as 12.50 or as -12.50.
 */
export function postedAmount(op: StatementOperation): number | undefined {
  const units = micro(op.amount);
  return units === undefined ? undefined : Math.abs(units);
}

/**
 * What identifies a posting between two readings: the fields §2.2 shows that never change once
 * posted. Fields the spec does not show (a posting state, a balance) may change between readings
 * and must not make an old operation look new.
 */
function postingKey(op: StatementOperation): string {
  return JSON.stringify([op.type, op.amount, op.currency, op.datetime, op.rrn]);
}

/** Operations in `after` that were not in `before` (as a multiset: same-looking ones count). */
export function newOperations(before: StatementOperation[], after: StatementOperation[]): StatementOperation[] {
  const seen = new Map<string, number>();
  for (const op of before) seen.set(postingKey(op), (seen.get(postingKey(op)) ?? 0) + 1);
  return after.filter((op) => {
    const key = postingKey(op);
    const n = seen.get(key) ?? 0;
    if (n > 0) seen.set(key, n - 1);
    return n === 0;
  });
}

/** The limits of an object at one moment: the target's own time of the answer (`dt`), else ours. */
export interface LimitsReading {
  limits: AmountLimit[];
  at: number;
}

/** Every amount limit of an object, all groups (product, card and any other), keyed by group, record and type. */
export async function amountLimits(ctx: CheckContext, kind: ObjectKind, value: string): Promise<AmountLimit[]> {
  return (await readLimits(ctx, kind, value)).limits;
}

/** The limits of an object and when the target answered (its `dt`, else our clock). */
export async function readLimits(ctx: CheckContext, kind: ObjectKind, value: string): Promise<LimitsReading> {
  const exchange = await ctx.send(LIMITS_LIST, limitsRequest(ctx.config, kind, value));
  requireAnswer(exchange);
  if (answerKind(exchange) !== "success")
    ctx.notJudged(`the limits of the ${kind} could not be read (${describeAnswer(exchange)})`);
  return { limits: amountLimitsOf(requireSuccessBody(exchange)), at: answeredAt(exchange) };
}

/** When the target answered, by its own clock (the answer's `dt`), else by ours. */
export function answeredAt(exchange: Exchange): number {
  const dt = (exchange.response?.json as { dt?: unknown } | undefined)?.dt;
  return (typeof dt === "string" ? parseIsoDateTime(dt) : undefined) ?? exchange.startedAt + exchange.durationMs;
}
