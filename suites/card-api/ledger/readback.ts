/**
 * Reading the ledger back through the documented operations: the statement of a card over a
 * window around now (§4.2) and the amount limits of a card, account or client (§2.4). A check
 * that reads the payment card holds its isolation lane (lib/http/lanes.ts), so what changes
 * between two of its readings is exactly its own. Amounts are compared in whole micro-units.
 */
import { CARD_STATEMENT, LIMITS_LIST } from "../../../lib/catalogue/index.ts";
import { answerKind, describeAnswer, requireAnswer } from "../../../lib/checks/answers.ts";
import { requireSuccessBody } from "../../../lib/checks/response.ts";
import type { CheckContext } from "../../../lib/checks/types.ts";
import { statementRequest } from "../../../generators/card-api/statement.ts";
import { sentPeriod, type Period } from "../../../generators/card-api/period.ts";
import type { Exchange } from "../../../lib/http/exchange.ts";
import { freshRequestId } from "../../../generators/faker.ts";
import { limitsObject, type LimitObjectKind } from "../../../generators/card-api/limits.ts";
import { scaledUnits } from "../../../lib/validation/money.ts";
import { parseIsoDateTime } from "../../../lib/time/iso.ts";

export type Operation = Record<string, unknown>;
export type ObjectKind = LimitObjectKind;

/** Margin around "now" for the target's clock: its timestamps may differ from ours by this much. */
const CLOCK_MARGIN_MS = 10 * 60_000;

/** From a moment of ours to now, widened by the clock margin on both sides. */
export function windowSince(since: number): Period {
  return { start: since - CLOCK_MARGIN_MS, end: Date.now() + CLOCK_MARGIN_MS };
}

/**
 * 12.34, 1.234e1 or "12.34" → 12340000, exactly (no rounding that would hide a drift: a float-sum
 * leak such as 0.30000000000000004 has more decimals than micro-units hold, so it reads as
 * undefined and never compares equal to what was posted); undefined when it is not a decimal.
 */
export function micro(value: unknown): number | undefined {
  const units = scaledUnits(value, 6);
  return units === undefined ? undefined : Number(units);
}

/** 12340000 → "12.34"; a value finer than a cent keeps its digits (1115000 → "1.115"), so a message never rounds a drift away. */
export function formatMicro(units: number): string {
  const exactCents = Number.isInteger(units / 10_000);
  return exactCents ? (units / 1_000_000).toFixed(2) : (units / 1_000_000).toFixed(6).replace(/0+$/, "");
}

export interface StatementRead {
  exchange: Exchange;
  /** The operations, when the statement was answered as a success. */
  operations?: Operation[];
  /** The period as sent, read as generously as a target may read it (a date covers its whole day). */
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
  return { exchange, sent, operations: Array.isArray(operations) ? (operations as Operation[]) : [] };
}

/** A card's operations over a period; without a readable statement the check cannot judge (skipped). */
export async function statementOperations(ctx: CheckContext, cardId: string, period: Period): Promise<Operation[]> {
  const read = await readStatement(ctx, cardId, period);
  if (!read.operations) ctx.skip(`the statement of ${cardId} could not be read (${describeAnswer(read.exchange)})`);
  return read.operations;
}

/**
 * The payment card's operations from `since` (less the clock margin) to now (plus it). Readings
 * to compare pass the same `since`: a period that moved between them could make an old operation
 * look new (or drop one), however long the check took.
 */
export async function recentOperations(ctx: CheckContext, since: number): Promise<Operation[]> {
  return statementOperations(ctx, ctx.config.fixtures.payment.cardId, windowSince(since));
}

/**
 * The amount a statement operation moved, in micro-units, without its sign: §2.2 shows `amount`
 * as a number and says nothing of a sign, so a debit may be listed as 12.50 or as -12.50.
 */
export function postedAmount(op: Operation): number | undefined {
  const units = micro(op.amount);
  return units === undefined ? undefined : Math.abs(units);
}

/**
 * What identifies a posting between two readings: the fields §2.2 shows that never change once
 * posted. Fields the spec does not show (a posting state, a balance) may change between readings
 * and must not make an old operation look new.
 */
function postingKey(op: Operation): string {
  return JSON.stringify([op.type, op.amount, op.currency, op.datetime, op.rrn]);
}

