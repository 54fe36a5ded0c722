/**
 * How a run ends before its checks. Interrupted (a signal during the configuration, the target,
 * the token or the preflight) and target unavailable leave the outputs CI reads saying so —
 * summary.json and summary.md with that verdict, the reason and no check, the run described as far
 * as it got (run-description.ts) — so that no earlier run's verdict is mistaken for this one's.
 * Any other problem (configuration, usage, preflight, a bug) writes nothing: its one line on stderr
 * says what (settleCommand: exit 2, or 1 for a bug). The pipeline unwinds its cleanup stack after
 * each of them, as after a run that ended normally.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { redactor } from "../redaction/redact.ts";
import { renderSummaryMarkdown } from "../reporting/markdown.ts";
import { buildSummary, type RunInfo, type Summary, type Verdict } from "../reporting/summary.ts";
import { reportChanges } from "./history.ts";
import { exitCodeOfSignal, Interrupted } from "./interrupt.ts";
import { describeRun } from "./run-description.ts";
import type { Reached, Targeted } from "./run-state.ts";
import { TargetUnavailable } from "./target-down.ts";

type RunSoFar = Targeted & Partial<Reached>;

/** The exit code of an interrupted run (130/143); any other error is thrown on, after its outputs are written. */
export function endBeforeChecks(error: unknown, run: RunSoFar | undefined): number {
  if (error instanceof Interrupted) {
    const reason = `interrupted by ${error.signal} before any check ran: nothing was judged`;
    process.stderr.write(`conformance: ${reason}\n`);
    if (run) writeVerdictOnly(run, "interrupted", reason, { interrupted: error.signal });
    return exitCodeOfSignal(error.signal);
  }
  // The target found down: verdict "target unavailable" (exit 3), in the job summary too.
  if (error instanceof TargetUnavailable && run) {
    const summary = writeVerdictOnly(run, "target unavailable", error.message);
    reportChanges(summary, undefined, run.plan.config.run.stepSummaryFile);
  }
  throw error;
}

/** summary.json and summary.md of a run that judged nothing. */
function writeVerdictOnly(run: RunSoFar, verdict: Verdict, reason: string, extra: Partial<RunInfo> = {}): Summary {
  const times = { startedAt: new Date(run.startedAt).toISOString(), durationMs: Date.now() - run.startedAt };
  const summary: Summary = { ...buildSummary([], [reason], { ...describeRun(run), ...extra, ...times }), verdict };
  const dir = run.plan.config.run.reportsDir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "summary.json"), `${JSON.stringify(redactor.json(summary), null, 2)}\n`);
  writeFileSync(join(dir, "summary.md"), redactor.text(renderSummaryMarkdown(summary)));
  return summary;
}
