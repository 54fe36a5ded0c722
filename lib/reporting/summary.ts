/**
 * The run summary: verdict, counts by level and outcome, one row per check, and the operations
 * the run does not cover. Pure data; summary-reporter.ts collects it, markdown.ts renders it.
 */
import type { Level } from "../checks/types.ts";
import { NAMED_ONLY_OPERATIONS } from "../catalogue/named-only.ts";
import type { ConformanceMeta, ReportedOutcome } from "../vitest/meta.ts";

export type Verdict = "conformant" | "not conformant" | "incomplete";

export interface RunInfo {
  target: string;
  seed: number;
  strict: boolean;
  startedAt: string;
  durationMs: number;
  harnessVersion: string;
}

export interface NotCovered { code: string; operation: string; title: string; family: string; spec: string; reason: string }

export interface Summary extends RunInfo {
  verdict: Verdict;
  /** Requests the checks sent to the target. */
  requests: number;
  counts: Record<Level, Record<ReportedOutcome, number>>;
  checks: ConformanceMeta[];
  notCovered: NotCovered[];
  /** Problems outside any check (a suite that did not load, an unhandled error). */
  errors: string[];
}

const LEVELS: Level[] = ["must", "should", "info"];
const OUTCOMES: ReportedOutcome[] = ["passed", "failed", "warning", "skipped"];

function countByLevel(checks: ConformanceMeta[]): Summary["counts"] {
  const counts = Object.fromEntries(LEVELS.map((l) => [l, Object.fromEntries(OUTCOMES.map((o) => [o, 0]))])) as Summary["counts"];
  for (const c of checks) counts[c.level ?? "must"][c.outcome]++;
  return counts;
}

export function verdictOf(checks: ConformanceMeta[], errors: string[]): Verdict {
  if (errors.length) return "incomplete";
  return checks.some((c) => c.outcome === "failed") ? "not conformant" : "conformant";
}

export function buildSummary(rows: ConformanceMeta[], errors: string[], info: RunInfo): Summary {
  const checks = rows.filter((r) => r.kind === "check").sort((a, b) => a.id.localeCompare(b.id));
  return {
    verdict: verdictOf(checks, errors),
    ...info,
    requests: checks.reduce((sum, c) => sum + (c.requests ?? 0), 0),
    counts: countByLevel(checks),
    checks,
    notCovered: NAMED_ONLY_OPERATIONS.map((op) => ({
      code: op.code, operation: op.key, title: op.title, family: op.family, spec: op.spec, reason: op.notCoveredReason ?? "",
    })),
    errors,
  };
}

/** Exit code of a run: 0 conformant, 1 a check failed or the run was incomplete. */
export function exitCodeOf(summary: Pick<Summary, "verdict">): 0 | 1 {
  return summary.verdict === "conformant" ? 0 : 1;
}
