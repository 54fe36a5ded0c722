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
import { postedAmount } from "./readback.ts";
import type { ObjectKind, StatementOperation } from "../../../lib/payments/kinds.ts";
import type { AmountLimit } from "../../../lib/payments/limits.ts";
import {
  accumulates,
  appliesTo,
  resettingPeriods,
  type TerminalScope,
} from "../../../lib/payments/limit-vocabulary.ts";
import { formatMicro, micro, writtenAmount } from "../../../lib/payments/money.ts";
import { type CheckContext, fail } from "../../../lib/checks/kit.ts";

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

/** What the model knows: the debits accepted in this sequence, in micro-units, with their bodies (for replays). */
export interface LedgerModel {
  accepted: Array<{ body: DebitRequest; micro: number }>;
}

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
  /** The invariant cannot be judged on this sequence, and why. */
  notJudged(invariant: Invariant, why: string): void;
}

function sorted(values: number[]): string {
  return (
    [...values]
      .sort((a, b) => a - b)
      .map(formatMicro)
      .join(", ") || "none"
  );
}

/** New operations in the window are exactly the accepted debits: amount, currency, once each. */
export function checkStatement(r: Observed, m: LedgerModel, fresh: StatementOperation[]): void {
  const currency = r.ctx.config.fixtures.payment.currency;
  const got = fresh.map((op) => postedAmount(op) ?? NaN);
  const want = m.accepted.map((a) => a.micro);
  // Compared as whole micro-units, not as their two-decimal text: 1.115 is not the 1.11 posted.
  const [g, w] = [got, want].map((list) => [...list].sort((a, b) => a - b));
  const same = g!.length === w!.length && g!.every((v, i) => v === w![i]);
  // The target's amounts as it wrote them (a debit may be listed as -12.50); ours through the one formatter.
  const shown = fresh
    .map((op, i) => ({ units: got[i]!, text: writtenAmount(op.amount) }))
    .sort((a, b) => a.units - b.units)
    .map((a) => a.text);
  r.judge("statement", () => {
    if (!same)
      fail(
        "invariant",
        `the statement shows new operations [${shown.join(", ") || "none"}] for the accepted debits [${sorted(want)}]`,
      );
  });
  const foreign = fresh.filter((op) => op.currency !== currency);
  r.judge("statement", () => {
    if (foreign.length !== 0)
      fail("invariant", `${foreign.length} new operation(s) in a currency other than ${currency}`);
  });
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

/**
 * Cumulative usage moves by exactly the accepted amounts, or not at all (a limit whose scope the
 * harness does not know to exclude). A limit that does not apply to the test terminal, or whose
 * period means `debit` (LIMIT_PERIODS: nothing accumulates), is expected nothing of.
 */
export function checkUsage(r: Observed, m: LedgerModel, kind: ObjectKind, limits: AmountLimit[]): void {
  const vocabulary = r.ctx.config.cardApi;
  const counted = limits.filter((l) => accumulates(vocabulary, l) && appliesTo(r.terminal, l));
  // Usage resets when a limit's period ends: readings on either side of that boundary are not compared.
  const boundary = boundaryBetween(
    r.baselineAt.get(kind) ?? r.since,
    r.readAt.get(kind) ?? Date.now(),
    r.ctx.config.target.utcOffset,
    resettingPeriods(vocabulary, counted),
  );
  if (boundary) return r.notJudged("usage", `the ${kind}'s limits were read on either side of ${boundary}`);
  const before = new Map((r.baselineLimits.get(kind) ?? []).map((l) => [l.key, micro(l.current)]));
  const accepted = m.accepted.reduce((sum, a) => sum + a.micro, 0);
  const moves = counted
    .filter((l) => before.get(l.key) !== undefined)
    .map((l) => ({ key: l.key, by: (micro(l.current) ?? NaN) - before.get(l.key)! }));
  // No cumulative limit of this object to compare: nothing judged (a survey where no object has one is not judged).
  if (!moves.length) return;
  const wrong = moves.filter((x) => x.by !== 0 && x.by !== accepted);
  r.judge("usage", () => {
    if (wrong.length !== 0)
      fail(
        "invariant",
        `${kind} limit ${wrong[0]!.key}: current moved by ${formatMicro(wrong[0]!.by)}, the accepted debits total ${formatMicro(accepted)}`,
      );
  });
  r.judge("usage", () => {
    if (!(accepted === 0 || moves.some((x) => x.by === accepted)))
      fail(
        "invariant",
        `no cumulative limit of the ${kind} moved, though debits of ${formatMicro(accepted)} were accepted (${moves.map((x) => x.key).join(", ")})`,
      );
  });
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
