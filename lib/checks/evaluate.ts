/**
 * Runs checks outside any test framework and returns plain results. The vitest suites and the
 * harness's own tests (which prove each check fails under its sandbox fault) both use this, so
 * what is proven is exactly what runs.
 */
import type { Exchange } from "../http/exchange.ts";
import { inCheckScope } from "../http/lanes.ts";
import { RequestRefused } from "../http/target.ts";
import { EvidenceRecorder } from "./evidence.ts";
import { CheckFailure, CheckNotJudged, CheckSkipped, notJudged, type FailureCategory } from "./failure.ts";
import { NOT_JUDGED, refusalReason, refusedForBusinessReason } from "./precondition.ts";
import { requireDeclared, touchesOf } from "./isolation.ts";
import { checkSlots, runConcurrently } from "./schedule.ts";
import { deriveSeed } from "./seed.ts";
import { latencyReader } from "./latency-reading.ts";
import type { LatencyRow } from "./meter.ts";
import type { Basis, Check, CheckContext, Level, Module, Outcome, RunContext, ScenarioName } from "./types.ts";

export interface CheckResult {
  id: string;
  /** The check's level, or `info` when its failure rests only on the reference sandbox's choice. */
  level: Level;
  spec: string;
  basis: Basis;
  title: string;
  operationKey: string;
  outcome: Outcome;
  /** A failure's cause; why a check was not judged: "precondition" (a fixture) or "interrupted" (not run). */
  category?: FailureCategory | "harness" | typeof NOT_JUDGED | typeof INTERRUPTED;
  message?: string;
  notes: string[];
  /** The evidence sample (evidence.ts): the first exchanges, and the last ones of a failed check. */
  evidence: Exchange[];
  /** Exchanges of the check left out of the sample. */
  evidenceOmitted: number;
  seed: number;
  durationMs: number;
  /** Requests the check sent (scenarios it was first to use included; every attempt with --retries). */
  requests: number;
  /** Times the check ran, when it was retried (retry.ts). */
  attempts?: number;
  /** The first attempt's failure of a check that passed on a retry: flaky. */
  firstFailure?: string;
  /** A latency budget check's reading of its operation's traffic (latency-reading.ts). */
  latency?: LatencyRow;
}

/** One module against one target: scenarios are sent once and shared by the module's checks. */
export class ModuleRun {
  private readonly memo = new Map<string, Promise<Exchange>>();

  constructor(
    readonly module: Module,
    readonly run: RunContext,
  ) {}

