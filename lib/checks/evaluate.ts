/**
 * Runs checks outside any test framework and returns plain results. The vitest suites and the
 * harness's own tests (which prove each check fails under its sandbox fault) both use this, so
 * what is proven is exactly what runs.
 */
import type { Exchange } from "../http/exchange.ts";
import { inCheckScope } from "../http/coordination/lanes.ts";
import { CheckAttempt } from "./attempt.ts";
import type { CheckResult } from "./check-result.ts";
import { decidedAtSettlement, judgeByKind } from "./kinds/index.ts";
import { checkSlots, startChecks, type Stage } from "./schedule.ts";
import { ScenarioBook } from "./scenarios.ts";
import { registerContracts } from "./contract-verdict.ts";
import type { Check, Module, RunContext, ScenarioName } from "./types.ts";

export type { CheckResult } from "./check-result.ts";
export { CONTRACT_REREADS } from "./kinds/contract.ts";

/** How a check is evaluated besides its module: its attempt (--retries), and for a contract check the run's stage. */
export interface EvaluateOptions {
  /** 1 the first; a contract check's re-run judges only the answers it sends itself. */
  attempt?: number;
  /** The first attempt of a check decided at settlement: it says when it has sent, then decides once every check has (schedule.ts). */
  stage?: Stage;
}

/** One module against one target: scenarios are sent once and shared by the module's checks. */
export class ModuleRun {
  private readonly scenarios: ScenarioBook;

  constructor(
    readonly module: Module,
    readonly run: RunContext,
  ) {
    // Usually done for every module before anything is sent (evaluateModules, describe-module.ts): here for a module run alone.
    registerContracts(run.contracts, [module], run);
    this.scenarios = new ScenarioBook(module, run);
  }

  scenario(name: ScenarioName): Promise<Exchange> {
    return this.scenarios.scenario(name);
  }

  evaluate(check: Check, options: EvaluateOptions = {}): Promise<CheckResult> {
    return evaluateCheck(check, this, options);
  }
}

/**
 * One attempt at a check, judged by its kind (kinds/index.ts) inside its own scope: checks run side
 * by side (schedule.ts), and each counts the requests of its own async context.
 */
export async function evaluateCheck(
  check: Check,
  moduleRun: ModuleRun,
  options: EvaluateOptions = {},
): Promise<CheckResult> {
  const attempt = new CheckAttempt(check, moduleRun.module, moduleRun.run, moduleRun, options.attempt ?? 1);
  const { result, counter } = inCheckScope(() => judgeByKind(check, attempt, options.stage), attempt.sender);
  return attempt.result(await result, counter);
}

/** How a check of a module is evaluated: once (the default), or with retries (retry.ts). */
export type Evaluate = (moduleRun: ModuleRun, check: Check, stage: Stage) => Promise<CheckResult>;

const once: Evaluate = (moduleRun, check, stage) => moduleRun.evaluate(check, { stage });

/**
 * Evaluates modules as a run does: every module's contracts registered first; each module's checks
 * side by side (schedule.ts; they share its scenarios), modules in turn — the in-process sandbox
 * shares this thread, and every module at once would starve it; the contract checks of all of
 * them decided once every check has finished sending. Results in module order, then check order.
 */
export function evaluateModules(
  modules: readonly Module[],
  run: RunContext,
  evaluate: Evaluate = once,
): Promise<CheckResult[]> {
  registerContracts(run.contracts, modules, run);
  const parts = modules.map((module) => {
    const moduleRun = new ModuleRun(module, run);
    return module.checks.map((check) => ({
      contract: decidedAtSettlement(check),
      evaluate: (stage: Stage) => evaluate(moduleRun, check, stage),
    }));
  });
  return Promise.all(startChecks(parts, checkSlots(run.inFlight)));
}

/** Evaluates every check of a module (evaluateModules with one module); results in order. */
export function evaluateModule(module: Module, run: RunContext): Promise<CheckResult[]> {
  return evaluateModules([module], run);
}
