/**
 * The run summary: verdict, counts by level and outcome, per family and per operation, the
 * clause table (coverage.ts), one row per check, and the operations the run does not cover.
 * Pure data; summary-reporter.ts collects it, markdown.ts and console-summary.ts render it.
 */
import type { Level, SettleReading } from "../checks/types.ts";
import { NOT_COVERED_OPERATIONS } from "../catalogue/index.ts";
import type { ConformanceMeta, ReportedOutcome } from "../checks/meta.ts";
import {
  clauseRows,
  countOutcomes,
  familyRows,
  operationRows,
  received,
  type ClauseRow,
  type FamilyRow,
  type OperationRow,
} from "./coverage.ts";
import type { SpecClause } from "./spec-clauses.ts";
import { tlsPolicyBroken, type NetworkReport } from "./network.ts";
import type { Declaration } from "./certify/declaration.ts";
import type { LatencyRow } from "../checks/meter.ts";

export type Verdict = "conformant" | "not conformant" | "incomplete" | "interrupted" | "target unavailable";

export interface RunInfo {
  target: string;
  seed: number;
  strict: boolean;
  startedAt: string;
  durationMs: number;
  harnessVersion: string;
  /** `git rev-parse HEAD` of the harness, when known. */
  gitCommit?: string;
  propertyRuns?: number;
  /** The debit amounts the run used and why, as the preflight found them (lib/payments/debit-range.ts). */
  debitAmounts?: string;
  /** The run plan's share of the bounds: worker processes, requests in flight and MAX_RPS of each. */
  workers?: { processes: number; inFlightEach: number; rpsEach?: number };
  /** Where the partner's access token came from, when it was fetched (PARTNER_TOKEN_URL / PARTNER_TOKEN_COMMAND); not named *token*, which the redactor would blank. */
  bearerSource?: string;
  /** --check: only these checks ran, so the verdict speaks for them alone (a pack calls it incomplete). */
  selectedChecks?: string[];
  /** --family / --operation (with --check's ids): how the selection was made, as the verdict names it. */
  selectedBy?: string[];
  /** The request rules the target declared (REQUEST_RULES_FILE), as the workers judged by them. */
  requestRules?: string;
  /** What the partner declared for this run (the pack's conformance statement, lib/reporting/certify/declaration.ts). */
  declaration?: Declaration;
  /** --shard=i/n: one part of a run; a part with no check of its own is not a run that judged nothing. */
  shard?: string;
  /** --last-failed: only the failed, flaky and not-judged checks of this earlier summary ran (a partial run). */
  lastFailedFrom?: string;
  /** The signal that stopped the run (SIGINT, SIGTERM): what was judged is reported, the rest not run. */
  interrupted?: string;
  /** --retries N: a failed check ran again up to N times. */
  retries?: number;
  /** TLS sessions and proxy as the preflight found them, with info observations (network.ts). */
  network?: NetworkReport;
  /** Forms of an earlier release this run still read as that release did, each naming the new form. */
  deprecations?: readonly string[];
}

/** A must check not judged (lib/checks/types.ts Outcome): it leaves the run incomplete. */
export function notJudged(c: Pick<ConformanceMeta, "level" | "outcome">): boolean {
  return (c.level ?? "must") === "must" && c.outcome === "not judged";
}

/** The checks not judged, of any level, grouped by their reason (one refused request explains several checks). */
export function notJudgedByReason(checks: ConformanceMeta[]): Array<{ reason: string; ids: string[] }> {
  const groups = new Map<string, string[]>();
  for (const c of checks.filter((c) => c.outcome === "not judged"))
    groups.set(c.message ?? "not judged", [...(groups.get(c.message ?? "not judged") ?? []), c.id]);
  return [...groups].map(([reason, ids]) => ({ reason, ids }));
}

/**
 * A check row as a summary.json written before "not judged" was an outcome of its own may hold it
 * (outcome "skipped" with category "precondition", or "interrupted": not run): read in today's
 * form, so that a kept summary (reports/history, compare, --last-failed) compares like a new one.
 */
