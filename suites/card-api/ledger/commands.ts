/**
 * The commands of the model-based checks (fast-check model-based testing: check, run, toString):
 * debits (valid, over a remaining limit, under a minimum, a replay) and observations (the
 * statement of the window, of a sub-period and of an empty period; the limits of the card, its
 * account and its client), each asserting its invariants after the step.
 */
import fc from "fast-check";
import { answerKind, describeAnswer, requireAnswer } from "../../../lib/checks/answers.ts";
import { amountAbove, type DebitRange } from "../../../lib/checks/amount-range.ts";
import { debitRequest } from "../../../generators/card-api/transaction.ts";
import {
  formatMicro,
  largestMinimum,
  micro,
  newOperations,
  readStatement,
  smallestRemaining,
  windowSince,
  type AmountLimit,
  type ObjectKind,
} from "./readback.ts";
import { OBJECT_KINDS, type LedgerReal } from "./model.ts";
import type { LedgerModel } from "./observations.ts";
import { checkUsage, checkRemaining, checkStatement, checkWithin, readingsAcross } from "./observations.ts";

type Command = fc.AsyncCommand<LedgerModel, LedgerReal>;

async function debitOf(m: LedgerModel, r: LedgerReal, amount: number): Promise<boolean | undefined> {
  const body = debitRequest(r.faker, r.ctx.config, { amount });
  const exchange = await r.debit(body);
  if (!exchange) return undefined;
  requireAnswer(exchange);
  const accepted = answerKind(exchange) === "success";
  if (accepted) m.accepted.push({ body, micro: micro(amount)! });
  return accepted;
}

class Debit implements Command {
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
class OverLimitDebit implements Command {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const types = r.ctx.config.cardApi.cumulativeLimitTypes;
    const before = await Promise.all(OBJECT_KINDS.map(async (kind) => ({ kind, limits: await r.limits(kind) })));
    const readAt = Math.min(...OBJECT_KINDS.map((kind) => r.readAt.get(kind)!));
    const remaining = before.map((b) => smallestRemaining(b.limits, types)).filter((v) => v !== undefined);
    if (!remaining.length) return;
    const units = Math.min(...remaining) + 1_000_000;
    const amount = units / 1_000_000;
    if ((await debitOf(m, r, amount)) !== true) return;
    const passed = await limitsPassed(r, before, units, types);
    const limits = before.flatMap((b) => b.limits.filter((l) => types.includes(l.type)));
    const boundary = passed.length ? readingsAcross(r, readAt, limits) : undefined;
    if (boundary)
      return r.notJudged("limits-enforced", `the over-limit debit's limits were read on either side of ${boundary}`);
    r.assert(
      "limits-enforced",
      passed.length === 0,
      () =>
        `a debit of ${amount.toFixed(2)} was accepted over the remaining ${passed.join(", ")}, and that usage moved`,
    );
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
class BelowMinimumDebit implements Command {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const minimum = largestMinimum(await r.limits("card"), r.ctx.config.cardApi.minimumLimitTypes);
    if (minimum < 20_000) return;
    const amount = (minimum - 10_000) / 1_000_000;
    const accepted = await debitOf(m, r, amount);
    r.assert(
      "limits-enforced",
      accepted !== true,
      () => `a debit of ${amount.toFixed(2)}, under the minimum ${formatMicro(minimum)}, was accepted`,
    );
  }
  toString = () => "debitUnderMinimum()";
}

class Replay implements Command {
  constructor(readonly index: number) {}
  check = (m: Readonly<LedgerModel>) => m.accepted.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const exchange = await r.debit(m.accepted[this.index % m.accepted.length]!.body);
    if (exchange) requireAnswer(exchange);
  }
  toString = () => `replay(${this.index})`;
}

class ReadStatement implements Command {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const { operations, sent } = await r.statement(windowSince(r.since));
    checkStatement(r, m, newOperations(r.baselineOperations, operations));
    checkWithin(r, operations, sent);
  }
  toString = () => "readStatement()";
}

