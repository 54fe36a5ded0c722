/**
 * "Run these modules in-process against a target configured from this env or partner folder": the
 * check engine (`evaluateModule`) with a configuration from `loadConfig`, as every worker of a CLI
 * run judges, without the CLI's process start, vitest start and reporters (about a tenth of a
 * CLI run's CPU). A partner folder is read as the CLI reads it when started there: its `.env`
 * (dotenv), the environment winning, files named relative to the folder found in it. What only the
 * command does (exit codes, the preflight's one line, reports, workers) is proven by CLI runs.
 */
import { join, resolve } from "node:path";
import { evaluateModules, type CheckResult } from "../../lib/checks/evaluate.ts";
import { reportedOutcome } from "../../lib/checks/levels.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import type { Module } from "../../lib/checks/types.ts";
import { readEnvFile } from "../../lib/config/env-file.ts";
import { loadConfig, type Config } from "../../lib/config/load.ts";
import type { Env } from "../../lib/config/reader.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { TEST_LATENCY_BUDGET } from "./budget.ts";

/**
 * The variables of a partner's folder as the CLI started there sees them: its `.env`, the tests'
 * latency budget (as a CLI test's environment carries it, budget.ts), `overrides` winning (as the
 * environment wins over `.env`); a value naming a file relative to the folder
 * (`./client-data.json`) made absolute, since this process does not run in the folder.
 */
export function folderEnv(dir: string, overrides: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { ...readEnvFile(join(dir, ".env")), ...TEST_LATENCY_BUDGET, ...overrides };
  for (const [name, value] of Object.entries(env)) if (/^\.\.?\//.test(value)) env[name] = resolve(dir, value);
  return env;
}

/**
 * Every module given against the configured target as a run judges them (`evaluateModules`): the
 * checks of a module side by side (the isolation lanes keep the stateful ones exact), the contract
 * checks decided once every module has sent. The context is closed after.
 */
export async function judgeModules(config: Config, modules: readonly Module[] = ALL_MODULES, env?: Env) {
  const run = await createRunContext(config, {}, { env });
  try {
    return await evaluateModules(modules, run);
  } finally {
    await run.target.close();
  }
}

/** The modules cut to these checks, as `--check` selects them (each module's scenarios kept). */
export function onlyChecks(ids: readonly string[], modules: readonly Module[] = ALL_MODULES): Module[] {
  return modules
    .map((m) => ({ ...m, checks: m.checks.filter((c) => ids.includes(c.id)) }))
    .filter((m) => m.checks.length > 0);
}

/** The modules against the target a partner folder configures (its .env, overrides winning). */
export function judgeFolder(
  dir: string,
  overrides: Record<string, string> = {},
  modules: readonly Module[] = ALL_MODULES,
): Promise<CheckResult[]> {
  const env = folderEnv(dir, overrides);
  return judgeModules(loadConfig(env), modules, env);
}

/** A check crashed: its failure says nothing of the target, so no test may count it as a kill. */
export class CheckCrashed extends Error {
  override name = "CheckCrashed";
}

/** Throws when a check crashed (category "harness"): every test built on these results turns red. */
export function noCrash(results: readonly CheckResult[]): readonly CheckResult[] {
  const crashed = results.filter((r) => r.category === "harness");
  if (crashed.length) throw new CheckCrashed(crashed.map((r) => `${r.id} crashed: ${r.message}`).join("\n"));
  return results;
}

/**
 * Ids of the checks a CLI run's summary would show other than passed, info observations aside
 * (skipped and not judged count: they would hide a missing fixture), sorted; a crash throws.
 */
export function notPassed(results: readonly CheckResult[]): string[] {
  return noCrash(results)
    .filter((r) => (r.findingLevel ?? r.level) !== "info" && r.outcome !== "passed")
    .map((r) => r.id)
    .sort();
}

/** The checks that fail the run in this mode, as the summary reports them (a should only when strict). */
export function failingTheRun(results: readonly CheckResult[], strict: boolean): string[] {
  return noCrash(results)
    .filter((r) => reportedOutcome(r, strict) === "failed")
    .map((r) => r.id)
    .sort();
}

/** The results not passed, one line each with the message: an assertion's explanation. */
export function shown(results: readonly CheckResult[]): string {
  return results
    .filter((r) => r.outcome !== "passed")
    .map((r) => `${r.id} [${r.level}] ${r.outcome} ${r.category ?? ""}: ${(r.message ?? "").slice(0, 400)}`)
    .join("\n");
}
