/**
 * Phase 1, prepare: the command line and the configuration, read and checked once, before anything
 * is started or sent. The last run's outputs are removed first of all and the configuration read
 * (configure.ts, which the command may have done before it loaded the suites); then the catalogue,
 * the declarations, the options against the suites and the crypto profile. Every problem here is a
 * ConfigError or a UsageError: exit 2 with one line.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { ADDED_OPERATIONS, CATALOGUE_PROBLEM, IMPORTED_OPERATIONS } from "../../catalogue/index.ts";
import { checkDeclaredAuth } from "../../config/declared-auth.ts";
import { loadConfiguredProfile } from "../../checks/run-context.ts";
import type { Config } from "../../config/load.ts";
import { profileVariables } from "../../crypto/index.ts";
import { isProfileModule } from "../../crypto/module-profile.ts";
import { profileReadsOf } from "../../reporting/certify/declaration.ts";
import { validators } from "../../validation/registry.ts";
import { loadBaseline } from "../baseline.ts";
import { UsageError } from "../cli-errors.ts";
import type { LastFailed } from "../last-failed.ts";
import type { Prepared, RunOptions, RunParts } from "../run-state.ts";
import { parseShard, shardsSelection } from "../shard.ts";
import { scopeOf } from "../scope.ts";
import { configure, type Configured } from "./configure.ts";

/**
 * `configured`: what configure.ts decided, when the command did it already (before it loaded the
 * suites); otherwise done here.
 */
export async function prepare(
  options: RunOptions,
  parts: RunParts,
  configured: Configured = configure(options),
  startedAt = Date.now(),
): Promise<Prepared> {
  const { config, failOn, lastFailed } = configured;
  if (CATALOGUE_PROBLEM) throw CATALOGUE_PROBLEM;
  // The catalogue folder's schemas: a broken one is exit 2 now (a worker compiles every schema before judging).
  validators().compileAdded(ADDED_OPERATIONS);
  await parts.checkDeclarations(config);
  // The auth an OpenAPI document declares must be one the configuration sends (exit 2 naming the variable).
  checkDeclaredAuth(config, IMPORTED_OPERATIONS);
  const usage = checkUsage(options, config, parts, lastFailed);
  // Import a CRYPTO_PROFILE module now: one that does not load is a configuration error (exit 2).
  const profile = await loadConfiguredProfile(config);
  const profileNote = await profileLine(config.partner.cryptoProfile);
  // What the declaration lists: the variables this profile reads, as loaded, each set or not.
  const profileReads = profileReadsOf(config.partner.cryptoProfile, profile, process.env);
  return {
    options,
    config,
    startedAt,
    failOn,
    profileNote,
    profileReads,
    ...usage,
    ...(lastFailed ? { lastFailed } : {}),
  };
}

/** The options against the configuration and the suites; each problem is exit 2. */
function checkUsage(options: RunOptions, config: Config, parts: RunParts, last: LastFailed | undefined) {
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const mergeFrom = options["merge-reports"];
  if (mergeFrom !== undefined && shard)
    throw new UsageError("--merge-reports and --shard exclude each other: merge after every shard ran");
  const knownIds = new Set(parts.modules.flatMap((m) => m.checks.map((c) => c.id)));
  // A merge of shards that ran a selection is that selection (shard.ts), whatever it is told.
  // --family / --operation select the checks of those operations (scope.ts), --check's ids beside them.
  const scope = last ? undefined : scopeOf(options, parts.modules);
  const selectedChecks =
    last?.ids ?? scope?.ids ?? options.check ?? (mergeFrom !== undefined ? shardsSelection(mergeFrom) : []);
  // A mistyped id would select nothing and pass: a gate that checked nothing must not be green.
  const unknownId = selectedChecks.find((id) => !knownIds.has(id));
  if (unknownId)
    throw new UsageError(
      `--check ${unknownId}: no such check (ids are in every test name and in summary.md, e.g. CARD-STMT-PERIOD)`,
    );
  if (mergeFrom !== undefined) requireBlobs(mergeFrom);
  if (shard && shard.count > config.safety.concurrency) {
    throw new UsageError(
      `CONCURRENCY=${config.safety.concurrency} is less than the ${shard.count} shards: each shard needs at least one request in flight`,
    );
  }
  const baseline = loadBaseline(config.safety.baselineFile, knownIds);
  return {
    selectedChecks,
    ...(scope ? { selectedBy: scope.by } : {}),
    ...(shard ? { shard } : {}),
    ...(mergeFrom !== undefined ? { mergeFrom } : {}),
    baseline,
  };
}

/** --merge-reports DIR must hold the shards' blob reports (blob-*.json). */
function requireBlobs(dir: string): void {
  const blobs =
    existsSync(dir) && statSync(dir).isDirectory()
      ? readdirSync(dir).filter((f) => /^blob.*\.json$/.test(f))
      : undefined;
  if (!blobs) throw new UsageError(`--merge-reports ${dir}: no such folder`);
  if (!blobs.length)
    throw new UsageError(
      `--merge-reports ${dir}: no blob report (blob-*.json) in it; run the shards with --shard=i/n first`,
    );
}

/** A profile module and the variables of its own it reads (values never shown): part of the run line. */
async function profileLine(spec: string): Promise<string> {
  if (!isProfileModule(spec)) return "";
  const own = await profileVariables(spec);
  return ` · profile ${spec}${own.length ? ` reads ${own.map((v) => (v.secret ? `${v.name} (secret)` : v.name)).join(", ")}` : ""}`;
}
