/**
 * `npm run conformance` from a partner's folder (its .env, module and files), as the independent
 * targets' CLI tests run it, with what the run wrote read back: one helper for the foreign, third
 * and fourth targets' tests, each of which starts its own target and writes its own folder.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Summary } from "../../lib/reporting/summary.ts";
import { runCli, type CliResult } from "./cli.ts";

export interface SummaryCheck {
  id: string;
  level?: string;
  /** A finding's own level when lower than the check's (info: resting only on the reference). */
  findingLevel?: string;
  basis?: string;
  outcome: string;
  message?: string;
  reason?: string;
}

export interface PartnerRun extends CliResult {
  summary?: { verdict: string; checks: SummaryCheck[] } & Pick<Summary, "settleTimes">;
  dir: string;
}

/** The command in `dir` with `args`; 10 property runs (the cases' variety, not their number, is what a target meets). */
export async function conformanceIn(dir: string, args: string[]): Promise<PartnerRun> {
  const result = await runCli("conformance.ts", args, { PROPERTY_RUNS: "10" }, 240_000, dir);
  const file = join(dir, "reports", "summary.json");
  return { ...result, dir, ...(existsSync(file) ? { summary: JSON.parse(readFileSync(file, "utf8")) } : {}) };
}

/** Checks above info that did not pass: an info finding is an observation; a skip would hide a missing fixture. */
export const notPassed = (run: PartnerRun) =>
  run.summary!.checks.filter((c) => (c.findingLevel ?? c.level) !== "info" && c.outcome !== "passed").map((c) => c.id);

/** The run's last lines, for an assertion's message. */
export const outcomes = (run: PartnerRun) => `${run.stdout.slice(-2500)}\n${run.stderr.slice(-1500)}`;

/** Warnings on stderr: every variable the partner folder sets is one the harness reads. */
export const warnings = (run: PartnerRun) => run.stderr.split("\n").filter((l) => /warning|does not read/.test(l));
