/** What each conformance test records in its task meta for the summary reporter. */
import type { Basis, Level, SettleReading } from "./types.ts";
import type { Family } from "../catalogue/types.ts";
import type { LatencyRow } from "./meter.ts";
import type { AnswerCounts, ContractAnswers } from "./contract-types.ts";

export type { AnswerCounts };

/**
 * What a contract check read (lib/checks/contract-book.ts): the answers of its operation it judged
 * (success answers, or every answer) and how many broke it, and what the operation received in
 * all. The one route by which the answer counts reach the summary, the clause table and the pack.
 */
export interface ContractReading {
  of: ContractAnswers;
  judged: number;
  violations: number;
  answers: AnswerCounts;
  /** Decided by the tally (its own reading passed): a merge of shards decides it again from every shard's. */
  byAnswers: boolean;
}

/**
 * A check's outcome in every report: the Outcome (types.ts) after the level rule (levels.ts).
 * "flaky": failed, then passed on a retry (--retries N); it fails the run as "failed" would.
 * "warning": a should failure outside strict mode, or an info observation. "skipped" and
 * "not judged" as in types.ts: not applicable by rule, or a precondition not met (incomplete).
 */
export type ReportedOutcome = "passed" | "failed" | "flaky" | "warning" | "skipped" | "not judged";

/** Every reported outcome, in the order the reports count them. */
export const REPORTED_OUTCOMES: readonly ReportedOutcome[] = [
  "passed",
  "failed",
  "flaky",
  "warning",
  "skipped",
  "not judged",
];

export interface ConformanceMeta {
  kind: "check" | "not-covered";
  id: string;
  /** The check's level (docs/checks.md). */
  level?: Level;
  /** A finding's own level when lower than the check's: info when it rests only on the reference's choice. */
  findingLevel?: "info";
  /** What the judgement rests on: spec, declared or reference (docs/checks-and-levels.md). */
  basis?: Basis;
  spec: string;
  title: string;
  family: Family;
  operation: string;
  outcome: ReportedOutcome;
  category?: string;
  message?: string;
  seed?: number;
  /** Exchanges the check judged or recorded as its evidence: the ones it sent and those of the shared scenarios and sequences it read. */
  requests?: number;
  /** Requests the check sent itself: summary.json's `requests` adds these, so a shared one counts once. Absent in an older run's summary. */
  sent?: number;
  /** A contract check's reading of every answer of its operation (absent for the other checks). */
  contract?: ContractReading;
  /** How many times the check ran (more than 1: it failed and was retried, --retries). */
  attempts?: number;
  /** The first failure of a check that then passed (outcome flaky). */
  firstFailure?: string;
  /**
   * A latency budget check's reading of its operation's traffic (lib/checks/meter.ts): the one
   * route by which the per-operation latency figures reach the summary, the console and the pack.
   */
  latency?: LatencyRow;
  /** CARD-LEDGER-SETTLE's reading: the run's settle times (summary.json `settleTimes`). */
  settle?: SettleReading;
  /** A check failing in this run and the previous ones: since when, and that run's seed (compare.ts). */
  failingSince?: { at: string; seed: number };
}

declare module "@vitest/runner" {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}
