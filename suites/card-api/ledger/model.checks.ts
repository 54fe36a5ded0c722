/**
 * Model-based checks of the payment card's ledger: random sequences of debits and readings
 * (fast-check commands) between the probe debits (and an attempt over the remaining limit) and a final audit, one check per invariant, so
 * that each broken invariant fails its own check. The sequences are run once for the five checks
 * (the survey); a breaking sequence is replayed and shrunk for its invariant alone; the failure
 * names the commands, the seed and the path (replayPath included) and attaches the last exchange;
 * every check attaches the first few exchanges sent, as evidence of what was checked.
 */
import { LIMIT_VOCABULARY_READS } from "../../../lib/checks/reads.ts";
import fc from "fast-check";
import { defineCheck } from "../../../lib/checks/define.ts";
import { CheckFailure, CheckSkipped, fail } from "../../../lib/checks/failure.ts";
import { shrinkCase, tryCases, type Draw } from "../../../lib/checks/fast-check-runner.ts";
import type { DebitRange } from "../../../lib/payments/debit-range.ts";
import { runAmountMinor } from "../../../lib/payments/run-amounts.ts";
import { deriveSeed } from "../../../lib/checks/seed.ts";
import type { Basis, Check, CheckContext } from "../../../lib/checks/types.ts";
import type { Exchange } from "../../../lib/http/exchange.ts";
import { debitRequest } from "../../../generators/card-api/transaction.ts";
import { formatMicro, micro } from "../../../lib/payments/money.ts";
import { audit, ledgerCommands, probe } from "./commands.ts";
import { LedgerReal } from "./model.ts";
import { emptyModel, NOTHING_TO_JUDGE, type Invariant, type LedgerModel } from "./observations.ts";
import { awaitOurs } from "./settling.ts";
import { recentOperations } from "./readback.ts";

const MAX_COMMANDS = 8;
/** A breach that names a posting not shown within LEDGER_SETTLE_MS (settling.ts, usage.ts). */
const SETTLE_FINDING = /did not show in|is not counted after/;

/** Sequences per survey: model runs are long, so a fraction of PROPERTY_RUNS (at least 2). */
function sequences(ctx: CheckContext): number {
  return Math.max(2, Math.ceil(ctx.config.run.propertyRuns / 25));
}

