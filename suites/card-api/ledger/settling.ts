/**
 * Our postings among others', once they have shown. A shared staging posts late and has other
 * clients on the same cards: a statement record has no request_id (§2.2), so a posting is ours when
 * its amount is one we sent (amounts unique to the run: lib/payments/run-amounts.ts), and a reading
 * that expects our postings waits for them (lib/checks/converge.ts). A posting that never shows is
 * named: its amount, its request_id, how long we waited, the first and the last reading.
 */
import { type CheckContext, converge, type Converged } from "../../../lib/checks/kit.ts";
import type { StatementOperation } from "../../../lib/payments/kinds.ts";
import { formatMicro, writtenAmount } from "../../../lib/payments/money.ts";
import { newOperations, postedAmount } from "./readback.ts";

/** A debit we expect to see posted: its amount (micro-units) and its request_id. */
export interface Expected {
  micro: number;
  requestId: string;
}

/** The new operations of a reading: ours (an amount we sent, whatever the answer) and others'. */
export interface Attributed {
  ours: StatementOperation[];
  foreign: StatementOperation[];
}

export function attribute(fresh: StatementOperation[], sent: ReadonlySet<number>): Attributed {
  const ours = fresh.filter((op) => sent.has(postedAmount(op) ?? NaN));
  return { ours, foreign: fresh.filter((op) => !ours.includes(op)) };
}

/** The expected debits that `ours` does not show (as a multiset: two debits of one amount need two postings). */
export function missing(expected: readonly Expected[], ours: readonly StatementOperation[]): Expected[] {
  const left = ours.map((op) => postedAmount(op));
  return expected.filter((e) => {
    const i = left.indexOf(e.micro);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

/** Micro-units of others' operations. */
export function foreignTotal(foreign: readonly StatementOperation[]): number {
  return foreign.reduce((sum, op) => sum + (postedAmount(op) ?? 0), 0);
}

const amounts = (ops: readonly StatementOperation[]) =>
  `[${
    ops
      .slice(0, 6)
      .map((op) => writtenAmount(op.amount))
      .join(", ") || "none"
  }${ops.length > 6 ? ", …" : ""}]`;

/** "the debit of 12.34 (request_id …) did not show in 1500 ms (7 readings: first [..], last [..])". */
export function notShown(lost: Expected, waited: Converged<Attributed>, where = "the statement"): string {
  return (
    `the debit of ${formatMicro(lost.micro)} (request_id ${lost.requestId}) did not show in ${where} within ${waited.waitedMs} ms ` +
    `(${waited.readings} reading(s); ours at the first: ${amounts(waited.first.ours)}, at the last: ${amounts(waited.reading.ours)})`
  );
}

export interface AwaitOurs {
  /** Reads the operations the comparison starts from, and the card's operations now. */
  before: readonly StatementOperation[];
  read: () => Promise<StatementOperation[]>;
  /** Every amount we sent on the card in this comparison (accepted or not). */
  sent: ReadonlySet<number>;
  expected: readonly Expected[];
  /** When the last expected debit was answered (our clock). */
  since: number;
  boundMs?: number;
}

/** Reads until every expected debit shows among ours, or the bound is spent; the last reading is judged. */
export function awaitOurs(ctx: CheckContext, o: AwaitOurs): Promise<Converged<Attributed>> {
  return converge(
    ctx,
    async () => attribute(newOperations([...o.before], await o.read()), o.sent),
    (seen) => missing(o.expected, seen.ours).length === 0,
    { since: o.since, expects: o.expected.length > 0, ...(o.boundMs !== undefined ? { boundMs: o.boundMs } : {}) },
  );
}

/** The request_id an exchange sent (a debit's), or "?" when its body is not JSON. */
export function requestIdOf(exchange: { request: { bodyText: string } }): string {
  try {
    return String((JSON.parse(exchange.request.bodyText) as { request_id?: unknown }).request_id ?? "?");
  } catch {
    return "?";
  }
}

/**
 * Ours judged against what we expect: the expected debits not shown, and the postings of ours that
 * no expected debit explains (a double posting, a refused debit that left a trace). An amount fixed
 * by a limit (`fixed`: the maximum, one over a remaining) is the same in every run: when others'
 * activity is seen on the card, an extra posting of it may be theirs, so it counts as others'.
 */
export function judgeOurs(
  expected: readonly Expected[],
  seen: Attributed,
  fixed: ReadonlySet<number>,
): { lost: Expected[]; extra: StatementOperation[]; foreign: StatementOperation[] } {
  const left = [...seen.ours];
  const lost = expected.filter((e) => {
    const i = left.findIndex((op) => postedAmount(op) === e.micro);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
  const theirs = seen.foreign.length ? left.filter((op) => fixed.has(postedAmount(op) ?? NaN)) : [];
  return { lost, extra: left.filter((op) => !theirs.includes(op)), foreign: [...seen.foreign, ...theirs] };
}