/** A part of the window: [start + a·length, start + b·length] with a ≤ b. */
class ReadSubPeriod implements Command {
  constructor(
    readonly a: number,
    readonly b: number,
  ) {}
  check = () => true;
  async run(_m: LedgerModel, r: LedgerReal) {
    const w = windowSince(r.since);
    const period = {
      start: Math.round(w.start + this.a * (w.end - w.start)),
      end: Math.round(w.start + this.b * (w.end - w.start)),
    };
    // Judged against the period as sent: with STATEMENT_DATE_FORMAT=date a bound is a whole day.
    const { operations, sent } = await r.statement(period);
    checkWithin(r, operations, sent);
  }
  toString = () => `readSubPeriod(${this.a.toFixed(2)}, ${this.b.toFixed(2)})`;
}

/** A period with no operations is an empty list, not an error: a refusal breaks the invariant (it is not a reason to skip). */
class ReadEmptyPeriod implements Command {
  check = () => true;
  async run(_m: LedgerModel, r: LedgerReal) {
    const read = await readStatement(r.ctx, r.ctx.config.fixtures.payment.cardId, {
      start: Date.UTC(2001, 0, 1),
      end: Date.UTC(2001, 0, 2),
    });
    r.observe(read.exchange);
    r.assert(
      "period",
      read.operations !== undefined,
      () =>
        `a period without debits (1 January 2001) was answered ${describeAnswer(read.exchange)}, not with an empty list`,
    );
    const count = read.operations?.length ?? 0;
    r.assert("period", count === 0, () => `a period without debits (1 January 2001) returned ${count} operation(s)`);
  }
  toString = () => "readEmptyPeriod()";
}

class ReadLimits implements Command {
  constructor(readonly kind: ObjectKind) {}
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const limits = await r.limits(this.kind);
    checkUsage(r, m, this.kind, limits);
    checkRemaining(r, this.kind, limits);
  }
  toString = () => `readLimits(${this.kind})`;
}

/**
 * What every sequence starts with: two small debits (1.11 and 2.22 above the range's minimum), so
 * that every sequence has postings to check, and (beside the first, it reads 2001) an empty period —
 * before any random command could end the sequence early, since the five checks share their
 * sequences and none may depend on a draw.
 */
export async function probe(m: LedgerModel, r: LedgerReal, range: DebitRange): Promise<void> {
  await Promise.all([new ReadEmptyPeriod().run(m, r), new Debit(amountAbove(range, 11) / 100).run(m, r)]);
  await new Debit(amountAbove(range, 122) / 100).run(m, r);
}

/**
 * What every sequence ends with, whatever the random commands were: the statement of the window
 * and the limits of all three objects, so each invariant is checked on every sequence.
 */
export async function audit(m: LedgerModel, r: LedgerReal): Promise<void> {
  // Readings only: side by side, in one round trip.
  await Promise.all([new ReadStatement().run(m, r), ...OBJECT_KINDS.map((kind) => new ReadLimits(kind).run(m, r))]);
}

/** Valid debits draw from the lower part of the range (up to 19.00 above its minimum): many small postings. */
export function ledgerCommands(range: DebitRange): Array<fc.Arbitrary<Command>> {
  const fraction = fc.integer({ min: 0, max: 100 }).map((n) => n / 100);
  return [
    fc.integer({ min: 0, max: 1_900 }).map((offset) => new Debit(amountAbove(range, offset) / 100)),
    fc.constant(new OverLimitDebit()),
    fc.constant(new BelowMinimumDebit()),
    fc.nat(20).map((i) => new Replay(i)),
    fc.constant(new ReadStatement()),
    fc.tuple(fraction, fraction).map(([a, b]) => new ReadSubPeriod(Math.min(a, b), Math.max(a, b))),
    fc.constant(new ReadEmptyPeriod()),
    fc.constantFrom(...OBJECT_KINDS).map((kind) => new ReadLimits(kind)),
  ];
}
