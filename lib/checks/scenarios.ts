/**
 * A module's scenarios against one target: each named request is sent once, on first use, and its
 * exchange shared by every check of the module that reads it (ModuleRun, evaluate.ts). A contract
 * check's re-run reads them afresh from a new book (kinds/contract.ts).
 */
import type { Exchange } from "../http/exchange.ts";
import { notJudged } from "./failure.ts";
import { deriveSeed } from "./seed.ts";
import type { Module, RunContext, ScenarioName } from "./types.ts";

/** Where a check's scenarios come from: a module run's, or a fresh book of them. */
export interface ScenarioSource {
  scenario(name: ScenarioName): Promise<Exchange>;
}

export class ScenarioBook implements ScenarioSource {
  private readonly memo = new Map<string, Promise<Exchange>>();

  constructor(
    readonly module: Module,
    readonly run: RunContext,
  ) {}

  scenario(name: ScenarioName): Promise<Exchange> {
    const known = this.memo.get(name);
    if (known) return known;
    const scenario = this.module.scenarios[name];
    if (!scenario) throw new Error(`module ${this.module.operation.key} has no scenario "${name}"`);
    const seed = deriveSeed(this.run.config.run.seed, `${this.module.operation.code}:${name}`);
    const { config, target, validators, inFlight } = this.run;
    const pending = scenario({
      config,
      validators,
      inFlight,
      profile: target.profile,
      seed,
      debitAmounts: () => this.run.debitAmounts(),
      send: (op, body, options) => target.send(op, body, options),
      sendVariant: (op, variant) => target.sendVariant(op, variant),
      notJudged,
    });
    this.memo.set(name, pending);
    return pending;
  }
}
