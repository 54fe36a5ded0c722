/**
 * The commands of the model-based checks (fast-check model-based testing: check, run, toString):
 * debits (debit-commands.ts: valid, over a remaining limit, under a minimum, a replay) and the
 * observations here (the statement of the window, of a sub-period and of an empty period; the
 * limits of the card, its account and its client), each asserting its invariants after the step.
 */
import fc from "fast-check";
import { describeAnswer, fail } from "../../../lib/checks/kit.ts";
import type { DebitRange } from "../../../lib/payments/debit-range.ts";
import { runAmountMinor } from "../../../lib/payments/run-amounts.ts";
import type { Period } from "../../../generators/card-api/period.ts";
import { readStatement, windowSince } from "./readback.ts";
import type { ObjectKind, StatementOperation } from "../../../lib/payments/kinds.ts";
import { awaitOurs } from "./settling.ts";
import { settleUsage } from "./usage.ts";
import { OBJECT_KINDS, type LedgerReal } from "./model.ts";
import { expectedOf, type LedgerModel } from "./observations.ts";
import { checkRemaining, checkStatement, checkWithin } from "./observations.ts";
import { BelowMinimumDebit, Debit, OverLimitDebit, Replay } from "./debit-commands.ts";
import { probeMaximum } from "./maximum-probe.ts";

type Command = fc.AsyncCommand<LedgerModel, LedgerReal>;

/** The window's statement, read until every accepted debit shows (LEDGER_SETTLE_MS), then judged. */
class ReadStatement implements Command {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    let last: { operations: StatementOperation[]; sent: Period } | undefined;
    const bound = r.settleBound();
    const seen = await awaitOurs(r.ctx, {
      before: r.baselineOperations,
      read: async () => (last = await r.statement(windowSince(r.since))).operations,
      sent: m.sent,
      expected: expectedOf(m),
      since: r.lastDebitAt,
      ...(bound !== undefined ? { boundMs: bound } : {}),
    });
    if (!seen.settled) r.ranOut();
    checkStatement(r, m, seen);
    checkWithin(r, last!.operations, last!.sent);
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
    // Judged against the period as sent, in the declared form: with a day form (STATEMENT_DATE_FORMAT) a bound is a whole day.
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
    r.judge("period", () => {
      if (read.operations === undefined)
        fail(
          "invariant",
          `a period without debits (1 January 2001) was answered ${describeAnswer(read.exchange)}, not with an empty list`,
        );
    });
    const count = read.operations?.length ?? 0;
    r.judge("period", () => {
      if (count !== 0) fail("invariant", `a period without debits (1 January 2001) returned ${count} operation(s)`);
    });
  }
  toString = () => "readEmptyPeriod()";
}

class ReadLimits implements Command {
  constructor(readonly kind: ObjectKind) {}
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const limits = await settleUsage(r, m, this.kind);
    checkRemaining(r, this.kind, limits);
  }
  toString = () => `readLimits(${this.kind})`;
}

/**
 * What every sequence starts with: two debits (amount classes 11 and 122 of the run: lib/payments/run-amounts.ts), so
 * that every sequence has postings to check, and (beside the first, it reads 2001) an empty period;
 * then, where a per-debit maximum applies, one debit over it and one at it (maximum-probe.ts) —
 * before any random command could end the sequence early, since the five checks share their
 * sequences and none may depend on a draw.
 */
export async function probe(m: LedgerModel, r: LedgerReal, range: DebitRange): Promise<void> {
  await Promise.all([
    new ReadEmptyPeriod().run(m, r),
    new Debit(runAmountMinor(range, 11, r.ctx.config.cardApi.amountNonce)).run(m, r),
  ]);
  await new Debit(runAmountMinor(range, 122, r.ctx.config.cardApi.amountNonce)).run(m, r);
  await probeMaximum(m, r);
  // Every sequence tries to go over a limit once, so CARD-LEDGER-LIMITS-ENFORCED is judged whatever commands are drawn.
  await new OverLimitDebit().run(m, r);
}

/**
 * What every sequence ends with, whatever the random commands were: the statement of the window
 * and the limits of all three objects, so each invariant is checked on every sequence.
 */
export async function audit(m: LedgerModel, r: LedgerReal): Promise<void> {
  // Readings only: side by side, in one round trip.
  await Promise.all([new ReadStatement().run(m, r), ...OBJECT_KINDS.map((kind) => new ReadLimits(kind).run(m, r))]);
}

/** A reading's sub-period is drawn in hundredths of the window. */
const HUNDREDTHS = 100;

/** Valid debits draw from 1,901 amount classes of the range, moved by the run's nonce (lib/payments/run-amounts.ts). */
export function ledgerCommands(range: DebitRange, nonce: number): Array<fc.Arbitrary<Command>> {
  const fraction = fc.integer({ min: 0, max: HUNDREDTHS }).map((n) => n / HUNDREDTHS);
  return [
    fc.integer({ min: 0, max: 1_900 }).map((offset) => new Debit(runAmountMinor(range, offset, nonce))),
    fc.constant(new OverLimitDebit()),
    fc.constant(new BelowMinimumDebit()),
    fc.nat(20).map((i) => new Replay(i)),
    fc.constant(new ReadStatement()),
    fc.tuple(fraction, fraction).map(([a, b]) => new ReadSubPeriod(Math.min(a, b), Math.max(a, b))),
    fc.constant(new ReadEmptyPeriod()),
    fc.constantFrom(...OBJECT_KINDS).map((kind) => new ReadLimits(kind)),
  ];
}
