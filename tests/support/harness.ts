/** Helpers of the harness's own tests: a sandbox (with faults) and a configuration pointing at it. */
import { evaluateModules, type CheckResult } from "../../lib/checks/evaluate.ts";
import { loadConfig, type Config } from "../../lib/config/load.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { startSandbox, type RunningSandbox, type SandboxOptions } from "../../sandbox/server.ts";
import { ALL_MODULES } from "../../suites/modules.ts";

/**
 * A configuration for a target URL: the defaults (the sandbox's test data and its declared rules,
 * REQUEST_RULES_FILE=reference, as the CLI sets for the embedded sandbox), a fixed seed, overrides.
 */
export function configFor(url: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    TARGET_BASE_URL: url,
    REQUEST_RULES_FILE: "reference",
    SEED: "20261122",
    PROPERTY_RUNS: "10",
    REQUEST_TIMEOUT_MS: "3000",
    ...overrides,
  });
}

export async function withSandbox<T>(
  options: SandboxOptions,
  body: (sandbox: RunningSandbox) => Promise<T>,
): Promise<T> {
  const sandbox = await startSandbox(options);
  try {
    return await body(sandbox);
  } finally {
    await sandbox.close();
  }
}

/** Every check of every module against a target, outside vitest's reporting. */
export async function evaluateAll(config: Config, modules = ALL_MODULES): Promise<CheckResult[]> {
  const run = await createRunContext(config);
  try {
    // A module's checks side by side (the isolation lanes keep the stateful ones exact), modules in
    // turn: here the sandbox shares this thread, and every module at once would starve it of time.
    // The contract checks are decided once every module has sent, as in a run (evaluateModules).
    return await evaluateModules(modules, run);
  } finally {
    await run.target.close();
  }
}

/** A check crashed: its failure says nothing of the target, so no test may count it as a kill. */
export class CheckCrashed extends Error {
  override name = "CheckCrashed";
}

/**
 * Ids of the checks that failed (any level), sorted. A check that crashed (category "harness") is
 * never counted as failed: it throws, so every test built on this turns red on a crash.
 */
export function failingIds(results: CheckResult[]): string[] {
  const crashed = results.filter((r) => r.category === "harness");
  if (crashed.length) throw new CheckCrashed(crashed.map((r) => `${r.id} crashed: ${r.message}`).join("\n"));
  return results
    .filter((r) => r.outcome === "failed")
    .map((r) => r.id)
    .sort();
}