/** Operations in `after` that were not in `before` (as a multiset: same-looking ones count). */
export function newOperations(before: Operation[], after: Operation[]): Operation[] {
  const seen = new Map<string, number>();
  for (const op of before) seen.set(postingKey(op), (seen.get(postingKey(op)) ?? 0) + 1);
  return after.filter((op) => {
    const key = postingKey(op);
    const n = seen.get(key) ?? 0;
    if (n > 0) seen.set(key, n - 1);
    return n === 0;
  });
}

export interface AmountLimit {
  /** Matches the same amount limit between two readings: by the record's id, else by its other fields. */
  key: string;
  type: string;
  value: string;
  current: string;
  remaining: string;
  currency: string;
  /** The record's period ("day", "month", …): when its usage resets. */
  period: string;
}

/** The limits of an object at one moment: the target's own time of the answer (`dt`), else ours. */
export interface LimitsReading {
  limits: AmountLimit[];
  at: number;
}

/**
 * What identifies a limit record between readings: its `id` (§2.4) when it has one; without one,
 * the fields that say what it limits (mcc, transaction type, region, period), with a count for
 * records alike in all of them — never "undefined" for all, which would match every record to one.
 */
function recordKeys(group: string, records: Array<Record<string, unknown>>): string[] {
  const seen = new Map<string, number>();
  return records.map((record) => {
    if ((typeof record.id === "string" && record.id !== "") || typeof record.id === "number")
      return `${group}/${String(record.id)}`;
    const fields = JSON.stringify([record.mcc, record.transaction_type, record.region, record.period]);
    const n = seen.get(fields) ?? 0;
    seen.set(fields, n + 1);
    return `${group}/${fields}${n ? `#${n}` : ""}`;
  });
}

/** Every amount limit of an object, all groups (product, card and any other), keyed by group, record and type. */
export async function amountLimits(ctx: CheckContext, kind: ObjectKind, value: string): Promise<AmountLimit[]> {
  return (await readLimits(ctx, kind, value)).limits;
}

/** The limits of an object and when the target answered (its `dt`, else our clock). */
export async function readLimits(ctx: CheckContext, kind: ObjectKind, value: string): Promise<LimitsReading> {
  const exchange = await ctx.send(LIMITS_LIST, {
    request_id: freshRequestId(),
    object: limitsObject(ctx.config, kind, value),
  });
  requireAnswer(exchange);
  if (answerKind(exchange) !== "success")
    ctx.skip(`the limits of the ${kind} could not be read (${describeAnswer(exchange)})`);
  const { limits } = requireSuccessBody(exchange);
  const out: AmountLimit[] = [];
  for (const [group, records] of Object.entries((limits ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(records)) continue;
    const list = (records as unknown[]).filter((r): r is Record<string, unknown> => !!r && typeof r === "object");
    const keys = recordKeys(group, list);
    list.forEach((record, i) => {
      for (const a of Array.isArray(record.amount) ? (record.amount as Array<Record<string, unknown>>) : []) {
        out.push({
          key: `${keys[i]}/${String(a.type)}`,
          type: String(a.type),
          value: String(a.value),
          current: String(a.current),
          remaining: String(a.remaining),
          currency: String(a.currency),
          period: String(record.period ?? "day"),
        });
      }
    });
  }
  return { limits: out, at: answeredAt(exchange) };
}

/** When the target answered, by its own clock (the answer's `dt`), else by ours. */
export function answeredAt(exchange: Exchange): number {
  const dt = (exchange.response?.json as { dt?: unknown } | undefined)?.dt;
  return (typeof dt === "string" ? parseIsoDateTime(dt) : undefined) ?? exchange.startedAt + exchange.durationMs;
}

/** The smallest remaining of the cumulative limits, in micro-units (undefined: none). */
export function smallestRemaining(limits: AmountLimit[], cumulativeTypes: string[]): number | undefined {
  const values = limits
    .filter((l) => cumulativeTypes.includes(l.type))
    .map((l) => micro(l.remaining))
    .filter((v): v is number => v !== undefined);
  return values.length ? Math.min(...values) : undefined;
}

/** The largest per-debit minimum, in micro-units (0: none). */
export function largestMinimum(limits: AmountLimit[], minimumTypes: string[]): number {
  return Math.max(0, ...limits.filter((l) => minimumTypes.includes(l.type)).map((l) => micro(l.value) ?? 0));
}
