/**
 * Run-wide limits and how they reach every process of a run. A run is one CLI process plus
 * vitest's worker processes, and with sharding several machines: a bound held in one process
 * bounds only that process. So the CLI plans the run once and hands each worker its share
 * through one environment variable (workers inherit the CLI's environment):
 * - MAX_RPS and CONCURRENCY: divided by shards × workers (and the CLI starts no more workers
 *   than CONCURRENCY allows), so the shares add up to at most the configured bound;
 * - MAX_DEBIT_TOTAL: divided by shards; within a machine one lock-protected budget file
 *   (debit-budget.ts) serves every worker, so no share of it is wasted;
 * - RUN_DEADLINE_MS: one absolute instant, the same for every process.
 * Without the variable (the harness's own in-process runs) the process gets the whole bounds.
 */
import type { Config } from "../config/load.ts";
import { FileDebitBudget, MemoryDebitBudget, type DebitBudget } from "./debit-budget.ts";
import { FileLanes } from "./file-lanes.ts";
import { Lanes, type LaneLocks } from "./lanes.ts";

/** Internal hand-off from the CLI to its workers; not configuration (see lib/config/variables.ts). */
export const RUN_LIMITS_ENV = "CONFORMANCE_RUN_LIMITS";
/** Internal hand-off too: the ids chosen with --check (comma-separated; empty: all), for workers that start every check at once. */
export const SELECTED_CHECKS_ENV = "CONFORMANCE_SELECTED_CHECKS";

export interface RunLimits {
  /** Epoch milliseconds: nothing is sent after it. */
  deadlineAt: number;
  /** This process's share of MAX_RPS. */
  rps?: number;
  /** This process's share of CONCURRENCY. */
  concurrency: number;
  /** The shared budget file of the run, when MAX_DEBIT_TOTAL is set. */
  budgetFile?: string;
  /** The cap of this process's budget (in-process runs), minor units. */
  budgetCapMinor?: number;
  /** The run's isolation lanes folder (file-lanes.ts): lanes hold across every worker; absent: within this process. */
  lanesDir?: string;
}

export interface RunShape {
  /** Worker processes the CLI will start. */
  workers: number;
  /** Machines the run is split across (--shard=i/n). */
  shards: number;
  startedAt: number;
}

/** How many workers a run may start: no more than its share of CONCURRENCY allows. */
export function workerCount(config: Config, available: number, shards: number): number {
  return Math.max(1, Math.min(available, Math.floor(config.safety.concurrency / shards)));
}

/** The CLI's plan, before any worker starts; the budget file is created by the caller. */
export function planRunLimits(config: Config, shape: RunShape, budgetFile?: string, lanesDir?: string): RunLimits {
  const { maxRps, concurrency, runDeadlineMs, maxDebitTotalMinor } = config.safety;
  const processes = shape.workers * shape.shards;
  return {
    deadlineAt: shape.startedAt + runDeadlineMs,
    ...(maxRps ? { rps: maxRps / processes } : {}),
    concurrency: Math.max(1, Math.floor(concurrency / processes)),
    ...(budgetFile ? { budgetFile } : {}),
    ...(lanesDir ? { lanesDir } : {}),
    ...(maxDebitTotalMinor !== undefined ? { budgetCapMinor: debitShare(maxDebitTotalMinor, shape.shards) } : {}),
  };
}

/** A shard's share of the debit cap, rounded down to a whole minor unit. */
export function debitShare(capMinor: number, shards: number): number {
  return Math.floor(capMinor / shards);
}

/** The limits of this process: the CLI's hand-off, or the whole bounds for an in-process run. */
export function currentRunLimits(config: Config, env: NodeJS.ProcessEnv = process.env): RunLimits {
  const handed = env[RUN_LIMITS_ENV];
  if (handed) return JSON.parse(handed) as RunLimits;
  return planRunLimits(config, { workers: 1, shards: 1, startedAt: Date.now() });
}

/** The isolation lanes of this process: shared with every worker of the run through the lanes folder, when there is one. */
export function lanesOf(limits: RunLimits): LaneLocks {
  return limits.lanesDir ? new FileLanes(limits.lanesDir) : new Lanes();
}

export function debitBudgetOf(limits: RunLimits): DebitBudget | undefined {
  if (limits.budgetFile) return new FileDebitBudget(limits.budgetFile);
  return limits.budgetCapMinor !== undefined ? new MemoryDebitBudget(limits.budgetCapMinor) : undefined;
}
