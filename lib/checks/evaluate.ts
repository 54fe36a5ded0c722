/**
 * Runs checks outside any test framework and returns plain results. The vitest suites and the
 * harness's own tests (which prove each check fails under its sandbox fault) both use this, so
 * what is proven is exactly what runs.
 */
import type { Exchange } from "../http/exchange.ts";
import { inCheckScope } from "../http/coordination/lanes.ts";
import { EvidenceRecorder } from "./evidence.ts";
import { CheckNotJudged, notJudged } from "./failure.ts";
import { checkContext } from "./check-context.ts";
import { refusalReason, refusedForBusinessReason } from "./precondition.ts";
import { touchesOf } from "./isolation.ts";
import { checkSlots, decidedAtSettlement, startChecks, type Stage } from "./schedule.ts";
import { deriveSeed } from "./seed.ts";
import { notRunIfInterrupted, settle, type ResultCategory } from "./settle.ts";
import { contractPhase, registerContracts } from "./contract-verdict.ts";
import type { ContractReading } from "./meta.ts";
import type { LatencyRow } from "./meter.ts";
import type { Basis, Check, CheckContext, Level, Module, Outcome, RunContext, ScenarioName } from "./types.ts";

export interface CheckResult {
  id: string;
  /** The check's level, as docs/checks.md states it: never rewritten by a finding. */
  level: Level;
  /** A failure's own level when it is lower: `info` when it rests only on the reference sandbox's choice. */
  findingLevel?: "info";
  spec: string;
  basis: Basis;
  title: string;
  operationKey: string;
  outcome: Outcome;
  /** A failure's cause; why a check was not judged: "precondition" (a fixture) or "interrupted" (not run). */
  category?: ResultCategory;
  message?: string;
  notes: string[];
  /** The evidence sample (evidence.ts): the first exchanges, and the last ones of a failed check. */
  evidence: Exchange[];
  /** Exchanges of the check left out of the sample. */
  evidenceOmitted: number;
  seed: number;
  durationMs: number;
  /**
   * Exchanges the check judged or recorded as its evidence: those it sent and those of the shared
   * scenarios and sequences it read (evidence.ts `judged`; every attempt with --retries).
   */
  requests: number;
  /** Requests the check sent itself (a shared scenario counts for the one that sent it): the run's total adds these. */
  sent: number;
  /** Times the check ran, when it was retried (retry.ts). */
  attempts?: number;
  /** The first attempt's failure of a check that passed on a retry: flaky. */
  firstFailure?: string;
  /** A contract check's reading of its operation's answers (contract-book.ts). */
  contract?: ContractReading;
  /** A latency budget check's reading of its operation's traffic (latency-reading.ts). */
  latency?: LatencyRow;
}

/** How a check is evaluated besides its module: its attempt (--retries), and for a contract check the run's stage. */
export interface EvaluateOptions {
  /** 1 the first; a contract check's re-run judges only the answers it sends itself. */
  attempt?: number;
  /** The first attempt of a contract check: it says when it has sent, then decides once every check has (schedule.ts). */
  stage?: Stage;
}

/** A contract check's re-run reads its scenarios this many times (a one-in-N fault shows on a few answers, rarely on one). */
export const CONTRACT_REREADS = 3;

/** One module against one target: scenarios are sent once and shared by the module's checks. */
export class ModuleRun {
  private readonly memo = new Map<string, Promise<Exchange>>();

  constructor(
    readonly module: Module,
    readonly run: RunContext,
  ) {
    // Usually done for every module before anything is sent (evaluateModules, describe-module.ts): here for a module run alone.
    registerContracts(run.contracts, [module], run);
  }

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

  evaluate(check: Check, options: EvaluateOptions = {}): Promise<CheckResult> {
    return evaluateCheck(check, this, options);
  }
}

export async function evaluateCheck(
  check: Check,
  moduleRun: ModuleRun,
  options: EvaluateOptions = {},
): Promise<CheckResult> {
  const started = Date.now();
  const attempt = options.attempt ?? 1;
  const seed = deriveSeed(moduleRun.run.config.run.seed, check.id);
  const evidence = new EvidenceRecorder((e) => e.sender?.checkId === check.id && (e.sender.attempt ?? 1) === attempt);
  const notes: string[] = [];
  let cutShort = false;
  const record = (exchange: Exchange) => {
    // The run's stop kept this request from being sent (a shared scenario's too): the check is not run.
    if (exchange.transportError?.kind === "interrupted") cutShort = true;
    // What the client did on the way (a 429 honoured) is reported, not failed.
    if (evidence.add(exchange)) for (const note of exchange.notes ?? []) if (!notes.includes(note)) notes.push(note);
    return exchange;
  };
  const { config, target } = moduleRun.run;
  const touches = touchesOf(check, moduleRun.module);
  // A contract check's re-run reads its scenarios afresh a few times (each read a new module run).
  let scenarios = moduleRun;
  let latency: LatencyRow | undefined;
  const ctx = checkContext(check, moduleRun.run, {
    keepLatency: (row) => void (latency = row),
    judgedToo: (sent) => evidence.judgedToo(sent),
    seed,
    touches,
    notes,
    record,
    scenario: async (name) => {
      const exchange = record(await scenarios.scenario(name));
      // Nothing to judge when the target refused a fixture request, any scenario: not a failure (precondition.ts).
      if (refusedForBusinessReason(exchange)) throw new CheckNotJudged(refusalReason(moduleRun.module, name, exchange));
      return exchange;
    },
  });
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
  const phase = contractPhase(check, moduleRun.module, moduleRun.run.contracts, attempt);
  const reads = phase?.window && check.contract!.answers === "success" ? CONTRACT_REREADS : 1;
  // Checks run side by side (schedule.ts): each counts the requests of its own async context.
  // A check declared to own the payment card runs holding its lane exclusively (isolation.ts).
  const once = () =>
    touches === "payment-card"
      ? target.isolated(config.fixtures.payment.cardId, async () => check.run(ctx))
      : check.run(ctx);
  const ownReading = async () => {
    for (let read = 0; read < reads; read++) {
      if (read > 0) scenarios = new ModuleRun(moduleRun.module, moduleRun.run);
      await once();
    }
  };
  let reading: ContractReading | undefined;
  const sender = { checkId: check.id, seed, ...(attempt > 1 ? { attempt } : {}) };
  const { result, counter } = inCheckScope(async () => {
    // A check that settles reads the run once every other check has sent (and read again).
    const ownVerdict = await settle(async () => (check.settles && (await settlement(options.stage)), ownReading()));
    if (!phase) return ownVerdict;
    const decided = await phase.decide(ownVerdict, ctx, options.stage, settle);
    reading = decided.reading;
    return decided.verdict;
  }, sender);
  const settled = await result;
  const outcome = notRunIfInterrupted(settled, cutShort || counter.interrupted);
  const { sample, omitted } = evidence.sample(outcome.outcome === "failed");
  return {
    ...base,
    ...outcome,
    evidence: sample,
    evidenceOmitted: omitted,
    durationMs: Date.now() - started,
    requests: evidence.judged(counter.sent),
    sent: counter.sent,
    ...(reading ? { contract: reading } : {}),
    ...(latency ? { latency } : {}),
  };
}

/** Waits, holding no slot, until every check of the run has sent and read again (schedule.ts): the settlement. */
async function settlement(stage: Stage | undefined): Promise<void> {
  stage?.sent();
  await stage?.settled;
  stage?.readAgainDone();
  await stage?.allReadAgain;
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
