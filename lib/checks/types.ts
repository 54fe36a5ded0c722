import type { Operation } from "../catalogue/index.ts";
import type { Config } from "../config/load.ts";
import type { Target } from "../http/target.ts";
import type { ValidatorRegistry } from "../validation/registry.ts";
import type { DebitRange } from "../payments/debit-range.ts";
import type { LatencyMeter } from "./meter.ts";
import type { Read } from "./read-types.ts";
import type { AnswerContract, Contracts } from "./contract-types.ts";
import type { CheckContext, Scenario, ScenarioName, SettleContext } from "./contexts.ts";

export type {
  CaseContext,
  CheckContext,
  JudgingContext,
  LatencyReadout,
  Scenario,
  ScenarioContext,
  ScenarioName,
  SettleContext,
  SettleReading,
} from "./contexts.ts";

/** must: the spec states it · should: sound practice where the spec is silent · info: observation. */
export type Level = "must" | "should" | "info";

/**
 * How a check ended (lib/checks/settle.ts `settle`, one producer each). Neither of the last two is a
 * pass or a failure, and they mean different things:
 * - `skipped`: not applicable here, by rule — TARGET_ENV=production forbids its mutation, a key for
 *   an optional feature is not configured, the guard refuses the request (`ctx.notApplicable(rule, detail)`);
 * - `not judged`: it should have been judged and could not be — a precondition the target or the
 *   configuration did not meet (a refused fixture, a fixture not configured, nothing to judge), or
 *   the run stopped first; a must check not judged leaves the run incomplete (`ctx.notJudged(reason, variable)`).
 */
export type Outcome = "passed" | "failed" | "skipped" | "not judged";

/** What a check touches (lib/checks/isolation.ts says what each means and how the engine holds to it). */
export type Touches = "read-only" | "debits" | "payment-card" | "race-card";

/**
 * What a judgement rests on (docs/checks-and-levels.md): `spec` — a clause states it (a type, a
 * format, a value shown, a path, JSON, HTTP 200, and the sound reading of what a field means);
 * `declared` — the target's own configuration states it (REQUEST_RULES_FILE, CLIENT_DATA_FILE,
 * the limits vocabulary, IDEMPOTENCY_MODE, …); `reference` — only the reference sandbox's choice
 * (an assumed required field, bound or pattern). A reference judgement is at most `info`.
 */
export type Basis = "spec" | "declared" | "reference";
export const BASES: readonly Basis[] = ["spec", "declared", "reference"];

/** What a run shares: configuration, the target and the compiled schemas. */
export interface RunContext {
  readonly config: Config;
  readonly target: Target;
  readonly validators: ValidatorRegistry;
  /** Requests this process may have in flight: its share of CONCURRENCY, from the run plan (run-plan.ts). */
  readonly inFlight: number;
  /** The valid debit amounts: the run plan's, or read once from the payment card's limits (debit-amounts.ts). */
  debitAmounts(): Promise<DebitRange>;
  /** Measures every exchange the target returns (meter.ts); absent in bare test contexts. */
  readonly meter?: LatencyMeter;
  /** Judges every answer the target returns against its operation's contracts (contract-book.ts); absent in bare test contexts. */
  readonly contracts?: Contracts;
}

/** What every kind of check states, whatever its kind. */
export interface CheckHead {
  /** Stable id, e.g. "CARD-STMT-PERIOD". */
  readonly id: string;
  readonly level: Level;
  /** The clause the check rests on, e.g. "§4.2". */
  readonly spec: string;
  /** What the check's rule rests on; never `reference` for a `must` (tests/checks/basis.unit.test.ts). */
  readonly basis: Basis;
  /** Its generated cases state a basis of their own (a `reference` case is judged at most `info`). */
  readonly basisPerCase?: boolean;
  /** What holds when the check passes, e.g. "statement operations lie within the period". */
  readonly title: string;
  /** Why the check exists and what it tolerates; shown in the report. */
  readonly description?: string;
  /** What it touches (lib/checks/isolation.ts), when not what its module declares. */
  readonly touches?: Touches;
  /** The configuration whose value changes what it judges, besides its module's (lib/checks/reads.ts). */
  readonly reads?: readonly Read[];
}

/** A check that sends its requests and reads their answers (`defineCheck`, lib/checks/kinds/sends.ts). */
export interface SendingCheck extends CheckHead {
  readonly kind: "sends";
  run(ctx: CheckContext): Promise<void> | void;
}

/**
 * A contract judged on every answer (`defineContractCheck`, lib/checks/kinds/contract.ts): besides
 * its own reading (`run`, e.g. the scenario answer), every answer of its operation the run receives
 * is judged by its contract (contract-book.ts), and it is decided from that tally once every other
 * check has finished sending.
 */
export interface ContractCheck extends CheckHead {
  readonly kind: "contract";
  readonly contract: AnswerContract;
  run(ctx: CheckContext): Promise<void> | void;
  /**
   * Its last reading, sent once every other check has finished sending, before it is decided: what
   * must read the same every time (a closed period's statement) is read once more at the end.
   */
  readAgain?(ctx: CheckContext): Promise<void>;
}

/**
 * A check decided at settlement (`defineSettledCheck`, lib/checks/kinds/settles.ts): `run` is
 * called once every other check of the process has finished sending, so what it reads of the run —
 * the latency meter — covers the whole run. It sends nothing: its context has no `send`.
 */
export interface SettledCheck extends CheckHead {
  readonly kind: "settles";
  run(ctx: SettleContext): Promise<void> | void;
}

/** Every kind of check, by its `kind`: the engine dispatches on it (lib/checks/kinds/index.ts). */
export interface CheckKinds {
  sends: SendingCheck;
  contract: ContractCheck;
  settles: SettledCheck;
}

export type CheckKind = keyof CheckKinds;

/** A check: one of the kinds, told apart by its `kind` alone — never by which optional member is set. */
export type Check = CheckKinds[CheckKind];

/** What a module's success request is, for a "not judged" reason (precondition.ts). */
export interface FixtureRequest {
  /** "the fixture debit of 100.00 KZT", from the body sent. */
  what(sent: unknown): string;
  /** The variables to look at when the target refuses it. */
  see: string;
}

export interface Module {
  readonly operation: Operation;
  /**
   * Named requests built from the configured fixtures, sent once and shared by the module's checks.
   * One rule for all of them (lib/checks/precondition.ts): a scenario the target refuses for a
   * business reason leaves every check that reads it not judged, never failed.
   */
  readonly scenarios: Readonly<Partial<Record<ScenarioName, Scenario>>>;
  readonly checks: readonly Check[];
  /** What each scenario's request is, for the reason given when the target refuses it. */
  readonly fixtures?: Readonly<Partial<Record<ScenarioName, FixtureRequest>>>;
  /** What its checks touch unless they say otherwise (lib/checks/isolation.ts); read-only when absent. */
  readonly touches?: Touches;
  /** The configuration every check of the module reads (lib/checks/reads.ts). */
  readonly reads?: readonly Read[];
  /** Id prefixes besides the operation's code, for checks of a theme that spans operations (`CARD-LEDGER`). */
  readonly themes?: readonly string[];
}
