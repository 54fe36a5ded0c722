/**
 * What each kind of check, a scenario and a generated case get to work with (types.ts `CheckKinds`
 * names which gets which): the run's configuration, profile and schemas, and — for a check that
 * sends — the one way to send, each exchange recorded as its evidence.
 */
import type { Operation } from "../catalogue/index.ts";
import type { Config } from "../config/load.ts";
import type { Exchange } from "../http/exchange.ts";
import type { CryptoProfile } from "../crypto/profile.ts";
import type { RequestVariant, SendOptions } from "../http/target.ts";
import type { ValidatorRegistry } from "../validation/registry.ts";
import type { DebitRange } from "../payments/debit-range.ts";
import type { LatencyRow } from "./meter.ts";
import type { NotApplicableRule } from "./not-applicable.ts";

/**
 * The names a module's scenarios may have: its valid example request (`success`, which the success
 * checks judge) and the limits of the other object kinds §2.4 names (`account`, `client`). A
 * misspelt name is a type error, not a harness error at run time.
 */
export type ScenarioName = "success" | "account" | "client";

/**
 * What checks, scenarios and generated cases may read of the run: the configuration, the crypto
 * profile (to seal and sign) and the compiled schemas. Not the target: every request goes through
 * the context's send/sendVariant, so that no exchange escapes the evidence.
 */
export interface CaseContext {
  readonly config: Config;
  readonly profile: CryptoProfile;
  readonly validators: ValidatorRegistry;
  /** Requests this process may have in flight: its share of CONCURRENCY (the property window, the check slots). */
  readonly inFlight: number;
  /** The valid debit amounts, decided once per run (the run plan's range, or one reading of the card's limits). */
  debitAmounts(): Promise<DebitRange>;
}

/** What a scenario (a named request of a module) gets to build and send its request. */
export interface ScenarioContext extends CaseContext {
  /** Ends the scenario — and every check that reads it — as not judged: our fixture cannot be built or was refused. */
  notJudged(reason: string, variable: string): never;
  /** Seed of this scenario, derived from SEED and the scenario's name. */
  readonly seed: number;
  /** Sends a request; the exchange is recorded by each check that uses the scenario (CheckContext.scenario). */
  send(op: Operation, body: unknown, options?: SendOptions): Promise<Exchange>;
  sendVariant(op: Operation, variant: RequestVariant): Promise<Exchange>;
}

export type Scenario = (ctx: ScenarioContext) => Promise<Exchange>;

/**
 * What every kind of check may do while it is judged: its seed, its evidence, its notes, and the
 * two endings that are neither pass nor failure. It fails in one way — `fail(category, message)`
 * (lib/checks/failure.ts).
 */
export interface JudgingContext extends CaseContext {
  /** Seed of this check, derived from SEED and the check id. */
  readonly seed: number;
  /** Records again an exchange already sent (e.g. the case that decided), so it is kept in the evidence tail. */
  record(exchange: Exchange): void;
  /** An observation for the report (info level findings, figures). */
  note(text: string): void;
  /** Ends the check as skipped — not applicable here by one of the rules (failure.ts NOT_APPLICABLE) — with the detail shown in every report. */
  notApplicable(rule: NotApplicableRule, detail: string): never;
  /** Ends the check as not judged (a must so leaves the run incomplete): a precondition not met; `variable` names where to look. */
  notJudged(reason: string, variable?: string): never;
}

/**
 * The context of a check that sends (a sending check's, a contract check's): every request goes
 * through it, and each exchange is recorded as its evidence (sampled by lib/checks/evidence.ts).
 */
export interface CheckContext extends JudgingContext {
  /** The module's scenario exchange (sent once, shared by the module's checks), recorded as evidence. */
  scenario(name: ScenarioName): Promise<Exchange>;
  /** Sends a request and records the exchange as evidence of this check. */
  send(op: Operation, body: unknown, options?: SendOptions): Promise<Exchange>;
  /** Sends a generated variant (raw text, headers, content type) and records the exchange. */
  sendVariant(op: Operation, variant: RequestVariant): Promise<Exchange>;
  /** Runs `fn` holding the card's isolation lane exclusively (lib/http/coordination/lanes.ts): no other check debits the card meanwhile. */
  isolated<T>(cardId: string, fn: () => Promise<T>): Promise<T>;
  /** One value per run under `key`, made by the first check that asks (e.g. the ledger survey the five ledger checks share). */
  shared<T>(key: string, make: () => Promise<T>): Promise<T>;
}

/** The context of a check decided at settlement: it reads the run, and sends nothing (no `send`). */
export interface SettleContext extends JudgingContext {
  /**
   * What the run's own traffic measured of an operation (lib/checks/meter.ts): its figures, which
   * become the check's reading in every report, and its slowest exchanges — read once every other
   * check of the process has finished sending, so the figures cover every request of the process.
   */
  latency(operationKey: string): LatencyReadout;
  /** A value the run's sending checks shared under `key` (CheckContext.shared), if one made it: read, never made. */
  sharedValue<T>(key: string): Promise<T | undefined>;
  /** Keeps the run's settle times as the check's reading (summary.json `settleTimes`). */
  keepSettle(reading: SettleReading): void;
}

/**
 * The run's settle times (lib/checks/converge.ts) as a check's reading (CARD-LEDGER-SETTLE keeps it): what summary.json's
 * `settleTimes` shows, beside the latency figures. Milliseconds from a debit's answer to the reading
 * that showed its posting (0: the first reading did).
 */
export interface SettleReading {
  /** Waits for a posting that settled. */
  waits: number;
  /** Of them, postings not there at the first reading. */
  late: number;
  /**
   * Waits that ran out of the bound: a posting that never showed (the check that waited fails,
   * naming the debit) or a reading that others' activity kept from settling (set aside, not judged).
   */
  ranOut: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** LEDGER_SETTLE_MS as the run read it, and whether it was declared. */
  boundMs: number;
  declared: boolean;
}

/** An operation's latency figures (none when nothing went on the wire) and its slowest exchanges. */
export interface LatencyReadout {
  row?: LatencyRow;
  slowest: Exchange[];
}
