/**
 * The merge of shards decides the contract rows again (lib/runner/shard.ts): each shard's worker
 * judged only the answers it received, so a contract check decided in one shard missed the answers
 * of its operation another shard received. From every shard's tallies added up, a row decided by
 * the tally (its own reading passed) is decided as the worker would have: failed (at its level)
 * when any answer broke it, not judged when none reached it, passed otherwise. A row its own
 * reading failed keeps that verdict, with the whole run's figures.
 */
import type { BookSnapshot } from "../checks/contract-types.ts";
import { contractMessage, nothingJudged } from "../checks/contract-verdict.ts";
import { reportedOutcome } from "../checks/levels.ts";
import type { ConformanceMeta } from "../checks/meta.ts";
import { NOT_JUDGED } from "../checks/precondition.ts";
import { CATALOGUE } from "../catalogue/index.ts";
import { CATEGORY_TITLES, type FailureCategory } from "../checks/failure.ts";

export function decidedAgain(row: ConformanceMeta, merged: BookSnapshot, strict: boolean): ConformanceMeta {
  const reading = row.contract;
  if (!reading) return row;
  const tally = merged.tallies[row.id] ?? { judged: 0, violations: 0 };
  const answers = merged.answers[row.operation] ?? reading.answers;
  const contract = { ...reading, judged: tally.judged, violations: tally.violations, answers };
  // Its own reading decided it, or it failed then passed on a retry: the verdict stands, the figures are the run's.
  if (!reading.byAnswers || row.outcome === "flaky") return { ...row, contract };
  const { category: _c, message: _m, ...rest } = row;
  if (tally.violations && tally.first) {
    const category = tally.first.category as FailureCategory;
    const outcome = reportedOutcome({ outcome: "failed", level: row.level ?? "must", category }, strict);
    const title = CATEGORY_TITLES[category] ?? "Check failed";
    return { ...rest, contract, outcome, category, message: `${title}: ${contractMessage(tally, reading.of)}` };
  }
  if (tally.judged === 0) {
    const title = CATALOGUE.find((op) => op.key === row.operation)?.title ?? row.operation;
    const message = `not judged: ${nothingJudged(reading.of, title)}`;
    return { ...rest, contract, outcome: "skipped", category: NOT_JUDGED, message };
  }
  return { ...rest, contract, outcome: "passed" };
}
