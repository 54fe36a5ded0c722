/**
 * The invariants the observing commands assert (§2.4, §4.2, §4.3; should level: the spec shows
 * the fields, not the arithmetic). Tolerant where the spec is silent: a limit may not apply to a
 * debit (an MCC- or region-specific one), so usage must move by exactly the accepted amounts or
 * not at all, and at least one cumulative limit of an object that has any must move.
 */
import type { DebitRequest } from "../../../generators/card-api/transaction.ts";
import type { Period } from "../../../generators/card-api/period.ts";
import { parseIsoDateTime } from "../../../lib/time/iso.ts";
import { boundaryBetween } from "../../../lib/time/period-boundary.ts";
import { type CheckContext, type Converged, fail } from "../../../lib/checks/kit.ts";
import { postedAmount } from "./readback.ts";
import { foreignTotal, judgeOurs, notShown, type Attributed, type Expected } from "./settling.ts";
import type { ObjectKind, StatementOperation } from "../../../lib/payments/kinds.ts";
import type { AmountLimit } from "../../../lib/payments/limits.ts";
import { accumulates, resettingPeriods, type TerminalScope } from "../../../lib/payments/limit-vocabulary.ts";
import { formatMicro, micro, writtenAmount } from "../../../lib/payments/money.ts";

/** The invariants a model sequence asserts; each is its own check (model.checks.ts). */
export type Invariant = "statement" | "usage" | "remaining" | "limits-enforced" | "period";

/** Why an invariant can have gone unjudged on every sequence (then its check is not judged), and where to look. */
export const NOTHING_TO_JUDGE: Record<Invariant, { why: string; see: string }> = {
  "statement": { why: "no statement of the window was read", see: "PAYMENT_CARD_ID" },
  "period": { why: "no statement was read", see: "PAYMENT_CARD_ID" },
  "usage": { why: "no object lists a cumulative limit of the declared types", see: "CUMULATIVE_LIMIT_TYPES" },
  "remaining": { why: "no object lists an amount limit", see: "PAYMENT_CARD_ID" },
  "limits-enforced": {
    why: "no cumulative limit of the declared types to go over, no minimum to go under",
    see: "CUMULATIVE_LIMIT_TYPES, MINIMUM_LIMIT_TYPES",
  },
};

/**
 * What the model knows: the debits accepted in this sequence, in micro-units, with their bodies (for
 * replays); every amount sent (a posting of one of them is ours: settling.ts), and of those the ones
 * a limit fixes (the same in every run, so an extra posting of one may be another run's).
 */
export interface LedgerModel {
  accepted: Array<{ body: DebitRequest; micro: number }>;
  sent: Set<number>;
  fixed: Set<number>;
}

export const emptyModel = (): LedgerModel => ({ accepted: [], sent: new Set(), fixed: new Set() });

/** The accepted debits as the postings expected of them. */
export const expectedOf = (m: LedgerModel): Expected[] =>
  m.accepted.map((a) => ({ micro: a.micro, requestId: a.body.request_id }));

/**
 * What an observation needs of the real side of a sequence (model.ts's LedgerReal has it): stated
 * here so that the observations do not import the model that calls them.
 */
export interface Observed {
  readonly ctx: CheckContext;
  readonly since: number;
  /** The test terminal the run's debits go through: only the limits that apply to it are expected to move. */
  readonly terminal: TerminalScope;
  readonly baselineLimits: Map<ObjectKind, AmountLimit[]>;
  /** When the target answered the baseline and the latest limits reading of each object (its `dt`). */
  readonly baselineAt: Map<ObjectKind, number>;
  readonly readAt: Map<ObjectKind, number>;
  /** Runs `body`, which fails (`fail("invariant", …)`, the one way) when the invariant is broken; model.ts decides what a failure does. */
  judge(invariant: Invariant, body: () => void): void;
  /** The invariant cannot be judged on this sequence, and why (`variable`: what to look at; default TARGET_UTC_OFFSET). */
  notJudged(invariant: Invariant, why: string, variable?: string): void;
  /** When the last debit of the sequence was answered: a wait for its posting counts from it. */
  readonly lastDebitAt: number;
  /** How long a reading may wait for a posting (undefined: LEDGER_SETTLE_MS; 0 once a wait ran out). */
  settleBound(): number | undefined;
  /** A wait ran out: the finding is made, later readings of the sequence do not wait again. */
  ranOut(): void;
  /** Others' operations seen on the payment card in this sequence (the most at one reading). */
  seenForeign(count: number, micro: number): void;
}

