/**
 * What an operated run adds around the checks, kept out of the CLI's main: --retries
 * and --last-failed in the plan's configuration, "target unavailable" written as a verdict, and
 * after the verdict the comparison with the last kept run, --fail-on new and the exit code of an
 * interrupted run (130/143).
 */
import type { Config } from "../config/load.ts";
import { HARNESS_VERSION } from "../config/version.ts";
import { VARIABLES } from "../config/variables.ts";
import { buildSummary, type Summary } from "../reporting/summary.ts";
import { UsageError } from "./cli-errors.ts";
import { failOnExitCode, type FailOn } from "./fail-on.ts";
import { compareWithLastRun, keepForNextRun, reportChanges } from "./history.ts";
import { exitCodeOfSignal, interruptBeforeChecks, interruptedBy } from "./interrupt.ts";
import { parseRetries, readLastFailed, type LastFailed } from "./last-failed.ts";
import { TargetUnavailable, writeUnavailableSummary, writeVerdictOnly } from "./target-down.ts";

/** The command-line options this file reads. */
export interface RerunOptions {
  "last-failed"?: boolean | undefined;
  "retries"?: string | undefined;
  "check"?: string[] | undefined;
}

/** After the verdict: what changed since the last kept run (history.ts), and --fail-on new deciding the code. */
export function changesExitCode(summary: Summary | undefined, code: number, config: Config, failOn: FailOn): number {
  const signal = interruptedBy();
  if (!summary) return signal ? exitCodeOfSignal(signal) : code;
  const dir = config.run.reportsDir;
  // A shard or an interrupted run misses checks: "newly skipped" would be noise, not change.
  const comparison = summary.shard || signal ? undefined : compareWithLastRun(dir, summary);
  reportChanges(summary, comparison, config.run.stepSummaryFile);
  keepForNextRun(dir, summary);
  if (signal) return exitCodeOfSignal(signal);
  return failOnExitCode(failOn, comparison) ?? code;
}

/** A target found down: summary.json/.md say so (verdict "target unavailable") and the job summary too, then exit 3. */
export function unavailable(error: unknown, config: Config, run: { target: string; startedAt: number }): never {
  if (error instanceof TargetUnavailable) {
    const summary = writeUnavailableSummary(config.run.reportsDir, runInfo(config, run), error.message);
    reportChanges(summary, undefined, config.run.stepSummaryFile);
  }
  throw error;
}

/** --last-failed, read before the outputs are cleared: it selects the checks (and, in the configuration, the seed). */
export function lastFailedRun(options: RerunOptions): LastFailed | undefined {
  if (!options["last-failed"]) return undefined;
  if (options.check?.length) throw new UsageError("--last-failed and --check exclude each other");
  const last = readLastFailed(process.env.REPORTS_DIR?.trim() || VARIABLES.REPORTS_DIR.default);
  options.check = last.ids;
  return last;
}

/** --retries N over CHECK_RETRIES, and the last run's seed for --last-failed: in the plan's configuration. */
export function withRerunOptions(config: Config, options: RerunOptions, last?: LastFailed): Config {
  const retries = options.retries === undefined ? config.run.retries : Number(parseRetries(options.retries));
  const seed = last ? { seed: last.seed, seedFromEnv: true } : {};
  return { ...config, run: { ...config.run, retries, ...seed } };
}

/** Ctrl-C before the checks start: the outputs say "interrupted, nothing judged", exit 130/143 at once. */
export function interruptBeforeTheChecks(config: Config, run: { target: string; startedAt: number }): () => void {
  return interruptBeforeChecks((signal) => {
    const info = { ...runInfo(config, run), interrupted: signal };
    const reason = `interrupted by ${signal} before any check ran: nothing was judged`;
    process.stderr.write(`conformance: ${reason}\n`);
    writeVerdictOnly(config.run.reportsDir, { ...buildSummary([], [reason], info), verdict: "interrupted" });
  });
}

function runInfo(config: Config, run: { target: string; startedAt: number }) {
  return {
    target: run.target,
    seed: config.run.seed,
    strict: config.run.strict,
    harnessVersion: HARNESS_VERSION,
    startedAt: new Date(run.startedAt).toISOString(),
    durationMs: Date.now() - run.startedAt,
  };
}
