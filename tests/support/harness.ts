/** Helpers of the harness's own tests: a sandbox (with faults) and a configuration pointing at it. */
import type { CheckResult } from "../../lib/checks/evaluate.ts";
import type { Module } from "../../lib/checks/types.ts";
import { loadConfig, type Config } from "../../lib/config/load.ts";
import { startSandbox, type RunningSandbox, type SandboxOptions } from "../../sandbox/server.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { CheckCrashed, judgeModules, noCrash } from "./engine-run.ts";
import { TEST_LATENCY_BUDGET } from "./budget.ts";

/**
 * A configuration for a target URL: the defaults (the sandbox's test data and its declared rules,
 * REQUEST_RULES_FILE=reference, as the CLI sets for the embedded sandbox), a fixed seed, the tests'
 * latency budget (budget.ts), overrides. Five property cases, as the commands the tests start
 * (cli.ts): every fault row shows with five, and ten cost the sandbox tier about a tenth more CPU;
 * a test that needs more cases names them.
 */
export function configFor(url: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    TARGET_BASE_URL: url,
    REQUEST_RULES_FILE: "reference",
    SEED: "20261122",
    // The ledger checks' amounts as in every run of the fault table (a fault may hit some amounts only).
    AMOUNT_NONCE: "0",
    PROPERTY_RUNS: "5",
    REQUEST_TIMEOUT_MS: "3000",
    ...TEST_LATENCY_BUDGET,
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

/** Every check of every module against a target, outside vitest's reporting (engine-run.ts). */
export function evaluateAll(config: Config, modules: readonly Module[] = ALL_MODULES): Promise<CheckResult[]> {
  return judgeModules(config, modules);
}

export { CheckCrashed };

/**
 * Ids of the checks that failed (any level), sorted. A check that crashed (category "harness") is
 * never counted as failed: it throws, so every test built on this turns red on a crash.
 */
export function failingIds(results: CheckResult[]): string[] {
  return noCrash(results)
    .filter((r) => r.outcome === "failed")
    .map((r) => r.id)
    .sort();
}
