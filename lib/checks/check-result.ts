/** A check's result as the engine returns it (evaluate.ts): plain data the reports and the fault table read. */
import type { Exchange } from "../http/exchange.ts";
import type { ContractReading } from "./meta.ts";
import type { LatencyRow } from "./meter.ts";
import type { ResultCategory } from "./settle.ts";
import type { Basis, Level, Outcome, SettleReading } from "./types.ts";

export interface CheckResult {
  id: string;
  /** The check's level, as docs/checks.md states it: never rewritten by a finding. */
  level: Level;
  /** A failure's own level when it is lower: `info` when it rests only on the reference sandbox's choice. */
  findingLevel?: "info";
  spec: string;
  basis: Basis;
  title: string;
  operationKey: string;
  outcome: Outcome;
  /** A failure's cause; why a check was not judged: "precondition" (a fixture) or "interrupted" (not run). */
  category?: ResultCategory;
  message?: string;
  notes: string[];
  /** The evidence sample (evidence.ts): the first exchanges, and the last ones of a failed check. */
  evidence: Exchange[];
  /** Exchanges of the check left out of the sample. */
  evidenceOmitted: number;
  seed: number;
  durationMs: number;
  /**
   * Exchanges the check judged or recorded as its evidence: those it sent and those of the shared
   * scenarios and sequences it read (evidence.ts `judged`; every attempt with --retries).
   */
  requests: number;
  /** Requests the check sent itself (a shared scenario counts for the one that sent it): the run's total adds these. */
  sent: number;
  /** Times the check ran, when it was retried (retry.ts). */
  attempts?: number;
  /** The first attempt's failure of a check that passed on a retry: flaky. */
  firstFailure?: string;
  /** A contract check's reading of its operation's answers (contract-book.ts). */
  contract?: ContractReading;
  /** A latency budget check's reading of its operation's traffic (latency-reading.ts). */
  latency?: LatencyRow;
  /** The run's settle times, as CARD-LEDGER-SETTLE read them (SettleContext.keepSettle). */
  settle?: SettleReading;
}
