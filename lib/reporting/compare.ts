/**
 * What changed between two runs, keyed by check id — exact: each list is a
 * set difference of the two runs' outcomes, never a guess. A nightly that has been red for weeks
 * with the same known failure can then say "new since last run: CARD-STMT-PERIOD" and fail
 * only on that (--fail-on new). Pure data; compare-report.ts renders and writes it.
 */
import type { ConformanceMeta } from "../checks/meta.ts";
import { notJudged, type Summary } from "./summary.ts";
import {
  DEFAULT_SLOWER,
  moreErrors,
  slowerOperations,
  type MoreErrors,
  type SlowerOperation,
  type SlowerRule,
} from "./slower.ts";

export type ComparedRun = Pick<Summary, "startedAt" | "seed" | "verdict" | "target" | "latency"> & {
  checks: Array<Pick<ConformanceMeta, "id" | "level" | "outcome" | "category" | "message" | "failingSince">>;
};

export interface StillFailing {
  id: string;
  /** When the check started failing (the earliest run known to fail it) and that run's seed. */
  since: { at: string; seed: number };
}

export interface Comparison {
  old: { startedAt: string; seed: number; verdict: string; target: string };
  new: { startedAt: string; seed: number; verdict: string; target: string };
  /** Failed now; passed, was not failing, or did not exist in the old run. */
  newFailures: string[];
  /** Failed (or flaky) in the old run, passed now. */
  fixed: string[];
  stillFailing: StillFailing[];
  /** Failed, then passed on a retry, in the new run. */
  flaky: string[];
  /** Must checks not judged now (a refused fixture, a precondition not met) that were judged before. */
  newlyNotJudged: string[];
  /** Skipped now (not applicable by rule), not skipped before. */
  newlySkipped: string[];
  /** In the old run, not in the new (a partial run, a check removed): not taken as fixed. */
  notInNewRun: string[];
  /** Operations whose p95 latency grew by more than the rule's factor and floor (slower.ts). */
  slower: SlowerOperation[];
  /** Operations whose error share (timeouts, connection errors, 5xx) grew. */
  moreErrors: MoreErrors[];
}

type Row = ComparedRun["checks"][number];

const failing = (c: Row | undefined) => c?.outcome === "failed";
const passing = (c: Row | undefined) => c?.outcome === "passed" || c?.outcome === "warning";
const skipped = (c: Row | undefined) => c?.outcome === "skipped";
const byId = (run: ComparedRun) => new Map(run.checks.map((c) => [c.id, c]));

function head(run: ComparedRun): Comparison["old"] {
  return { startedAt: run.startedAt, seed: run.seed, verdict: run.verdict, target: run.target };
}

/** Compares two runs; each list is sorted by check id (the latency lists by operation key). */
export function compareRuns(older: ComparedRun, newer: ComparedRun, rule: SlowerRule = DEFAULT_SLOWER): Comparison {
  const before = byId(older);
  const now = [...newer.checks].sort((a, b) => a.id.localeCompare(b.id));
  const ids = (keep: (c: Row, b: Row | undefined) => boolean) =>
    now.filter((c) => keep(c, before.get(c.id))).map((c) => c.id);
  return {
    old: head(older),
    new: head(newer),
    newFailures: ids((c, b) => failing(c) && !failing(b)),
    fixed: ids((c, b) => passing(c) && (failing(b) || b?.outcome === "flaky")),
    stillFailing: now
      .filter((c) => failing(c) && failing(before.get(c.id)))
      .map((c) => ({ id: c.id, since: sinceOf(before.get(c.id)!, older) })),
    flaky: ids((c) => c.outcome === "flaky"),
    newlyNotJudged: ids((c, b) => notJudged(c) && !(b && notJudged(b))),
    newlySkipped: ids((c, b) => skipped(c) && !skipped(b)),
    notInNewRun: [...before.keys()].filter((id) => !newer.checks.some((c) => c.id === id)).sort(),
    slower: slowerOperations(older.latency, newer.latency, rule),
    moreErrors: moreErrors(older.latency, newer.latency),
  };
}

/** The old run's own record of when the check started failing, else the old run itself. */
function sinceOf(old: Row, run: ComparedRun): StillFailing["since"] {
  return old.failingSince ?? { at: run.startedAt, seed: run.seed };
}

/** The new run's checks with `failingSince` carried forward, so the next comparison knows it too. */
export function carryFailingSince<C extends Row>(checks: C[], comparison: Comparison): C[] {
  const since = new Map(comparison.stillFailing.map((s) => [s.id, s.since]));
  return checks.map((c) => (since.has(c.id) ? { ...c, failingSince: since.get(c.id)! } : c));
}

/** Anything to say at all (an empty comparison is one line, not a section of empty lists). */
export function hasChanges(c: Comparison): boolean {
  return [
    c.newFailures,
    c.fixed,
    c.stillFailing,
    c.flaky,
    c.newlyNotJudged,
    c.newlySkipped,
    c.notInNewRun,
    c.slower ?? [],
    c.moreErrors ?? [],
  ].some((list) => list.length > 0);
}
