/**
 * The ledger survey the five model checks share (model.checks.ts): random sequences of debits and
 * readings (fast-check commands), run once per run with a seed of its own, holding the payment
 * card's lane; each sequence starts from a baseline, sends the probe debits and one over the
 * remaining limit, the random commands and the final audit. What it saw — the first breach of each
 * invariant, the invariants set aside and why, others' operations seen — is kept for every check.
 */
import fc from "fast-check";
import {
  type CheckContext,
  CheckSkipped,
  deriveSeed,
  type Draw,
  type Exchange,
  tryCases,
} from "../../../lib/checks/kit.ts";
import type { DebitRange } from "../../../lib/payments/debit-range.ts";
import { runAmountMinor } from "../../../lib/payments/run-amounts.ts";
import { micro, microOfMinor } from "../../../lib/payments/money.ts";
import { debitRequest } from "../../../generators/card-api/transaction.ts";
import { audit, ledgerCommands, probe } from "./commands.ts";
import { LedgerReal } from "./model.ts";
import { emptyModel, type Invariant, type LedgerModel } from "./observations.ts";
import { awaitOurs } from "./settling.ts";
import { recentOperations } from "./readback.ts";

export const MAX_COMMANDS = 8;

/** Sequences per survey: model runs are long, so a fraction of PROPERTY_RUNS (at least 2). */
function sequences(ctx: CheckContext): number {
  return Math.max(2, Math.ceil(ctx.config.run.propertyRuns / 25));
}

/** What the sequences showed, for all five checks: the first breach of each invariant, or why none was judged. */
export interface Survey {
  draw: Draw<Iterable<fc.AsyncCommand<LedgerModel, LedgerReal>>>;
  broken: Map<Invariant, { sequence: number; detail: string; exchange: Exchange | undefined }>;
  /** Invariants set aside on some sequences (readings across the target's period boundary): how many, and why. */
  unjudged: Map<Invariant, { sequences: number; reason: string; variable: string }>;
  /** Others' operations seen on the payment card: the most in one sequence, and their total. */
  foreign: { count: number; micro: number };
  /** Invariants some sequence had something to judge for. */
  judged: Set<Invariant>;
  error?: unknown;
  skipped?: CheckSkipped;
  trail: Exchange[];
  sent: number;
  refusal?: Error;
  /** The valid debit amounts the sequences used (from the target's limits), for the notes. */
  range: DebitRange;
}

/** One sequence: the probe debits and one over the remaining limit, the random commands, the final audit. */
export async function runSequence(
  real: LedgerReal,
  commands: Iterable<fc.AsyncCommand<LedgerModel, LedgerReal>>,
  range: DebitRange,
): Promise<LedgerReal> {
  await real.open();
  const model: LedgerModel = emptyModel();
  await probe(model, real, range);
  await fc.asyncModelRun(() => ({ model, real }), commands);
  await audit(model, real);
  return real;
}

/**
 * The five checks share one set of sequences, each sequence asserting every invariant: five
 * times fewer debits and readings, and the survey holds the payment card's lane, so its readings
 * count exactly its own postings. Sequences go one after another (one card, one order); run once
 * per run (CheckContext.shared), with a seed of its own, so each check sees the same sequences whichever starts it.
 */
export function survey(ctx: CheckContext): Promise<Survey> {
  return ctx.shared("ledger survey", () => ctx.isolated(ctx.config.fixtures.payment.cardId, () => runSurvey(ctx)));
}

async function runSurvey(ctx: CheckContext): Promise<Survey> {
  const seed = deriveSeed(ctx.config.run.seed, "CARD-LEDGER model sequences");
  const range = await ctx.debitAmounts();
  const draw = {
    arbitrary: fc.commands(ledgerCommands(range, ctx.config.cardApi.amountNonce), { maxCommands: MAX_COMMANDS }),
    seed,
    numRuns: sequences(ctx),
  };
  const s: Survey = {
    ...{ draw, broken: new Map(), unjudged: new Map(), judged: new Set(), trail: [], sent: 0, range },
    foreign: { count: 0, micro: 0 },
  };
  await warmUp(ctx, seed, range);
  await tryCases(draw, 1, async (commands, sequence) => {
    const real = new LedgerReal(ctx, "all", deriveSeed(seed, `sequence ${sequence}`), range.terminal, s.trail);
    try {
      await runSequence(real, commands, range);
    } catch (error) {
      if (!(error instanceof CheckSkipped)) return ((s.error = error), "stop");
      s.skipped ??= error;
    } finally {
      s.sent += real.sent;
      for (const invariant of real.judged) s.judged.add(invariant);
      s.refusal ??= real.refusal;
      for (const [invariant, breach] of real.broken)
        if (!s.broken.has(invariant)) s.broken.set(invariant, { sequence, ...breach });
      for (const [invariant, why] of real.unjudged) {
        const seen = s.unjudged.get(invariant);
        s.unjudged.set(invariant, { ...(seen ?? why), sequences: (seen?.sequences ?? 0) + 1 });
      }
      if (real.foreign.count > s.foreign.count) s.foreign = real.foreign;
    }
    return "pass";
  });
  return s;
}

/**
 * One debit before the first baseline, awaited until it shows (LEDGER_SETTLE_MS): on a fresh card the
 * window would be empty, and a target that answers an empty period with an error would leave every
 * baseline unreadable (all skipped) — or not, if another check happened to debit first. Awaited, it
 * is in the first baseline, not a posting that lands in the first sequence.
 */
async function warmUp(ctx: CheckContext, seed: number, range: DebitRange): Promise<void> {
  const real = new LedgerReal(ctx, "all", deriveSeed(seed, "warm-up"), range.terminal);
  const minor = runAmountMinor(range, 0, ctx.config.cardApi.amountNonce);
  const since = Date.now();
  const before = await recentOperations(ctx, since);
  const body = debitRequest(real.faker, ctx.config, { minor });
  if (!(await real.debit(body))) return;
  const units = microOfMinor(minor);
  const expected = [{ micro: units, requestId: body.request_id }];
  await awaitOurs(ctx, {
    before,
    read: () => recentOperations(ctx, since),
    sent: new Set([units]),
    expected,
    since: Date.now(),
  });
}