  scenario(name: ScenarioName): Promise<Exchange> {
    let pending = this.memo.get(name);
    if (!pending) {
      const scenario = this.module.scenarios[name];
      if (!scenario) throw new Error(`module ${this.module.operation.key} has no scenario "${name}"`);
      const seed = deriveSeed(this.run.config.run.seed, `${this.module.operation.code}:${name}`);
      const { config, target, validators, inFlight } = this.run;
      pending = scenario({
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
    }
    return pending;
  }

  evaluate(check: Check): Promise<CheckResult> {
    return evaluateCheck(check, this);
  }
}

/** Values shared by the checks of one run (CheckContext.shared), made once. */
const sharedValues = new WeakMap<RunContext, Map<string, Promise<unknown>>>();

function sharedOf<T>(run: RunContext, key: string, make: () => Promise<T>): Promise<T> {
  let values = sharedValues.get(run);
  if (!values) sharedValues.set(run, (values = new Map()));
  if (!values.has(key)) values.set(key, make());
  return values.get(key) as Promise<T>;
}

export async function evaluateCheck(check: Check, moduleRun: ModuleRun): Promise<CheckResult> {
  const started = Date.now();
  const seed = deriveSeed(moduleRun.run.config.run.seed, check.id);
  const evidence = new EvidenceRecorder();
  const notes: string[] = [];
  let cutShort = false;
  const record = (exchange: Exchange) => {
    // The run's stop kept this request from being sent (a shared scenario's too): the check is not run.
    if (exchange.transportError?.kind === "interrupted") cutShort = true;
    // What the client did on the way (a 429 honoured) is reported, not failed.
    if (evidence.add(exchange)) for (const note of exchange.notes ?? []) if (!notes.includes(note)) notes.push(note);
    return exchange;
  };
  let latency: LatencyRow | undefined;
  const { config, target, validators, inFlight } = moduleRun.run;
  const touches = touchesOf(check, moduleRun.module);
  const ctx: CheckContext = {
    config,
    validators,
    inFlight,
    profile: target.profile,
    seed,
    debitAmounts: () => moduleRun.run.debitAmounts(),
    scenario: async (name) => {
      const exchange = record(await moduleRun.scenario(name));
      // Nothing to judge when the target refused a fixture request, any scenario: not a failure (precondition.ts).
      if (refusedForBusinessReason(exchange)) throw new CheckNotJudged(refusalReason(moduleRun.module, name, exchange));
      return exchange;
    },
    send: async (op, body, options) => (
      requireDeclared(check, touches, op),
      record(await target.send(op, body, options))
    ),
    sendVariant: async (op, variant) => (
      requireDeclared(check, touches, op),
      record(await target.sendVariant(op, variant))
    ),
    record: (exchange) => void record(exchange),
    note: (text) => void notes.push(text),
    skip: (reason) => {
      throw new CheckSkipped(reason);
    },
    notJudged,
    isolated: (cardId, fn) => moduleRun.run.target.isolated(cardId, fn),
    shared: (key, make) => sharedOf(moduleRun.run, key, make),
    latency: latencyReader(moduleRun.run, (row) => (latency = row)),
  };
  const base = {
    id: check.id,
    level: check.level,
    spec: check.spec,
    basis: check.basis,
    title: check.title,
    operationKey: moduleRun.module.operation.key,
    notes,
    seed,
  };
  // Checks run side by side (schedule.ts): each counts the requests of its own async context.
  // A check declared to own the payment card runs holding its lane exclusively (isolation.ts).
  const run = () =>
    touches === "payment-card"
      ? target.isolated(config.fixtures.payment.cardId, async () => check.run(ctx))
      : check.run(ctx);
  const { result, counter } = inCheckScope(() => settle(run));
  const settled = await result;
  const outcome = notRunIfInterrupted(settled, cutShort || counter.interrupted);
  const { sample, omitted } = evidence.sample(outcome.outcome === "failed");
  return {
    ...base,
    ...outcome,
    evidence: sample,
    evidenceOmitted: omitted,
    durationMs: Date.now() - started,
    requests: counter.sent,
    ...(latency ? { latency } : {}),
  };
}

/** The category of a check the run's stop cut short: reported "not run", never as the target's failure. */
export const INTERRUPTED = "interrupted";

/** What the client says of a request the stop kept back (client.ts), as a failure message quotes it. */
const NOT_SENT_ON_STOP = /not sent: the run was interrupted/;

function notRunIfInterrupted(outcome: Settled, interrupted: boolean | undefined): Settled {
  if (outcome.outcome === "passed") return outcome;
  // A value made once for several checks (ctx.shared) was cut short in another check's scope: its message says so.
  if (!interrupted && !(outcome.outcome === "failed" && NOT_SENT_ON_STOP.test(outcome.message ?? ""))) return outcome;
  return {
    outcome: "not judged",
    category: INTERRUPTED,
    message: "not run: the run was interrupted before this check finished",
  };
}

type Settled = Pick<CheckResult, "outcome" | "category" | "message"> & { level?: "info"; basis?: Basis };

async function settle(
  run: () => Promise<void> | void,
): Promise<Pick<CheckResult, "outcome" | "category" | "message"> & { level?: "info"; basis?: Basis }> {
  try {
    await run();
    return { outcome: "passed" };
  } catch (error) {
    // The two outcomes that are neither pass nor failure, one producer each (types.ts Outcome).
    if (error instanceof CheckNotJudged) return { outcome: "not judged", category: NOT_JUDGED, message: error.message };
    if (error instanceof CheckSkipped) return { outcome: "skipped", message: error.message };
    // The guard would not send a request the check needs (TARGET_ENV, TEST_PANS, MAX_DEBIT_TOTAL): skipped by rule.
    const refused = refusalIn(error);
    if (refused) return { outcome: "skipped", message: refused.message };
    if (error instanceof CheckFailure)
      return {
        outcome: "failed",
        category: error.category,
        message: error.message,
        // Resting only on the reference's choice: an observation, whatever the check's level.
        ...(error.level ? { level: error.level } : {}),
        ...(error.basis ? { basis: error.basis } : {}),
      };
    // A bug in the harness itself: reported, never mistaken for the target's failure.
    const e = error as Error;
    return { outcome: "failed", category: "harness", message: `Harness error: ${e?.stack ?? String(error)}` };
  }
}

/** A guard refusal, also when wrapped as the cause of another error (e.g. a property failure). */
function refusalIn(error: unknown): RequestRefused | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof RequestRefused) return e;
  }
  return undefined;
}

/** Evaluates every check of a module side by side (schedule.ts; they share its scenarios); results in order. */
export async function evaluateModule(module: Module, run: RunContext): Promise<CheckResult[]> {
  const moduleRun = new ModuleRun(module, run);
  return Promise.all(
    runConcurrently(
      module.checks.map((check) => () => moduleRun.evaluate(check)),
      checkSlots(run.inFlight),
    ),
  );
}
