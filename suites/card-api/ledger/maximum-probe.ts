/**
 * The per-debit maximum, judged both ways in every sequence's probe (§8: "minimum and other amount
 * limits"; the type is the target's declaration: MAXIMUM_LIMIT_TYPES, or a cumulative type whose
 * LIMIT_PERIODS meaning is `debit`). One hundredth over the smallest maximum that applies to the
 * test terminal must be refused; exactly at it, accepted. A side that another limit would decide
 * is not sent: the debit over the maximum when it is over a remaining cumulative limit too, the
 * debit at it when that is under a minimum, a sandbox magic amount, or more than a tenth of the
 * smallest remaining cumulative limit (a run must not use up the day's limit of its payment card).
 */
import { describeAnswer, fail } from "../../../lib/checks/kit.ts";
import type { AmountLimit } from "../../../lib/payments/limits.ts";
import {
  largestMinimum,
  limitsThatApply,
  smallestMaximum,
  smallestRemaining,
  type LimitVocabulary,
} from "../../../lib/payments/limit-vocabulary.ts";
import { formatMicro, minorOfMicro } from "../../../lib/payments/money.ts";
import { MAGIC_AMOUNTS_MINOR } from "../../../lib/test-data/published.ts";
import { debitOf } from "./debit-commands.ts";
import { OBJECT_KINDS, type LedgerReal } from "./model.ts";
import type { LedgerModel } from "./observations.ts";

/** The debit at the maximum is sent only while it uses at most this share of the smallest remaining limit. */
export const AT_MAXIMUM_SHARE = 10;

const HUNDREDTH = 10_000;

/** The limits of the card, its account and its client that apply to the test terminal. */
async function applyingLimits(r: LedgerReal): Promise<AmountLimit[]> {
  const readings = await Promise.all(OBJECT_KINDS.map((kind) => r.limits(kind)));
  return readings.flatMap((limits) => limitsThatApply(limits, r.terminal));
}

/** Why the debit exactly at the maximum is not sent; undefined when it may be. */
function heldBack(v: LimitVocabulary, cap: number, limits: AmountLimit[]): string | undefined {
  const room = smallestRemaining(v, limits);
  if (cap % HUNDREDTH !== 0) return "it is not a whole hundredth";
  if (cap < largestMinimum(v, limits)) return "it is under the largest minimum";
  if ((Object.values(MAGIC_AMOUNTS_MINOR) as number[]).includes(cap / HUNDREDTH)) return "it is a sandbox magic amount";
  if (room !== undefined && cap * AT_MAXIMUM_SHARE > room) return `it is over 1/${AT_MAXIMUM_SHARE} of the remaining`;
  return undefined;
}

/** One debit one hundredth over the smallest per-debit maximum, and one exactly at it; nothing without a maximum. */
export async function probeMaximum(m: LedgerModel, r: LedgerReal): Promise<void> {
  const v = r.ctx.config.cardApi;
  const limits = await applyingLimits(r);
  const cap = smallestMaximum(v, limits);
  if (!cap) return;
  const name = `the per-debit maximum ${formatMicro(cap.micro)} (limit ${cap.limit.key})`;
  const over = (Math.floor(cap.micro / HUNDREDTH) + 1) * HUNDREDTH;
  const room = smallestRemaining(v, limits);
  if (room === undefined || over <= room) {
    const accepted = await debitOf(m, r, minorOfMicro(over), "refusal");
    r.judge("limits-enforced", () => {
      if (accepted === true)
        fail("invariant", `a debit of ${formatMicro(over)}, one hundredth over ${name}, was accepted`);
    });
  }
  if (heldBack(v, cap.micro, limits)) return;
  const atAccepted = await debitOf(m, r, minorOfMicro(cap.micro));
  r.judge("limits-enforced", () => {
    if (atAccepted === false)
      fail("invariant", `a debit exactly at ${name} was refused (${r.last ? describeAnswer(r.last) : "no answer"})`);
  });
}
