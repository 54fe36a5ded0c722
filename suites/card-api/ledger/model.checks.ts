/**
 * Model-based checks of the payment card's ledger: random sequences of debits and readings
 * (fast-check commands) between the probe debits (and an attempt over the remaining limit) and a final audit, one check per invariant, so
 * that each broken invariant fails its own check. The sequences are run once for the five checks
 * (the survey, survey.ts); a breaking sequence is replayed and shrunk for its invariant alone; the failure
 * names the commands, the seed and the path (replayPath included) and attaches the last exchange;
 * every check attaches the first few exchanges sent, as evidence of what was checked.
 */
import {
  type Basis,
  type Check,
  type CheckContext,
  CheckFailure,
  CheckSkipped,
  defineCheck,
  deriveSeed,
  type Exchange,
  fail,
  LIMIT_VOCABULARY_READS,
  shrinkCase,
} from "../../../lib/checks/kit.ts";
import { formatMicro } from "../../../lib/payments/money.ts";
import { LedgerReal } from "./model.ts";
import { NOTHING_TO_JUDGE, type Invariant } from "./observations.ts";
import { MAX_COMMANDS, runSequence, survey, type Survey } from "./survey.ts";

/**
 * A breach that names its debit (settling.ts, usage.ts): a posting not shown within LEDGER_SETTLE_MS,
 * or one posted or counted twice. Replaying it would only wait the bound again, for the same name.
 */
const SETTLE_FINDING = /did not show in|is not counted after|is posted more than once|is counted twice/;

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
  if (s.sent === 0 && s.refusal) ctx.notApplicable("production guard", s.refusal.message);
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
  // The debit named is the finding: replaying would only wait the bound again.
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