function sorted(values: number[]): string {
  return (
    [...values]
      .sort((a, b) => a - b)
      .map(formatMicro)
      .join(", ") || "none"
  );
}

/** Our new operations in the window are exactly the accepted debits: amount, currency, once each; others' are counted. */
export function checkStatement(r: Observed, m: LedgerModel, seen: Converged<Attributed>): void {
  const currency = r.ctx.config.fixtures.payment.currency;
  const { lost, extra, foreign } = judgeOurs(expectedOf(m), seen.reading, m.fixed);
  r.seenForeign(foreign.length, foreignTotal(foreign));
  const ours = seen.reading.ours.filter((op) => !foreign.includes(op));
  // The target's amounts as it wrote them (a debit may be listed as -12.50); ours through the one formatter.
  const shown = ours
    .map((op) => ({ units: postedAmount(op) ?? NaN, text: writtenAmount(op.amount) }))
    .sort((a, b) => a.units - b.units)
    .map((a) => a.text);
  const why = lost[0] ? `: ${notShown(lost[0], seen)}` : `: ${unexplained(extra, expectedOf(m))}`;
  r.judge("statement", () => {
    if (lost.length || extra.length)
      fail(
        "invariant",
        `the statement shows new operations [${shown.join(", ") || "none"}] for the accepted debits [${sorted(m.accepted.map((a) => a.micro))}]${why}`,
      );
  });
  const otherCurrency = ours.filter((op) => op.currency !== currency);
  r.judge("statement", () => {
    if (otherCurrency.length !== 0)
      fail("invariant", `${otherCurrency.length} new operation(s) in a currency other than ${currency}`);
  });
}

/** Postings of ours no accepted debit explains, naming the debit of that amount when there is one (posted twice). */
function unexplained(extra: StatementOperation[], expected: Expected[]): string {
  const twice = expected.find((e) => extra.some((op) => postedAmount(op) === e.micro));
  return twice
    ? `the debit of ${formatMicro(twice.micro)} (request_id ${twice.requestId}) is posted more than once`
    : `${extra.length} posting(s) of our amounts that no accepted debit explains (a refused debit left a trace)`;
}

/** Every operation of a statement lies in its period (as sent, read in the declared form: generators/card-api/period.ts). */
export function checkWithin(r: Observed, operations: StatementOperation[], period: Period): void {
  const outside = operations.filter((op) => {
    const at = typeof op.datetime === "string" ? parseIsoDateTime(op.datetime) : undefined;
    return at !== undefined && (at < period.start - 1_000 || at > period.end + 1_000);
  });
  r.judge("period", () => {
    if (outside.length !== 0)
      fail(
        "invariant",
        `${outside.length} operation(s) outside ${new Date(period.start).toISOString()} – ${new Date(period.end).toISOString()}: ${outside
          .slice(0, 2)
          .map((o) => String(o.datetime))
          .join(", ")}`,
      );
  });
}

/** The period boundary of these limits between a reading at `from` and the latest limits reading (the target's clock), if any. */
export function readingsAcross(r: Observed, from: number, limits: AmountLimit[]): string | undefined {
  const latest = Math.max(from, ...r.readAt.values());
  return boundaryBetween(from, latest, r.ctx.config.target.utcOffset, resettingPeriods(r.ctx.config.cardApi, limits));
}

/** remaining = value − current for cumulative limits (whatever their scope); every amount a non-negative decimal string. */
export function checkRemaining(r: Observed, kind: ObjectKind, limits: AmountLimit[]): void {
  const vocabulary = r.ctx.config.cardApi;
  for (const l of limits) {
    const [value, current, remaining] = [micro(l.value), micro(l.current), micro(l.remaining)];
    r.judge("remaining", () => {
      if (![value, current, remaining].every((v) => v !== undefined && v >= 0))
        fail(
          "invariant",
          `${kind} limit ${l.key}: value ${l.value}, current ${l.current}, remaining ${l.remaining} are not all non-negative decimals`,
        );
    });
    if (!accumulates(vocabulary, l)) continue;
    r.judge("remaining", () => {
      if (remaining !== value! - current!)
        fail("invariant", `${kind} limit ${l.key}: remaining ${l.remaining} ≠ value ${l.value} − current ${l.current}`);
    });
  }
}