export function storedRow<T extends Pick<ConformanceMeta, "outcome" | "category">>(row: T): T {
  const old =
    (row.outcome as string) === "skipped" && (row.category === "precondition" || row.category === "interrupted");
  return old ? { ...row, outcome: "not judged" } : row;
}

/**
 * What a verdict does not cover: " — selected checks only (--check A, B)" for a partial run,
 * " — 2 must checks not judged" (the run is incomplete), or " — 13 must checks skipped" (a
 * production run without mutations, a missing key), else "". A certification pack calls such a
 * run incomplete.
 */
export function partialNote(
  s: Pick<RunInfo, "selectedChecks" | "selectedBy" | "lastFailedFrom" | "interrupted"> & {
    checks: Array<Pick<ConformanceMeta, "level" | "outcome">>;
  },
): string {
  if (s.interrupted) return ` — stopped by ${s.interrupted}: the checks judged so far are reported, the rest not run`;
  if (s.lastFailedFrom)
    return ` — partial run (--last-failed): only the failed, flaky and not-judged checks of ${s.lastFailedFrom}`;
  if (s.selectedBy?.length) return ` — selected checks only (${s.selectedBy.join(", ")}), not a full conformance run`;
  if (s.selectedChecks?.length)
    return ` — selected checks only (--check ${s.selectedChecks.join(", ")}), not a full conformance run`;
  const unjudged = s.checks.filter(notJudged).length;
  if (unjudged)
    return ` — ${unjudged} must check${unjudged > 1 ? "s" : ""} not judged: a precondition not met, such as a fixture request the target refused (reasons below)`;
  const skipped = s.checks.filter((c) => (c.level ?? "must") === "must" && c.outcome === "skipped").length;
  return skipped
    ? ` — ${skipped} must check${skipped > 1 ? "s" : ""} skipped, so not every requirement was checked`
    : "";
}

export interface NotCovered {
  code: string;
  operation: string;
  title: string;
  family: string;
  spec: string;
  reason: string;
}

export interface Summary extends RunInfo {
  verdict: Verdict;
  /** Requests the checks sent to the target. */
  requests: number;
  /**
   * Every answer the run received, judged by its operation's contracts (lib/checks/contract-book.ts):
   * how many, how many requests got none, and the time judging them took (the cost of judging every answer).
   */
  answers?: { received: number; unanswered: number; judgeMs: number };
  counts: Record<Level, Record<ReportedOutcome, number>>;
  /** The checks per outcome over every level: the run's one count of warnings, failures, … (the sum of `counts`). */
  totals: Record<ReportedOutcome, number>;
  byFamily: FamilyRow[];
  byOperation: OperationRow[];
  /** Every § of the spec: the checks that cite it and their outcomes, or why none does. */
  clauses: ClauseRow[];
  checks: ConformanceMeta[];
  /**
   * Per operation key, what the run's own traffic measured (lib/checks/meter.ts): latency
   * percentiles, error shares and the declared budget — carried by the operations' latency budget
   * checks; absent when none reported.
   */
  latency?: Record<string, LatencyRow>;
  /**
   * How long the run's postings took to show in the ledger (CARD-LEDGER-SETTLE's reading, from the
   * waits of the ledger checks, lib/checks/converge.ts); absent when no reading waited for one.
   */
  settleTimes?: SettleReading;
  notCovered: NotCovered[];
  /** Problems outside any check (a suite that did not load, an unhandled error). */
  errors: string[];
}

const LEVELS: Level[] = ["must", "should", "info"];

function countByLevel(checks: ConformanceMeta[]): Summary["counts"] {
  return Object.fromEntries(
    LEVELS.map((l) => [l, countOutcomes(checks.filter((c) => (c.level ?? "must") === l))]),
  ) as Summary["counts"];
}

/**
 * Errors outside any check: incomplete. A failed check: not conformant. Otherwise a must check not
 * judged (its fixture request refused) leaves the run incomplete — never conformant, and never
 * "not conformant" on that ground alone.
 */
