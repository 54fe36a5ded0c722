/**
 * What each phase of a conformance run (pipeline.ts) hands to the next: one typed value per phase,
 * each extending the one before, so that whatever a later phase or an ending reads was decided
 * once, earlier. From the target phase on, the run carries its RunPlan — what the workers get —
 * and the run's description in every output is derived from it (run-description.ts).
 */
import type { RunPlan } from "../checks/run-plan.ts";
import type { Module } from "../checks/types.ts";
import type { Config } from "../config/load.ts";
import type { CryptoProfile } from "../crypto/profile.ts";
import type { DebitRange } from "../payments/debit-range.ts";
import type { NetworkReport } from "../reporting/network.ts";
import type { ProgressOptions } from "../reporting/progress.ts";
import type { ProfileRead } from "../reporting/certify/declaration.ts";
import type { RunInfo } from "../reporting/summary.ts";
import type { Baseline } from "./baseline.ts";
import type { FailOn } from "./fail-on.ts";
import type { LastFailed } from "./last-failed.ts";
import type { ProbeRequests } from "./preflight-probes.ts";
import type { Shard } from "./shard.ts";

/** The command line of `npm run conformance`, as parseArgs gives it (cli/conformance.ts). */
export interface RunOptions {
  "strict"?: boolean | undefined;
  "check"?: string[] | undefined;
  "family"?: string[] | undefined;
  "operation"?: string[] | undefined;
  "no-preflight"?: boolean | undefined;
  "quiet"?: boolean | undefined;
  "shard"?: string | undefined;
  "merge-reports"?: string | undefined;
  "retries"?: string | undefined;
  "last-failed"?: boolean | undefined;
  "fail-on"?: string | undefined;
}

/** A reference sandbox started for this run, on loopback. */
export interface EmbeddedSandbox {
  url: string;
  close(): Promise<void>;
}

/**
 * What the composition root (cli/conformance.ts) provides: lib/ may not import the suites, the
 * generators or the sandbox (ARCHITECTURE.md, "Which folder may import which").
 */
export interface RunParts {
  /** Every module of the suites (suites/modules.ts). */
  modules: readonly Module[];
  /** The file that exports them, for a single worker that starts every module at once (RunPlan.moduleIndex). */
  moduleIndex: string;
  /** The preflight's fixture requests, built by the suites (suites/preflight-requests.ts). */
  preflightRequests: ProbeRequests;
  /** The generators' checks of what the partner declared (added operations, client data, request rules): a ConfigError each. */
  checkDeclarations(config: Config): Promise<void>;
  /** The declared rules that need the run's debit range and crypto profile (amounts, the sealed envelope): a ConfigError. */
  checkLateDeclarations(config: Config, late: { range: DebitRange; profile: CryptoProfile }): Promise<void>;
  /** Starts the embedded reference sandbox, answering as this configuration asks. */
  startSandbox(config: Config): Promise<EmbeddedSandbox>;
}

/** Phase 1, prepare: the options and the configuration, checked; nothing started, nothing sent. */
export interface Prepared {
  readonly options: RunOptions;
  /** Loaded once: --strict, --retries and --last-failed's seed are in it, never written back to process.env. */
  readonly config: Config;
  readonly startedAt: number;
  /** --check, or the checks --last-failed selected; empty: every check. */
  readonly selectedChecks: readonly string[];
  /** The options that chose them, as the verdict names them ("--family merchant-api"); --check's ids when unset. */
  readonly selectedBy?: readonly string[];
  readonly lastFailed?: LastFailed;
  readonly failOn: FailOn;
  readonly shard?: Shard;
  /** --merge-reports: a folder of the shards' blob reports, no target. */
  readonly mergeFrom?: string;
  readonly baseline?: Baseline;
  /** " · profile ./mine.mjs reads MY_KEY (secret)", or "" for a built-in profile: part of the run line. */
  readonly profileNote: string;
  /** The variables the loaded profile reads, each set or not: the declaration's keys (declaration.ts); the reach phase updates it. */
  readonly profileReads: readonly ProfileRead[];
}

/** Phase 2, target: the target decided (the embedded sandbox started when none is set) and the run's bounds planned. */
export interface Targeted extends Prepared {
  /** The plan so far: the configuration aimed at the target, the bounds, the selection. */
  readonly plan: RunPlan;
  /** The target as every output names it ("embedded sandbox http://127.0.0.1:…"). */
  readonly target: string;
  /** Worker processes vitest may start. */
  readonly workers: number;
  readonly embedded: boolean;
}

/** Phase 3, reach: the access token fetched, the preflight passed; the plan gains the token broker and the debit range. */
export interface Reached extends Targeted {
  /** Where the access token came from, when it was fetched. */
  readonly bearerSource?: string;
  /** The TLS sessions and proxy the preflight went through. */
  readonly network?: NetworkReport;
}

/** The run's description in the outputs: derived from the plan (run-description.ts), never assembled by hand. */
export type RunDescription = Omit<RunInfo, "startedAt" | "durationMs" | "interrupted">;

/** Phase 4, plan: the final plan, its description, and how vitest is started. */
export interface Planned extends Reached {
  readonly description: RunDescription;
  /** vitest's test name pattern for the selected checks. */
  readonly pattern?: string;
  /** The live progress line (none with --quiet or when merging). */
  readonly progress?: ProgressOptions;
}
