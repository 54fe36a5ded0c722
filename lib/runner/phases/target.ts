/**
 * Phase 2, target: which target the run judges — TARGET_BASE_URL, or the embedded reference
 * sandbox started now when it is unset (none when merging shards) — and the run's bounds: each
 * worker's share of CONCURRENCY and MAX_RPS, the deadline and the debit budget file. What it
 * opens goes on the cleanup stack. Prints the run line; from here on the run carries its plan.
 */
import { mkdirSync, rmdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { withBaseUrl, type RunPlan } from "../../checks/run-plan.ts";
import type { Config } from "../../config/load.ts";
import { withoutProxy } from "../../config/proxy.ts";
import { FileDebitBudget } from "../../http/coordination/debit-budget.ts";
import { debitShare, planRunLimits, workerCount, type RunLimits } from "../../http/coordination/run-limits.ts";
import { redactor } from "../../redaction/redact.ts";
import { networkRunNote } from "../../reporting/network.ts";
import type { CleanupStack } from "../cleanup.ts";
import type { Prepared, RunParts, Targeted } from "../run-state.ts";
import { contractsFileOf, writeShardSelection, type Shard } from "../shard.ts";

export async function openTarget(run: Prepared, parts: RunParts, cleanup: CleanupStack): Promise<Targeted> {
  const { config: loaded, mergeFrom, shard } = run;
  const sandbox = loaded.target.baseUrl || mergeFrom !== undefined ? undefined : await parts.startSandbox(loaded);
  if (sandbox) cleanup.defer("the embedded sandbox", () => sandbox.close());
  const config = sandbox ? embeddedSandboxConfig(loaded, sandbox.url) : loaded;
  const { limits, workers } = planLimits(config, shard, run.startedAt, cleanup);
  if (shard) writeShardSelection(config.run.reportsDir, shard, run.selectedChecks);
  const target =
    mergeFrom !== undefined
      ? `${config.target.baseUrl ?? "embedded sandbox"} (shards merged from ${mergeFrom})`
      : sandbox
        ? `embedded sandbox ${sandbox.url}`
        : config.target.baseUrl!;
  process.stdout.write(
    `conformance: target ${redactor.text(target)} · TARGET_ENV ${config.safety.targetEnv} · seed ${config.run.seed} · strict ${config.run.strict}${run.profileNote}${networkRunNote(config, (url) => redactor.text(url))}${shard ? ` · shard ${shard.index}/${shard.count}` : ""}\n`,
  );
  const plan: RunPlan = {
    config,
    limits,
    selectedChecks: run.selectedChecks,
    ...(workers === 1 && !shard ? { moduleIndex: parts.moduleIndex } : {}),
    // Every answer judged by its operation's contracts (every module's registered); a shard's tallies for the merge.
    contractIndex: parts.moduleIndex,
    ...(shard ? { contractsFile: contractsFileOf(config.run.reportsDir, shard) } : {}),
  };
  return { ...run, plan, target, workers, embedded: Boolean(sandbox) };
}

/**
 * The configuration aimed at the embedded sandbox. Its request rules are the reference, so it
 * declares them (REQUEST_RULES_FILE=reference) unless the user set the variable: the reference's
 * assumed rules are judged at should level against it (docs/checks-and-levels.md).
 */
export function embeddedSandboxConfig(loaded: Config, url: string): Config {
  // Never through a proxy the environment names (a CI runner's HTTPS_PROXY): the sandbox is on loopback here.
  const aimed = withBaseUrl({ ...loaded, network: withoutProxy(loaded.network) }, url);
  if (loaded.fixtures.requestRules.kind !== "none") return aimed;
  return { ...aimed, fixtures: { ...aimed.fixtures, requestRules: { kind: "reference" } } };
}

/** The run-wide limits: each worker's share travels in the run plan; the files they share are removed at the end. */
function planLimits(
  config: Config,
  shard: Shard | undefined,
  startedAt: number,
  cleanup: CleanupStack,
): { limits: RunLimits; workers: number } {
  const shards = shard?.count ?? 1;
  // One worker per machine: an operation's answers must all reach one contract book (run-limits.ts).
  const workers = workerCount();
  // The run's own files (debit budget, progress feed) live here; the folder goes last, after them.
  const runDir = join(config.run.reportsDir, ".run");
  mkdirSync(runDir, { recursive: true });
  cleanup.defer("the run folder", () => removeIfEmpty(runDir));
  const cap = config.safety.maxDebitTotalMinor;
  let budgetFile: string | undefined;
  if (cap !== undefined) {
    const file = FileDebitBudget.create(join(runDir, `debit-budget-${process.pid}.json`), debitShare(cap, shards)).file;
    cleanup.defer("the debit budget file", () => rmSync(file, { force: true }));
    budgetFile = file;
  }
  return { limits: planRunLimits(config, { workers, shards, startedAt }, budgetFile), workers };
}

/** The folder, unless another run on the same REPORTS_DIR still has its files in it (each run's are named by pid). */
function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOTEMPTY" && code !== "EEXIST" && code !== "ENOENT") throw error;
  }
}