export function verdictOf(
  checks: ConformanceMeta[],
  errors: string[],
  shard?: string,
  run: Pick<RunInfo, "interrupted" | "lastFailedFrom" | "selectedChecks"> = {},
): Verdict {
  // Never conformant: a run stopped half way has not shown what it did not judge.
  if (run.interrupted) return "interrupted";
  if (errors.length) return "incomplete";
  // A target that sometimes breaks the spec does not conform: flaky fails the run like failed.
  if (checks.some((c) => c.outcome === "failed" || c.outcome === "flaky")) return "not conformant";
  // A partial run (--last-failed, --check) speaks for its checks, never for the target as a whole.
  if (run.lastFailedFrom || run.selectedChecks?.length) return "incomplete";
  // A run that judged nothing (the deadline passed before any suite started, every check skipped or not judged)
  // has shown nothing: never "conformant". A shard may hold no check; the merged run is judged.
  if (!shard && !checks.some((c) => c.outcome === "passed" || c.outcome === "warning")) return "incomplete";
  return checks.some(notJudged) ? "incomplete" : "conformant";
}

/** A declared TLS policy broken (network.ts) fails a strict run as a should failure does; otherwise a warning line. */
function withTlsPolicy(verdict: Verdict, info: RunInfo): Verdict {
  const judged = verdict === "conformant" || verdict === "incomplete";
  return info.strict && judged && tlsPolicyBroken(info.network) ? "not conformant" : verdict;
}

/** The latency figures the checks carry, by operation key (sorted); nothing when none does. */
function latencyOf(checks: ConformanceMeta[]): Pick<Summary, "latency"> {
  const rows = checks.filter((c) => c.latency).sort((a, b) => a.operation.localeCompare(b.operation));
  return rows.length ? { latency: Object.fromEntries(rows.map((c) => [c.operation, c.latency!])) } : {};
}

/** The run's settle times, as the check that read them carries them (none when nothing waited). */
function settleTimesOf(checks: ConformanceMeta[]): Pick<Summary, "settleTimes"> {
  const reading = checks.find((c) => c.settle)?.settle;
  return reading ? { settleTimes: reading } : {};
}

/** The run's answers, added up over its operations (none when no contract check reported). */
function answersInAll(rows: OperationRow[]): Pick<Summary, "answers"> {
  const read = rows.flatMap((r) => (r.answers ? [r.answers] : []));
  if (!read.length) return {};
  const sum = (f: (a: (typeof read)[number]) => number) => read.reduce((n, a) => n + f(a), 0);
  return {
    answers: {
      received: sum(received),
      unanswered: sum((a) => a.unanswered),
      judgeMs: Math.round(sum((a) => a.judgeMs)),
    },
  };
}

/** @param clauses the spec's clauses (parseSpecClauses); without them the clause table is empty. */
export function buildSummary(
  rows: ConformanceMeta[],
  errors: string[],
  info: RunInfo,
  clauses: SpecClause[] = [],
): Summary {
  const checks = rows.filter((r) => r.kind === "check").sort((a, b) => a.id.localeCompare(b.id));
  const byOperation = operationRows(checks);
  return {
    verdict: withTlsPolicy(verdictOf(checks, errors, info.shard, info), info),
    ...info,
    // What each check sent itself (an older summary's rows have only `requests`): a shared request counts once.
    requests: checks.reduce((sum, c) => sum + (c.sent ?? c.requests ?? 0), 0),
    ...answersInAll(byOperation),
    counts: countByLevel(checks),
    totals: countOutcomes(checks),
    byFamily: familyRows(checks, NOT_COVERED_OPERATIONS),
    byOperation,
    clauses: clauseRows(clauses, checks, NOT_COVERED_OPERATIONS),
    checks,
    ...latencyOf(checks),
    ...settleTimesOf(checks),
    notCovered: NOT_COVERED_OPERATIONS.map((op) => ({
      code: op.code,
      operation: op.key,
      title: op.title,
      family: op.family,
      spec: op.spec,
      reason: op.notCoveredReason ?? "",
    })),
    errors,
  };
}

/** Exit code of a run: 0 conformant, 1 a check failed or the run was incomplete (interrupted: the CLI's 130/143). */
export function exitCodeOf(summary: Pick<Summary, "verdict">): 0 | 1 {
  return summary.verdict === "conformant" ? 0 : 1;
}
