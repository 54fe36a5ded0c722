import type { Operation } from "../catalogue/index.ts";
import type { Config } from "../config/load.ts";
import type { Exchange } from "../http/exchange.ts";
import type { SendOptions, Target } from "../http/target.ts";
import type { ValidatorRegistry } from "../validation/registry.ts";

/** must: the spec states it · should: sound practice where the spec is silent · info: observation. */
export type Level = "must" | "should" | "info";

export type Outcome = "passed" | "failed" | "skipped";

/** What a run shares: configuration, the target and the compiled schemas. */
export interface RunContext {
  readonly config: Config;
  readonly target: Target;
  readonly validators: ValidatorRegistry;
}

/** What a scenario (a named request of a module) gets to build and send its request. */
export interface ScenarioContext extends RunContext {
  /** Seed of this scenario, derived from SEED and the scenario's name. */
  readonly seed: number;
}

export type Scenario = (ctx: ScenarioContext) => Promise<Exchange>;

export interface CheckContext extends RunContext {
  /** Seed of this check, derived from SEED and the check id. */
  readonly seed: number;
  /** The module's scenario exchange (sent once, shared by the module's checks), recorded as evidence. */
  scenario(name: string): Promise<Exchange>;
  /** Sends a request and records the exchange as evidence of this check. */
  send(op: Operation, body: unknown, options?: SendOptions): Promise<Exchange>;
  /** Records an exchange made elsewhere (e.g. by a property run) as evidence. */
  record(exchange: Exchange): void;
  /** An observation for the report (info level findings, figures). */
  note(text: string): void;
  /** Ends the check as skipped, with the reason shown in every report. */
  skip(reason: string): never;
  /** Runs `fn` holding the card's isolation lane exclusively (lib/http/lanes.ts): no other check debits the card meanwhile. */
  isolated<T>(cardId: string, fn: () => Promise<T>): Promise<T>;
  /** One value per run under `key`, made by the first check that asks (e.g. the ledger survey the five ledger checks share). */
  shared<T>(key: string, make: () => Promise<T>): Promise<T>;
}

export interface Check {
  /** Stable id, e.g. "CARD-STMT-PERIOD". */
  readonly id: string;
  readonly level: Level;
  /** The clause the check rests on, e.g. "§4.2". */
  readonly spec: string;
  /** What holds when the check passes, e.g. "statement operations lie within the period". */
  readonly title: string;
  /** Why the check exists and what it tolerates; shown in the report. */
  readonly description?: string;
  run(ctx: CheckContext): Promise<void> | void;
}

export interface Module {
  readonly operation: Operation;
  readonly scenarios: Readonly<Record<string, Scenario>>;
  readonly checks: readonly Check[];
}
