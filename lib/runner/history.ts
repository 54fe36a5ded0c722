/**
 * Every run compared with the last one: the last full run's summary is kept in
 * REPORTS_DIR/history/ — where the Allure history lives, the folder CI keeps between runs — and
 * each run writes what changed since (compare.json, a summary.md section, the console's last
 * lines, the GitHub job summary). Only a full run becomes the next run's "last run": a partial
 * one (--check, --last-failed, a shard) or an interrupted one would make its missing checks look
 * newly skipped next time.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { carryFailingSince, compareRuns, type Comparison } from "../reporting/compare.ts";
import {
  appendStepSummary,
  comparisonConsoleLines,
  readSummaryAt,
  renderComparisonMarkdown,
  writeComparison,
} from "../reporting/compare-report.ts";
import { partialNote, type Summary } from "../reporting/summary.ts";
import { DEFAULT_SLOWER, type SlowerRule } from "../reporting/slower.ts";

export function lastSummaryFile(reportsDir: string): string {
  return join(reportsDir, "history", "last-summary.json");
}

/** A run that can stand as "the last run" for the next comparison. */
export function isFullRun(s: Summary): boolean {
  return !s.selectedChecks?.length && !s.lastFailedFrom && !s.interrupted && !s.shard && s.checks.length > 0;
}

/** The comparison with the kept summary (none kept: undefined), written beside this run's outputs; `slower`: SLOWER_FACTOR and SLOWER_FLOOR_MS. */
export function compareWithLastRun(
  reportsDir: string,
  summary: Summary,
  slower: SlowerRule = DEFAULT_SLOWER,
): Comparison | undefined {
  let previous;
  try {
    previous = readSummaryAt(lastSummaryFile(reportsDir));
  } catch (error) {
    process.stderr.write(`conformance: the kept summary cannot be compared: ${(error as Error).message}\n`);
  }
  if (!previous) return undefined;
  const comparison = compareRuns(previous, summary, slower);
  // The next comparison learns since when a check fails from this run's summary.
  const carried = { ...summary, checks: carryFailingSince(summary.checks, comparison) };
  writeFileSync(join(reportsDir, "summary.json"), `${JSON.stringify(carried, null, 2)}\n`);
  writeComparison(reportsDir, comparison);
  return comparison;
}

/** Keeps this run's summary as the next run's "last run", when it is a full run. */
export function keepForNextRun(reportsDir: string, summary: Summary): void {
  if (!isFullRun(summary) || !existsSync(join(reportsDir, "summary.json"))) return;
  mkdirSync(join(reportsDir, "history"), { recursive: true });
  copyFileSync(join(reportsDir, "summary.json"), lastSummaryFile(reportsDir));
}

/** The console's last lines and the job summary: the verdict, then what changed. */
export function reportChanges(summary: Summary, comparison: Comparison | undefined, stepSummaryFile: string): void {
  if (comparison) process.stdout.write(`${comparisonConsoleLines(comparison).join("\n")}\n`);
  const verdict = `### Conformance verdict: ${summary.verdict}${partialNote(summary)}\n\ntarget ${summary.target} · seed ${summary.seed} · ${summary.requests} requests\n`;
  appendStepSummary(stepSummaryFile, `${verdict}\n${comparison ? renderComparisonMarkdown(comparison) : ""}`);
}
