/**
 * Run-wide limits and each process's share of them. A run is one CLI process plus vitest's
 * workers, and with sharding several machines: a bound held in one process bounds only that
 * process. So the CLI plans the run once and hands each worker its share in the run plan
 * (lib/checks/run-plan.ts):
 * - MAX_RPS and CONCURRENCY: divided by shards × workers (and the CLI starts no more workers
 *   than CONCURRENCY allows), so the shares add up to at most the configured bound;
 * - MAX_DEBIT_TOTAL: divided by shards; within a machine one lock-protected budget file
 *   (debit-budget.ts) serves every worker, so no share of it is wasted;
 * - RUN_DEADLINE_MS: one absolute instant, the same for every process.
 * Without a plan (the harness's own in-process runs) the process gets the whole bounds.
 */
import type { Config } from "../../config/load.ts";
import { FileDebitBudget, MemoryDebitBudget, type DebitBudget } from "./debit-budget.ts";

export interface RunLimits {
  /** Epoch milliseconds: nothing is sent after it. */
  deadlineAt: number;
  /** This process's share of MAX_RPS (the whole-run bound is config.safety.maxRps). */
  rpsShare?: number;
  /** Requests this process may have in flight: its share of CONCURRENCY (config.safety.concurrency is the whole run's). */
  inFlightShare: number;
  /** The shared budget file of the run, when MAX_DEBIT_TOTAL is set. */
  budgetFile?: string;
  /** The cap of this process's budget (in-process runs), minor units. */
  budgetCapMinor?: number;
}

export interface RunShape {
  /** Worker processes the CLI will start. */
  workers: number;
  /** Machines the run is split across (--shard=i/n). */
  shards: number;
  startedAt: number;
}

/**
 * Worker threads a run starts on one machine: one. Every answer of an operation must reach the one
 * contract book that decides its contract checks (lib/checks/contract-book.ts); with several
 * workers vitest runs one file per worker, so an operation's answers would be split across
 * processes, and a barrier across workers can deadlock. One worker already starts every module's
 * checks at once (the run plan's `moduleIndex`), so it loses no overlap; sharding splits a run
 * across machines, and the merge re-decides the contract rows from every shard's tallies.
 */
export function workerCount(): 1 {
  return 1;
}

/** The CLI's plan, before any worker starts; the budget file is created by the caller. */
export function planRunLimits(config: Config, shape: RunShape, budgetFile?: string): RunLimits {
  const { maxRps, concurrency, runDeadlineMs, maxDebitTotalMinor } = config.safety;
  const processes = shape.workers * shape.shards;
  return {
    deadlineAt: shape.startedAt + runDeadlineMs,
    ...(maxRps ? { rpsShare: maxRps / processes } : {}),
    inFlightShare: Math.max(1, Math.floor(concurrency / processes)),
    ...(budgetFile ? { budgetFile } : {}),
    ...(maxDebitTotalMinor !== undefined ? { budgetCapMinor: debitShare(maxDebitTotalMinor, shape.shards) } : {}),
  };
}

/** A shard's share of the debit cap, rounded down to a whole minor unit. */
export function debitShare(capMinor: number, shards: number): number {
  return Math.floor(capMinor / shards);
}

/** The whole bounds, for a process that is the whole run (the harness's own in-process runs). */
export function wholeRunLimits(config: Config): RunLimits {
  return planRunLimits(config, { workers: 1, shards: 1, startedAt: Date.now() });
}

export function debitBudgetOf(limits: RunLimits): DebitBudget | undefined {
  if (limits.budgetFile) return new FileDebitBudget(limits.budgetFile);
  return limits.budgetCapMinor !== undefined ? new MemoryDebitBudget(limits.budgetCapMinor) : undefined;
}
