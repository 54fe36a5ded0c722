/**
 * --last-failed: the partner's "is it fixed now?" loop. Reads the previous run's
 * summary.json and selects its failed, flaky and not-judged checks, with the run's seed — each
 * check's own seed is derived from it and its id (lib/checks/seed.ts), so the same cases come back.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ConformanceMeta } from "../checks/meta.ts";
import { reportsDirOf } from "../config/load.ts";
import { storedRow } from "../reporting/summary.ts";
import { UsageError } from "./cli-errors.ts";

export interface LastFailed {
  /** The summary read, as the outputs name it. */
  from: string;
  seed: number;
  ids: string[];
}

type Row = Pick<ConformanceMeta, "id" | "level" | "outcome" | "category">;

/** Failed, flaky or not judged (a refused fixture, or not run when the run was interrupted): what a re-run can change. */
export function worthRerunning(c: Row): boolean {
  return c.outcome === "failed" || c.outcome === "flaky" || c.outcome === "not judged";
}

/** --last-failed, read before the outputs are cleared: it selects the checks (and, in the configuration, the seed). */
export function lastFailedRun(options: {
  "last-failed"?: boolean | undefined;
  "check"?: string[] | undefined;
}): LastFailed | undefined {
  if (!options["last-failed"]) return undefined;
  if (options.check?.length) throw new UsageError("--last-failed and --check exclude each other");
  return readLastFailed(reportsDirOf());
}

/** The selection from REPORTS_DIR/summary.json; read before the run clears it. */
export function readLastFailed(reportsDir: string): LastFailed {
  const from = join(reportsDir, "summary.json");
  if (!existsSync(from)) throw new UsageError(`--last-failed: no ${from} of an earlier run to read`);
  let summary: { seed?: unknown; checks?: Row[]; startedAt?: string };
  try {
    summary = JSON.parse(readFileSync(from, "utf8"));
  } catch (error) {
    throw new UsageError(`--last-failed: ${from} does not parse: ${(error as Error).message}`);
  }
  if (typeof summary.seed !== "number" || !Array.isArray(summary.checks))
    throw new UsageError(`--last-failed: ${from} is not a conformance summary (no seed or checks)`);
  // A summary of an earlier version may write "not judged" in the old form.
  const ids = summary.checks
    .map(storedRow)
    .filter(worthRerunning)
    .map((c) => c.id);
  if (!ids.length)
    throw new UsageError(
      `--last-failed: the run in ${from} has no failed, flaky or not-judged check: nothing to re-run`,
    );
  return { from: `${from} (${summary.startedAt ?? "unknown date"})`, seed: summary.seed, ids };
}

/** --retries N: a whole number from 0 to 10 (more would hide a broken target behind luck). */
export function parseRetries(text: string): string {
  if (!/^\d+$/.test(text) || Number(text) > 10)
    throw new UsageError(`--retries ${text}: give a whole number from 0 to 10`);
  return String(Number(text));
}
