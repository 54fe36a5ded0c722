/**
 * The run as every output describes it (summary.json/.md, the console, Allure's environment, the
 * outputs of a run that ended before its checks): derived from the run plan the workers got and the
 * few facts of how the run was started, by this one function — never assembled a second time. So the
 * summary states exactly what the workers used: the debit range, each process's share of the bounds,
 * the selection, the request rules, the partner's declarations.
 */
import { describeRequestRules } from "../config/request-rules.ts";
import { HARNESS_VERSION } from "../config/version.ts";
import { declarationOf } from "../reporting/certify/declaration.ts";
import { gitCommit } from "../reporting/git.ts";
import type { Reached, RunDescription, Targeted } from "./run-state.ts";

/** From the target phase on (an ending before the checks describes the run as far as it got). */
export function describeRun(run: Targeted & Partial<Pick<Reached, "bearerSource" | "network">>): RunDescription {
  const { config, limits, debitRange, selectedChecks } = run.plan;
  const commit = gitCommit();
  return {
    target: run.target,
    seed: config.run.seed,
    strict: config.run.strict,
    harnessVersion: HARNESS_VERSION,
    ...(commit ? { gitCommit: commit } : {}),
    propertyRuns: config.run.propertyRuns,
    declaration: declarationOf(config, run.profileReads),
    ...(debitRange ? { debitAmounts: debitRange.why } : {}),
    workers: {
      processes: run.workers,
      inFlightEach: limits.inFlightShare,
      ...(limits.rpsShare ? { rpsEach: limits.rpsShare } : {}),
    },
    ...(run.network ? { network: run.network } : {}),
    ...(run.bearerSource ? { bearerSource: run.bearerSource } : {}),
    ...(selectedChecks.length ? { selectedChecks: [...selectedChecks] } : {}),
    ...(run.selectedBy?.length ? { selectedBy: [...run.selectedBy] } : {}),
    ...(run.shard ? { shard: `${run.shard.index}/${run.shard.count}` } : {}),
    ...(run.lastFailed ? { lastFailedFrom: run.lastFailed.from } : {}),
    ...(config.run.retries ? { retries: config.run.retries } : {}),
    requestRules: describeRequestRules(config.fixtures.requestRules),
    ...(config.deprecations.length ? { deprecations: [...config.deprecations] } : {}),
  };
}
