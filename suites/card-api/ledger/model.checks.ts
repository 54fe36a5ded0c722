/**
 * Model-based checks of the payment card's ledger: random sequences of debits and readings
 * (fast-check commands) between two probe debits and a final audit, one check per invariant, so
 * that each broken invariant fails its own check. A failing sequence is shrunk; the failure names the commands, the seed and the path
 * (replayPath included) and attaches the last exchange; every run attaches the first few exchanges
 * it sent, as evidence of what was checked.
 */
import fc from "fast-check";
import { defineCheck } from "../../../lib/checks/define.ts";
import { CheckFailure, CheckSkipped, fail } from "../../../lib/checks/failure.ts";
import { deriveSeed } from "../../../lib/checks/seed.ts";
import type { Check, CheckContext } from "../../../lib/checks/types.ts";
import type { Exchange } from "../../../lib/http/exchange.ts";
import { audit, ledgerCommands, probe } from "./commands.ts";
import { LedgerReal } from "./model.ts";
import type { Invariant, LedgerModel } from "./observations.ts";

const MAX_COMMANDS = 8;

/** Sequences per check: model runs are long, so a fraction of PROPERTY_RUNS (at least 2). */
function sequences(ctx: CheckContext): number {
  return Math.max(2, Math.ceil(ctx.config.run.propertyRuns / 25));
}

async function runModel(ctx: CheckContext, invariant: Invariant): Promise<void> {
  let skipped: CheckSkipped | undefined;
  let run = 0;
  const trail: Exchange[] = [];
  let sent = 0;
  let refusal: Error | undefined;
  const range = await ctx.debitAmounts();
  ctx.note(range.why);
  const property = fc.asyncProperty(fc.commands(ledgerCommands(range), { maxCommands: MAX_COMMANDS }), async (commands) => {
    try {
      const real = await new LedgerReal(ctx, invariant, deriveSeed(ctx.seed, `sequence ${run++}`), trail).open();
      const model: LedgerModel = { accepted: [] };
      await probe(model, real, range);
      await fc.asyncModelRun(() => ({ model, real }), commands);
      await audit(model, real);
      sent += real.sent;
      refusal ??= real.refusal;
    } catch (error) {
      if (!(error instanceof CheckSkipped)) throw error;
      skipped = error;
    }
  });
  const details = await fc.check(property, { seed: ctx.seed, numRuns: sequences(ctx) });
  for (const exchange of trail) ctx.record(exchange);
  ctx.note(`${details.numRuns} command sequence(s) of up to ${MAX_COMMANDS} steps (seed ${details.seed})`);
  if (details.failed) {
    const error = details.errorInstance;
    if (!(error instanceof CheckFailure)) throw error;
    fail(error.category, `${error.detail} — after two probe debits, ${commandsText(details.counterexample?.[0])} and the final audit ` +
      `(shrunk ${details.numShrinks} times); fast-check seed ${details.seed}, path "${details.counterexamplePath}"`);
  }
  if (skipped) throw skipped;
  // Every debit kept off the target by the guard: nothing was tested, say why (as a refused request does).
  if (sent === 0 && refusal) ctx.skip(refusal.message);
}

/** "the commands [debit(12.00), readStatement()] (replayPath "AB")", or "no other command". */
function commandsText(commands: unknown): string {
  const shown = String(commands ?? "");
  const replayPath = /replayPath="([^"]*)"/.exec(shown)?.[1];
  const list = shown.replace(/\s*\/\*replayPath=.*?\*\//, "").trim();
  return list ? `the commands [${list}]${replayPath ? ` (replayPath "${replayPath}")` : ""}` : "no other command";
}

function ledgerCheck(id: string, spec: string, invariant: Invariant, title: string, description: string): Check {
  return defineCheck({ id, level: "should", spec, title, description, run: (ctx) => runModel(ctx, invariant) });
}

export const modelChecks: Check[] = [
  ledgerCheck("CARD-LEDGER-STATEMENT", "§4.2", "statement",
    "Create transaction: every accepted debit appears once in the statement with its amount and currency; a refused one leaves no trace",
    "Random sequences of debits (valid, over a limit, under a minimum, replays) and readings; the statement of the window, read after each step, holds exactly the accepted debits."),
  ledgerCheck("CARD-LEDGER-USAGE", "§2.4", "usage",
    "Limits list: usage (current) grows by exactly the accepted debits",
    "For the card, its account and its client: each cumulative limit (CUMULATIVE_LIMIT_TYPES) moves by the accepted amounts or, if it does not apply, not at all; at least one moves."),
  ledgerCheck("CARD-LEDGER-REMAINING", "§2.4", "remaining",
    "Limits list: remaining = value − current for cumulative limits, and every amount is a non-negative decimal",
    "Checked on every reading of the limits of the card, its account and its client during the sequences."),
  ledgerCheck("CARD-LEDGER-LIMITS-ENFORCED", "§8", "limits-enforced",
    "Create transaction: a debit over a remaining limit, or under a minimum, is refused",
    "§8: limits hold minimum and other amount limits per period. The over-limit debit is one unit over the smallest remaining cumulative limit; the other one hundredth under the largest minimum (MINIMUM_LIMIT_TYPES)."),
  ledgerCheck("CARD-LEDGER-PERIOD", "§4.2", "period",
    "Card statement: a statement holds only operations of its period, and a period without operations gives an empty list",
    "Statements of the sequence's window, of random parts of it, and of a day in 2001, read between debits."),
];
