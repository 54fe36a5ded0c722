/**
 * Phase 6, verdict: what vitest's reporters cannot know is added to the outputs (the verdict and
 * the flaky marks in JUnit and Allure, the baseline gate), the run is compared with the last kept
 * one (history.ts) and kept for the next, and the exit code decided: the verdict's, the baseline
 * gate's, --fail-on new's, or 130/143 for a run a signal stopped.
 */
import { join } from "node:path";
import { markFlakyInAllure, markFlakyInJunit } from "../../reporting/flaky-marks.ts";
import { writeJunitVerdict } from "../../reporting/junit-verdict.ts";
import { markMergedFailures } from "../../reporting/merged-marks.ts";
import { exitCodeOf, type Summary } from "../../reporting/summary.ts";
import { applyBaseline } from "../baseline.ts";
import { baselineConsoleLines, writeBaselineVerdict } from "../baseline-report.ts";
import { EXIT } from "../cli-errors.ts";
import { failOnExitCode } from "../fail-on.ts";
import { compareWithLastRun, keepForNextRun, reportChanges } from "../history.ts";
import { exitCodeOfSignal, interruptedBy } from "../interrupt.ts";
import type { Planned } from "../run-state.ts";

export function decideVerdict(run: Planned, summary: Summary | undefined): number {
  const signal = interruptedBy();
  if (!summary) {
    process.stderr.write("conformance: the run ended without a summary (see the errors above)\n");
    return signal ? exitCodeOfSignal(signal) : EXIT.failed;
  }
  const code = verdictExitCode(run, summary);
  const { reportsDir, stepSummaryFile } = run.plan.config.run;
  // A shard or an interrupted run misses checks: "newly skipped" would be noise, not change.
  const slower = run.plan.config.measures.slower;
  const comparison = summary.shard || signal ? undefined : compareWithLastRun(reportsDir, summary, slower);
  reportChanges(summary, comparison, stepSummaryFile);
  keepForNextRun(reportsDir, summary);
  if (signal) return exitCodeOfSignal(signal);
  return failOnExitCode(run.failOn, comparison) ?? code;
}

/** The verdict in JUnit and Allure; with a baseline, its gate decides the code. */
function verdictExitCode(run: Planned, summary: Summary): number {
  const dir = run.plan.config.run.reportsDir;
  writeJunitVerdict(join(dir, "junit.xml"), summary);
  markFlakyInJunit(join(dir, "junit.xml"), summary.checks);
  markFlakyInAllure(join(dir, "allure-results"), summary.checks);
  // After a merge of shards a contract check may fail on another shard's answers: JUnit and Allure say so too.
  markMergedFailures(join(dir, "junit.xml"), join(dir, "allure-results"), summary.checks);
  if (!run.baseline) return exitCodeOf(summary);
  const verdict = applyBaseline(summary, run.baseline);
  writeBaselineVerdict(dir, summary, verdict);
  process.stdout.write(`${baselineConsoleLines(verdict).join("\n")}\n`);
  return verdict.gate === "pass" ? EXIT.conformant : EXIT.failed;
}
