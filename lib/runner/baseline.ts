/**
 * The expected-failure baseline: a file of check ids known to fail on a target, a reason each.
 * A run gated by it fails on a failure the file does not list (a regression) and on a listed
 * check that now passes (so the list only shrinks); listed checks that still fail do not fail it.
 * Listed checks that were skipped, not judged or not run (--check, a shard) are not judged by the
 * gate. A must check left "not judged" (the target refused its fixture request,
 * lib/checks/precondition.ts) that the file does not list fails the gate like a new failure: a
 * refused fixture would otherwise hide regressions.
 *
 *   { "expectedFailures": [ { "id": "CARD-STMT-DT", "reason": "dt has no offset; ticket PAY-123" } ] }
 */
import { existsSync, readFileSync } from "node:fs";
import { ConfigError } from "../errors/config-error.ts";
import { notJudged, type Summary } from "../reporting/summary.ts";

const DEFAULT_BASELINE_FILE = "conformance-baseline.json";

export interface BaselineEntry {
  id: string;
  reason: string;
}
export interface Baseline {
  file: string;
  entries: BaselineEntry[];
}

export interface BaselineVerdict {
  file: string;
  /** Listed and still failing (or warning). */
  stillFailing: BaselineEntry[];
  /** Failed and not listed: new failures. */
  newFailures: Array<{ id: string; message: string }>;
  /** Listed and now passing: to be removed from the file. */
  nowPassing: BaselineEntry[];
  /** Listed but skipped or not run here. */
  notJudged: BaselineEntry[];
  gate: "pass" | "fail";
}

/** The configured baseline file, the default one when it exists, or none. */
export function loadBaseline(configured: string | undefined, knownIds: ReadonlySet<string>): Baseline | undefined {
  const file = configured ?? (existsSync(DEFAULT_BASELINE_FILE) ? DEFAULT_BASELINE_FILE : undefined);
  if (!file) return undefined;
  const bad = (problem: string): never => {
    throw new ConfigError("BASELINE_FILE", `${file} ${problem}`);
  };
  if (!existsSync(file)) bad("does not exist");
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    bad(`is not JSON (${(error as Error).message})`);
  }
  const list = (data as { expectedFailures?: unknown } | null)?.expectedFailures;
  if (!Array.isArray(list)) return bad('has no "expectedFailures" array');
  const entries = list.map((e: unknown, i): BaselineEntry => {
    const { id, reason } = (e ?? {}) as Record<string, unknown>;
    if (typeof id !== "string" || !knownIds.has(id))
      bad(`entry ${i + 1}: ${JSON.stringify(id)} is not the id of a check`);
    if (typeof reason !== "string" || !reason.trim()) bad(`entry ${i + 1} (${String(id)}): give a reason`);
    return { id: id as string, reason: reason as string };
  });
  const ids = entries.map((e) => e.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) bad(`lists ${twice} twice`);
  return { file, entries };
}

/** Judges a run's checks against the baseline. */
export function applyBaseline(summary: Pick<Summary, "checks" | "errors">, baseline: Baseline): BaselineVerdict {
  const outcome = new Map(summary.checks.map((c) => [c.id, c]));
  const listed = new Set(baseline.entries.map((e) => e.id));
  const by = (pred: (o: string | undefined) => boolean) =>
    baseline.entries.filter((e) => pred(outcome.get(e.id)?.outcome));
  const verdict = {
    file: baseline.file,
    stillFailing: by((o) => o === "failed" || o === "warning"),
    newFailures: summary.checks
      .filter((c) => (c.outcome === "failed" || notJudged(c)) && !listed.has(c.id))
      .map((c) => ({ id: c.id, message: c.message ?? "" })),
    nowPassing: by((o) => o === "passed"),
    notJudged: by((o) => o === undefined || o === "skipped" || o === "not judged"),
  };
  const fails = verdict.newFailures.length > 0 || verdict.nowPassing.length > 0 || summary.errors.length > 0;
  return { ...verdict, gate: fails ? "fail" : "pass" };
}