/** What the sequences showed, for all five checks: the first breach of each invariant, or why none was judged. */
interface Survey {
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
async function runSequence(
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
function survey(ctx: CheckContext): Promise<Survey> {
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
  const body = debitRequest(real.faker, ctx.config, { amount: minor / 100 });
  if (!(await real.debit(body))) return;
  const units = micro(minor / 100)!;
  const expected = [{ micro: units, requestId: body.request_id }];
  await awaitOurs(ctx, {
    before,
    read: () => recentOperations(ctx, since),
    sent: new Set([units]),
    expected,
    since: Date.now(),
  });
}

async function runModel(ctx: CheckContext, invariant: Invariant): Promise<void> {
  const s = await survey(ctx);
  for (const exchange of s.trail) ctx.record(exchange);
  ctx.note(s.range.why);
  ctx.note(
    `${s.draw.numRuns} command sequence(s) of up to ${MAX_COMMANDS} steps, shared by the five ledger checks (seed ${s.draw.seed})`,
  );
  if (s.foreign.count)
    ctx.note(
      `up to ${s.foreign.count} operation(s) of other clients (${formatMicro(s.foreign.micro)}) seen on the payment card in a sequence: counted, never judged as ours`,
    );
  if (s.error) throw s.error;
  const breach = s.broken.get(invariant);
  if (breach) await shrinkAndFail(ctx, invariant, s, breach);
  if (s.skipped) throw s.skipped;
  notJudgedAcrossBoundary(ctx, s, invariant);
  // Every debit kept off the target by the guard: nothing was tested, say why (as a refused request does).
  if (s.sent === 0 && s.refusal) ctx.skip(s.refusal.message);
  // An invariant no sequence had anything to judge by is not judged, never passed.
  const nothing = NOTHING_TO_JUDGE[invariant];
  if (!s.judged.has(invariant)) ctx.notJudged(`no sequence had anything to judge it by: ${nothing.why}`, nothing.see);
}

/**
 * Readings across the target's period boundary are never a failure: the sequences that had them
 * are set aside for the invariant, and when every sequence was, the check is not judged, naming it.
 */
function notJudgedAcrossBoundary(ctx: CheckContext, s: Survey, invariant: Invariant): void {
  const unjudged = s.unjudged.get(invariant);
  if (!unjudged) return;
  if (unjudged.sequences >= s.draw.numRuns) ctx.notJudged(unjudged.reason, unjudged.variable);
  ctx.note(`${unjudged.sequences} of ${s.draw.numRuns} sequence(s) not judged for ${invariant}: ${unjudged.reason}`);
}

/** Replays the breaking sequence for this invariant alone and shrinks it, holding the card's lane again. */
async function shrinkAndFail(
  ctx: CheckContext,
  invariant: Invariant,
  s: Survey,
  breach: { sequence: number; detail: string; exchange: Exchange | undefined },
): Promise<never> {
  // A posting that never showed is the finding, named with its debit: replaying would only wait the bound again.
  if (SETTLE_FINDING.test(breach.detail)) {
    if (breach.exchange) ctx.record(breach.exchange);
    fail(
      "invariant",
      `${breach.detail} — in sequence ${breach.sequence}; fast-check seed ${s.draw.seed}, path "${breach.sequence}"`,
    );
  }
  let run = 0;
  const details = await ctx.isolated(ctx.config.fixtures.payment.cardId, () =>
    shrinkCase(s.draw, breach.sequence, async (commands) => {
      try {
        await runSequence(
          new LedgerReal(ctx, invariant, deriveSeed(s.draw.seed, `shrink ${run++}`), s.range.terminal),
          commands,
          s.range,
        );
      } catch (error) {
        if (!(error instanceof CheckSkipped)) throw error;
      }
    }),
  );
  const error = details.failed ? details.errorInstance : undefined;
  if (error !== undefined && !(error instanceof CheckFailure)) throw error;
  if (!error) {
    // Not broken again when replayed: the first breach is the finding.
    if (breach.exchange) ctx.record(breach.exchange);
    fail(
      "invariant",
      `${breach.detail} — in sequence ${breach.sequence} (not broken again when replayed); fast-check seed ${s.draw.seed}, path "${breach.sequence}"`,
    );
  }
  fail(
    error.category,
    `${error.detail} — after the probe debits and one over the remaining limit, ${commandsText(details.counterexample?.[0])} and the final audit ` +
      `(shrunk ${details.numShrinks} times); fast-check seed ${details.seed}, path "${details.counterexamplePath}"`,
  );
}

/** "the commands [debit(12.00), readStatement()] (replayPath "AB")", or "no other command". */
function commandsText(commands: unknown): string {
  const shown = String(commands ?? "");
  const replayPath = /replayPath="([^"]*)"/.exec(shown)?.[1];
  const list = shown.replace(/\s*\/\*replayPath=.*?\*\//, "").trim();
  return list ? `the commands [${list}]${replayPath ? ` (replayPath "${replayPath}")` : ""}` : "no other command";
}

/**
 * Statement and period invariants rest on §1/§4.2 (spec); usage, remaining and enforcement on the
 * limits vocabulary the target declares (CUMULATIVE_LIMIT_TYPES, MINIMUM_LIMIT_TYPES, MAXIMUM_LIMIT_TYPES,
 * LIMIT_PERIODS, the test terminal's scope) and its own limits.
 */
const LEDGER_BASIS: Record<Invariant, Basis> = {
  "statement": "spec",
  "period": "spec",
  "usage": "declared",
  "remaining": "declared",
  "limits-enforced": "declared",
};

function ledgerCheck(id: string, spec: string, invariant: Invariant, title: string, description: string): Check {
  const basis = LEDGER_BASIS[invariant];
  // What the target declares of its limits is what the declared invariants are judged by.
  const reads = basis === "declared" ? LIMIT_VOCABULARY_READS : [];
  return defineCheck({
    id,
    level: "should",
    spec,
    basis,
    title,
    description,
    reads,
    run: (ctx) => runModel(ctx, invariant),
  });
}

export const modelChecks: Check[] = [
  ledgerCheck(
    "CARD-LEDGER-STATEMENT",
    "§4.2",
    "statement",
    "Create transaction: every accepted debit appears once in the statement with its amount and currency; a refused one leaves no trace",
    "Random sequences of debits (valid, over a limit, under a minimum, replays) and readings; the statement of the window, read after each step, holds exactly the accepted debits.",
  ),
  ledgerCheck(
    "CARD-LEDGER-USAGE",
    "§2.4",
    "usage",
    "Limits list: usage (current) grows by exactly the accepted debits",
    "For the card, its account and its client: each cumulative limit (CUMULATIVE_LIMIT_TYPES) that applies to the test terminal (TERMINAL_MCC, LIMIT_ANY_MCC, TERMINAL_REGION, LIMIT_TRANSACTION_TYPES) moves by the accepted amounts or not at all; at least one moves. A limit whose period means `debit` (LIMIT_PERIODS) accumulates nothing and is expected nothing of.",
  ),
  ledgerCheck(
    "CARD-LEDGER-REMAINING",
    "§2.4",
    "remaining",
    "Limits list: remaining = value − current for cumulative limits, and every amount is a non-negative decimal",
    "Checked on every reading of the limits of the card, its account and its client during the sequences.",
  ),
  ledgerCheck(
    "CARD-LEDGER-LIMITS-ENFORCED",
    "§8",
    "limits-enforced",
    "Create transaction: a debit over a remaining limit, under a minimum or over a per-debit maximum is refused, and one exactly at the maximum is accepted",
    "§8: limits hold minimum and other amount limits per period. Of the limits that apply to the test terminal (TERMINAL_MCC, LIMIT_ANY_MCC, TERMINAL_REGION, LIMIT_TRANSACTION_TYPES): " +
      "the over-limit debit is one unit over the smallest remaining cumulative limit (sent only while it is within every per-debit maximum, which would refuse it for another reason); " +
      "the other one hundredth under the largest minimum (MINIMUM_LIMIT_TYPES); every sequence also sends one hundredth over the smallest per-debit maximum (MAXIMUM_LIMIT_TYPES, or a cumulative type whose LIMIT_PERIODS meaning is debit), which must be refused, " +
      "and exactly that maximum, which must be accepted (sent only while it uses at most a tenth of the smallest remaining cumulative limit).",
  ),
  ledgerCheck(
    "CARD-LEDGER-PERIOD",
    "§4.2",
    "period",
    "Card statement: a statement holds only operations of its period, and a period without operations gives an empty list",
    "Statements of the sequence's window, of random parts of it, and of a day in 2001, read between debits.",
  ),
];
