/**
 * The debit commands of the model-based checks (commands.ts has the readings): a valid debit, one
 * unit over the smallest remaining cumulative limit, one hundredth under the largest minimum (of
 * the limits that apply to the test terminal: lib/payments/limit-vocabulary.ts), and
 * a replay of an accepted debit — each asserting what it can at once.
 */
import type fc from "fast-check";
import { answerKind, fail, requireAnswer } from "../../../lib/checks/kit.ts";
import { debitRequest } from "../../../generators/card-api/transaction.ts";
import type { ObjectKind } from "../../../lib/payments/kinds.ts";
import type { AmountLimit } from "../../../lib/payments/limits.ts";
import {
  accumulates,
  largestMinimum,
  limitsThatApply,
  smallestMaximum,
  smallestRemaining,
} from "../../../lib/payments/limit-vocabulary.ts";
import {
  formatMicro,
  formatMinor,
  micro,
  microOfMinor,
  minorOfMicro,
  writtenAmount,
} from "../../../lib/payments/money.ts";
import { OBJECT_KINDS, type LedgerReal } from "./model.ts";
import { readingsAcross, type LedgerModel } from "./observations.ts";

type Command = fc.AsyncCommand<LedgerModel, LedgerReal>;

/**
 * A debit of `minor` (minor units): accepted or not; undefined when the guard kept it back. Accepted,
 * the model counts it. `intent` "refusal": a debit meant to be refused, its answer judged as a refusal.
 * `own` "unique": an amount of the run's own (lib/payments/run-amounts.ts); "fixed": one a limit sets.
 */
export async function debitOf(
  m: LedgerModel,
  r: LedgerReal,
  minor: number,
  intent?: "refusal",
  own: "unique" | "fixed" = "fixed",
): Promise<boolean | undefined> {
  const body = debitRequest(r.faker, r.ctx.config, { minor });
  // Every amount sent is one of ours; one a limit fixes is the same in another run (settling.ts judgeOurs).
  m.sent.add(microOfMinor(minor));
  if (own === "fixed") m.fixed.add(microOfMinor(minor));
  const exchange = await r.debit(body, intent);
  if (!exchange) return undefined;
  requireAnswer(exchange);
  const accepted = answerKind(exchange) === "success";
  if (accepted) m.accepted.push({ body, micro: microOfMinor(minor) });
  return accepted;
}

export class Debit implements Command {
  constructor(readonly minor: number) {}
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    await debitOf(m, r, this.minor, undefined, "unique");
  }
  toString = () => `debit(${formatMinor(this.minor)})`;
}

/**
 * One unit over the smallest remaining cumulative limit of the card, its account and client that
 * applies to the test terminal (a limit of another MCC, region or transaction type does not: the
 * range of the run says which, DebitRange.terminal). Accepted, it broke the invariant only if a
 * limit it did not fit moved (the harness may not know a limit's scope). When the target's period
 * ended between the readings (its midnight, by its own dt), the limit reset: not judged, naming it.
 * Over a per-debit maximum too, its refusal would prove nothing of the remaining: not sent.
 */
export class OverLimitDebit implements Command {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const vocabulary = r.ctx.config.cardApi;
    const before = await Promise.all(
      OBJECT_KINDS.map(async (kind) => ({ kind, limits: limitsThatApply(await r.limits(kind), r.terminal) })),
    );
    const readAt = Math.min(...OBJECT_KINDS.map((kind) => r.readAt.get(kind)!));
    const all = before.flatMap((b) => b.limits);
    const remaining = smallestRemaining(vocabulary, all);
    if (remaining === undefined) return;
    const units = remaining + 1_000_000;
    const cap = smallestMaximum(vocabulary, all);
    if (cap !== undefined && units > cap.micro) return;
    const minor = minorOfMicro(units);
    const accepted = await debitOf(m, r, minor, "refusal");
    // Refused: the limit held, and that is the judgement (kept back by the guard: nothing judged).
    if (accepted === false) return r.judge("limits-enforced", () => undefined);
    if (accepted !== true) return;
    const passed = await limitsPassed(r, before, units);
    const limits = all.filter((l) => accumulates(vocabulary, l));
    const boundary = passed.length ? readingsAcross(r, readAt, limits) : undefined;
    if (boundary)
      return r.notJudged("limits-enforced", `the over-limit debit's limits were read on either side of ${boundary}`);
    r.judge("limits-enforced", () => {
      if (passed.length !== 0)
        fail("invariant", `a debit of ${formatMinor(minor)} was accepted over the remaining ${passed.join(", ")}`);
    });
  }
  toString = () => "debitOverRemainingLimit()";
}

/**
 * The cumulative limits that had less room than `units` before the debit and that it passed: their
 * usage moved since, or the partner declared the terminal's MCC (TERMINAL_MCC), so a limit the
 * declaration says applies must hold even if the target does not count the debit in it. With the
 * MCC unknown or read from the target, a limit that did not move may be scoped in a way we cannot see.
 */
async function limitsPassed(
  r: LedgerReal,
  before: Array<{ kind: ObjectKind; limits: AmountLimit[] }>,
  units: number,
): Promise<string[]> {
  const passed: string[] = [];
  const declared = r.terminal.mccSource === "declared";
  const after = await Promise.all(before.map(({ kind }) => r.limits(kind)));
  for (const [i, { kind, limits }] of before.entries()) {
    const now = new Map(after[i]!.map((l) => [l.key, micro(l.current)]));
    const over = limits.filter((x) => accumulates(r.ctx.config.cardApi, x) && (micro(x.remaining) ?? Infinity) < units);
    for (const l of over) {
      const moved = (now.get(l.key) ?? 0) > (micro(l.current) ?? 0);
      if (moved || declared)
        passed.push(
          `${writtenAmount(l.remaining)} of ${kind} limit ${l.key}${moved ? ", and its usage moved" : " (it applies to TERMINAL_MCC as declared)"}`,
        );
    }
  }
  return passed;
}

/** One hundredth under the card's largest per-debit minimum. */
export class BelowMinimumDebit implements Command {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const minimum = largestMinimum(r.ctx.config.cardApi, limitsThatApply(await r.limits("card"), r.terminal));
    if (minimum < 20_000) return;
    const minor = minorOfMicro(minimum - microOfMinor(1));
    const accepted = await debitOf(m, r, minor, "refusal");
    r.judge("limits-enforced", () => {
      if (accepted === true)
        fail("invariant", `a debit of ${formatMinor(minor)}, under the minimum ${formatMicro(minimum)}, was accepted`);
    });
  }
  toString = () => "debitUnderMinimum()";
}

export class Replay implements Command {
  constructor(readonly index: number) {}
  check = (m: Readonly<LedgerModel>) => m.accepted.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const exchange = await r.debit(m.accepted[this.index % m.accepted.length]!.body);
    if (exchange) requireAnswer(exchange);
  }
  toString = () => `replay(${this.index})`;
}
