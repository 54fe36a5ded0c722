/**
 * The run plan: what the CLI decides once for the whole run, handed to every worker in one piece
 * (vitest's provide/inject, lib/vitest/plan.ts). Workers read it and never re-derive any of it —
 * not from process.env, not by asking the target again: the summary states exactly what they used.
 * - the configuration, loaded once (the embedded sandbox's URL already in it), with seed and strictness;
 * - this worker process's share of the whole-run bounds (run-limits.ts);
 * - the debit range the preflight chose from the payment card's limits (§4.4) — the limits move as
 *   the run debits, so a range read again later would differ from the one the summary states;
 * - the checks selected with --check, the folder of the live progress feed, and whether the one
 *   worker starts every module at once;
 * - where the run's access token is served, when it is fetched (one token for every worker);
 * - the preflight's answers as the contract book judged them (contract-book.ts), and for a shard
 *   the file its contract tallies go to.
 * Without a CLI (the harness's own in-process tests) `inProcessPlan` gives the whole bounds.
 */
import type { Config } from "../config/load.ts";
import { wholeRunLimits, type RunLimits } from "../http/coordination/run-limits.ts";
import type { BrokerAddress } from "../http/auth/token-broker.ts";
import type { DebitRange } from "../payments/debit-range.ts";
import type { BookSnapshot } from "./contract-types.ts";

export interface RunPlan {
  readonly config: Config;
  /** This worker process's share of CONCURRENCY and MAX_RPS, the deadline, the debit budget. */
  readonly limits: RunLimits;
  /** The valid debit range decided before the checks start; absent: read once by the run context. */
  readonly debitRange?: DebitRange;
  /** --check: the only checks to run (empty: all). */
  readonly selectedChecks: readonly string[];
  /** Folder of the live progress feed (lib/reporting/progress-feed.ts); absent: no feed. */
  readonly progressDir?: string;
  /** The CLI's token broker (lib/http/auth/token-broker.ts), when the token is fetched: one token for every worker. */
  readonly tokenBroker?: BrokerAddress;
  /**
   * A file exporting ALL_MODULES, when one worker runs every suite file: its first test starts
   * every module's checks at once (lib/vitest/describe-module.ts), not file after file.
   */
  readonly moduleIndex?: string;
  /**
   * The suites' module index, always (a CLI run): the worker registers every operation's contracts
   * from it before anything is sent, so no answer goes unjudged whichever files it runs (a shard).
   */
  readonly contractIndex?: string;
  /** The preflight's answers, judged by the contract book in the CLI's process: they count as the run's. */
  readonly preflightAnswers?: BookSnapshot;
  /** --shard: where this shard's worker writes its contract tallies (beside its blob), for the merge to re-decide. */
  readonly contractsFile?: string;
}

/** The plan of an in-process run: the whole bounds, nothing decided ahead. */
export function inProcessPlan(config: Config): RunPlan {
  return { config, limits: wholeRunLimits(config), selectedChecks: [] };
}

/** A configuration aimed at another base URL (the embedded sandbox), without touching process.env. */
export function withBaseUrl(config: Config, baseUrl: string): Config {
  return { ...config, target: { ...config.target, baseUrl } };
}
