/**
 * Where a run's checks land: counts per family and per operation, and the clause table — every
 * § of the spec with the checks that cite it and their outcomes, or the reason it has none.
 * Pure data, like summary.ts.
 */
import { CATALOGUE, type Operation } from "../catalogue/index.ts";
import type { Level } from "../checks/types.ts";
import { REPORTED_OUTCOMES, type AnswerCounts, type ConformanceMeta, type ReportedOutcome } from "../checks/meta.ts";
import { FAMILY_TITLES } from "./labels.ts";
import { compareClauses, type SpecClause } from "./spec-clauses.ts";

export type OutcomeCounts = Record<ReportedOutcome, number>;

export interface FamilyRow {
  family: string;
  title: string;
  counts: OutcomeCounts;
  notCovered: number;
}
export interface OperationRow {
  operation: string;
  title: string;
  family: string;
  spec: string;
  counts: OutcomeCounts;
  /** The answers the operation received in the run, each judged by its contract checks (lib/checks/contract-book.ts). */
  answers?: AnswerCounts;
}

export type ClauseCoverage = "checked" | "via sub-clauses" | "not covered";
export interface ClauseCheck {
  id: string;
  level: Level;
  outcome: ReportedOutcome;
  /** A contract check: the answers of the run it judged. */
  judged?: number;
}
export interface ClauseRow {
  clause: string;
  title: string;
  coverage: ClauseCoverage;
  /** The worst outcome of the clause's checks (failed, flaky, warning, not judged, passed, skipped). */
  outcome?: ReportedOutcome;
  checks: ClauseCheck[];
  /** Codes of the operations the clause names without shapes (never checked). */
  namedOnly: string[];
  /** Why a clause has no check of its own. */
  reason?: string;
}

export function countOutcomes(checks: ConformanceMeta[]): OutcomeCounts {
  const counts = Object.fromEntries(REPORTED_OUTCOMES.map((o) => [o, 0])) as OutcomeCounts;
  for (const c of checks) counts[c.outcome]++;
  return counts;
}

export function familyRows(checks: ConformanceMeta[], notCovered: Operation[]): FamilyRow[] {
  const families = [...new Set([...checks.map((c) => c.family), ...notCovered.map((o) => o.family)])];
  return families.map((family) => ({
    family,
    title: FAMILY_TITLES[family as keyof typeof FAMILY_TITLES] ?? family,
    counts: countOutcomes(checks.filter((c) => c.family === family)),
    notCovered: notCovered.filter((o) => o.family === family).length,
  }));
}

export function operationRows(checks: ConformanceMeta[]): OperationRow[] {
  const keys = [...new Set(checks.map((c) => c.operation))];
  return keys
    .map((key) => {
      const op = CATALOGUE.find((o) => o.key === key);
      const first = checks.find((c) => c.operation === key)!;
      return {
        operation: key,
        title: op?.title ?? key,
        family: op?.family ?? first.family,
        spec: op?.spec ?? first.spec,
        counts: countOutcomes(checks.filter((c) => c.operation === key)),
        ...answersOf(checks.filter((c) => c.operation === key)),
      };
    })
    .sort((a, b) => compareClauses(a.spec, b.spec) || a.operation.localeCompare(b.operation));
}

/** Answers received: success, refused and other answers, and requests that got none. */
export function received(a: AnswerCounts): number {
  return a.success + a.refused + a.other;
}

/** What an operation's contract checks say it received (the same book: the fullest reading). */
function answersOf(checks: ConformanceMeta[]): { answers?: AnswerCounts } {
  const readings = checks.flatMap((c) => (c.contract ? [c.contract.answers] : []));
  if (!readings.length) return {};
  const fullest = readings.reduce((a, b) => (received(b) + b.unanswered > received(a) + a.unanswered ? b : a));
  return { answers: fullest };
}

// Not judged before passed: a clause one of whose checks could not be judged is not shown to hold.
const SEVERITY_ORDER: ReportedOutcome[] = ["failed", "flaky", "warning", "not judged", "passed", "skipped"];

function worst(outcomes: ReportedOutcome[]): ReportedOutcome | undefined {
  return SEVERITY_ORDER.find((o) => outcomes.includes(o));
}

function reasonWithoutChecks(clause: SpecClause, namedOnly: Operation[]): string {
  if (namedOnly.length)
    return `${namedOnly.length} operations named without shapes: ${namedOnly[0]!.notCoveredReason ?? "not documented"}`;
  if (clause.notShown.length) return `nothing checkable is shown: ${clause.notShown.join(" ")}`;
  return "no check cites this clause yet";
}

/**
 * One row per clause of the spec; checks citing a clause the spec lacks get a row of their own,
 * so a typo in a check's § shows up instead of vanishing.
 */
export function clauseRows(clauses: SpecClause[], checks: ConformanceMeta[], notCovered: Operation[]): ClauseRow[] {
  const known = new Set(clauses.map((c) => c.ref));
  const orphans = [...new Set(checks.map((c) => c.spec))]
    .filter((ref) => !known.has(ref))
    .map((ref): SpecClause => ({ ref, title: "(not a clause of the spec)", notShown: [] }));
  const all = [...clauses, ...orphans].sort((a, b) => compareClauses(a.ref, b.ref));
  // A check covers the clause it cites and the clause that documents its operation (§4.1 for PT-BIZ-*).
  const opSpec = new Map(CATALOGUE.map((o) => [o.key, o.spec]));
  const direct = (ref: string) => checks.filter((c) => c.spec === ref || opSpec.get(c.operation) === ref);
  const hasCheckedChild = (ref: string): boolean =>
    all.some((c) => c.parent === ref && (direct(c.ref).length > 0 || hasCheckedChild(c.ref)));
  return all.map((clause) => {
    const cited = direct(clause.ref);
    const named = notCovered.filter((o) => o.spec === clause.ref);
    const coverage: ClauseCoverage = cited.length
      ? "checked"
      : hasCheckedChild(clause.ref)
        ? "via sub-clauses"
        : "not covered";
    const outcome = worst(cited.map((c) => c.outcome));
    return {
      clause: clause.ref,
      title: clause.title,
      coverage,
      ...(outcome ? { outcome } : {}),
      checks: cited.map((c) => ({
        id: c.id,
        level: c.level ?? "must",
        outcome: c.outcome,
        ...(c.contract ? { judged: c.contract.judged } : {}),
      })),
      namedOnly: named.map((o) => o.code),
      ...(coverage === "not covered" ? { reason: reasonWithoutChecks(clause, named) } : {}),
    };
  });
}
