/**
 * The debit commands of the model-based checks (commands.ts has the readings): a valid debit, one
 * unit over the smallest remaining cumulative limit, one hundredth under the largest minimum, and
 * a replay of an accepted debit — each asserting what it can at once.
 */
import type fc from "fast-check";
import { answerKind, requireAnswer } from "../../../lib/checks/answers.ts";
import { debitRequest } from "../../../generators/card-api/transaction.ts";
import { largestMinimum, smallestRemaining } from "./readback.ts";
import type { ObjectKind } from "../../../lib/payments/kinds.ts";
import type { AmountLimit } from "../../../lib/payments/limits.ts";
import { formatMicro, micro } from "../../../lib/payments/money.ts";
import { fail } from "../../../lib/checks/failure.ts";
import { OBJECT_KINDS, type LedgerReal } from "./model.ts";
import { readingsAcross, type LedgerModel } from "./observations.ts";

type Command = fc.AsyncCommand<LedgerModel, LedgerReal>;

async function debitOf(
  m: LedgerModel,
  r: LedgerReal,
  amount: number,
  intent?: "refusal",
): Promise<boolean | undefined> {
  const body = debitRequest(r.faker, r.ctx.config, { amount });
  const exchange = await r.debit(body, intent);
  if (!exchange) return undefined;
  requireAnswer(exchange);
  const accepted = answerKind(exchange) === "success";
  if (accepted) m.accepted.push({ body, micro: micro(amount)! });
  return accepted;
}

export class Debit implements Command {
  constructor(readonly amount: number) {}
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    await debitOf(m, r, this.amount);
  }
  toString = () => `debit(${this.amount.toFixed(2)})`;
}

/**
 * One unit over the smallest remaining cumulative limit of the card, its account and client.
 * Accepted, it broke the invariant only if a limit it did not fit moved: a limit of another MCC
 * or region does not apply to it (the spec does not say which apply). When the target's period
 * ended between the readings (its midnight, by its own dt), the limit reset: not judged, naming it.
 */
export class OverLimitDebit implements Command {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const types = r.ctx.config.cardApi.cumulativeLimitTypes;
    const before = await Promise.all(OBJECT_KINDS.map(async (kind) => ({ kind, limits: await r.limits(kind) })));
    const readAt = Math.min(...OBJECT_KINDS.map((kind) => r.readAt.get(kind)!));
    const remaining = before.map((b) => smallestRemaining(b.limits, types)).filter((v) => v !== undefined);
    if (!remaining.length) return;
    const units = Math.min(...remaining) + 1_000_000;
    const amount = units / 1_000_000;
    if ((await debitOf(m, r, amount, "refusal")) !== true) return;
    const passed = await limitsPassed(r, before, units, types);
    const limits = before.flatMap((b) => b.limits.filter((l) => types.includes(l.type)));
    const boundary = passed.length ? readingsAcross(r, readAt, limits) : undefined;
    if (boundary)
      return r.notJudged("limits-enforced", `the over-limit debit's limits were read on either side of ${boundary}`);
    r.judge("limits-enforced", () => {
      if (passed.length !== 0)
        fail(
          "invariant",
          `a debit of ${amount.toFixed(2)} was accepted over the remaining ${passed.join(", ")}, and that usage moved`,
        );
    });
  }
  toString = () => "debitOverRemainingLimit()";
}

/** The cumulative limits that had less room than `units` before the debit and whose usage moved since. */
async function limitsPassed(
  r: LedgerReal,
  before: Array<{ kind: ObjectKind; limits: AmountLimit[] }>,
  units: number,
  types: string[],
): Promise<string[]> {
  const passed: string[] = [];
  const after = await Promise.all(before.map(({ kind }) => r.limits(kind)));
  for (const [i, { kind, limits }] of before.entries()) {
    const now = new Map(after[i]!.map((l) => [l.key, micro(l.current)]));
    for (const l of limits.filter((x) => types.includes(x.type) && (micro(x.remaining) ?? Infinity) < units)) {
      if ((now.get(l.key) ?? 0) > (micro(l.current) ?? 0))
        passed.push(`${formatMicro(micro(l.remaining)!)} of ${kind} limit ${l.key}`);
    }
  }
  return passed;
}

/** One hundredth under the card's largest per-debit minimum. */
export class BelowMinimumDebit implements Command {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const minimum = largestMinimum(await r.limits("card"), r.ctx.config.cardApi.minimumLimitTypes);
    if (minimum < 20_000) return;
    const amount = (minimum - 10_000) / 1_000_000;
    const accepted = await debitOf(m, r, amount, "refusal");
    r.judge("limits-enforced", () => {
      if (accepted === true)
        fail("invariant", `a debit of ${amount.toFixed(2)}, under the minimum ${formatMicro(minimum)}, was accepted`);
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
