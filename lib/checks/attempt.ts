/**
 * One attempt at one check (evaluate.ts): its seed and sender, its evidence and notes, whether the
 * run's stop cut it short, the latency it read — and the result made of them once its kind has
 * decided it (lib/checks/kinds/). Every kind judges through an attempt, so what a result holds is
 * assembled in one place.
 */
import type { Exchange } from "../http/exchange.ts";
import type { Scope } from "../http/coordination/lanes.ts";
import { EvidenceRecorder } from "./evidence.ts";
import { CheckNotJudged } from "./failure.ts";
import { checkContext, settleContext, type CheckIo } from "./check-context.ts";
import type { CheckResult } from "./check-result.ts";
import { refusalReason, refusedForBusinessReason } from "./precondition.ts";
import { touchesOf } from "./isolation.ts";
import { ScenarioBook, type ScenarioSource } from "./scenarios.ts";
import { deriveSeed } from "./seed.ts";
import { notRunIfInterrupted, type Settled } from "./settle.ts";
import type { ContractReading } from "./meta.ts";
import type { LatencyRow } from "./meter.ts";
import type {
  Check,
  CheckContext,
  ContractCheck,
  Module,
  RunContext,
  ScenarioName,
  SendingCheck,
  SettleReading,
  Touches,
} from "./types.ts";

/** What a kind's evaluator decided: the verdict, and a contract check's reading of its operation's answers. */
export interface Judged {
  verdict: Settled;
  contract?: ContractReading;
}

export class CheckAttempt implements CheckIo {
  readonly seed: number;
  readonly touches: Touches;
  readonly notes: string[] = [];
  readonly sender: { checkId: string; seed: number; attempt?: number };
  /** The context of a check that sends; a settled check gets `settleContext()` instead. */
  readonly context: CheckContext;
  private readonly evidence: EvidenceRecorder;
  private readonly started = Date.now();
  private cutShort = false;
  private latency?: LatencyRow;
  private settle?: SettleReading;
  private scenarios: ScenarioSource;

  constructor(
    readonly check: Check,
    readonly module: Module,
    readonly run: RunContext,
    scenarios: ScenarioSource,
    /** 1 the first; a contract check's re-run judges only the answers it sends itself. */
    readonly number: number,
  ) {
    this.seed = deriveSeed(run.config.run.seed, check.id);
    this.touches = touchesOf(check, module);
    this.sender = { checkId: check.id, seed: this.seed, ...(number > 1 ? { attempt: number } : {}) };
    this.evidence = new EvidenceRecorder((e) => e.sender?.checkId === check.id && (e.sender.attempt ?? 1) === number);
    this.scenarios = scenarios;
    this.context = checkContext(check, run, this);
  }

  readonly record = (exchange: Exchange): Exchange => {
    // The run's stop kept this request from being sent (a shared scenario's too): the check is not run.
    if (exchange.transportError?.kind === "interrupted") this.cutShort = true;
    // What the client did on the way (a 429 honoured) is reported, not failed.
    if (this.evidence.add(exchange))
      for (const note of exchange.notes ?? []) if (!this.notes.includes(note)) this.notes.push(note);
    return exchange;
  };

  readonly scenario = async (name: ScenarioName): Promise<Exchange> => {
    const exchange = this.record(await this.scenarios.scenario(name));
    // Nothing to judge when the target refused a fixture request, any scenario: not a failure (precondition.ts).
    if (refusedForBusinessReason(exchange)) throw new CheckNotJudged(refusalReason(this.module, name, exchange));
    return exchange;
  };

  readonly keepLatency = (row: LatencyRow): void => void (this.latency = row);

  readonly keepSettle = (reading: SettleReading): void => void (this.settle = reading);

  readonly judgedToo = (sent: ReadonlySet<number>): void => this.evidence.judgedToo(sent);

  /** The context of a check decided at settlement: no `send`. */
  settleContext() {
    return settleContext(this.run, this);
  }

  /**
   * The check's own reading, `reads` times — each after the first on scenarios read afresh — a
   * `payment-card` check holding the payment card's lane exclusively (isolation.ts).
   */
  async ownReading(check: SendingCheck | ContractCheck, reads = 1): Promise<void> {
    const { config, target } = this.run;
    for (let read = 0; read < reads; read++) {
      if (read > 0) this.scenarios = new ScenarioBook(this.module, this.run);
      if (this.touches === "payment-card")
        await target.isolated(config.fixtures.payment.cardId, async () => check.run(this.context));
      else await check.run(this.context);
    }
  }

  /** The result: the verdict (not run when the stop cut it short), its evidence sample, counts and readings. */
  result({ verdict, contract }: Judged, counter: Scope["counter"]): CheckResult {
    const outcome = notRunIfInterrupted(verdict, this.cutShort || counter.interrupted);
    const { sample, omitted } = this.evidence.sample(outcome.outcome === "failed");
    const { check } = this;
    return {
      id: check.id,
      level: check.level,
      spec: check.spec,
      basis: check.basis,
      title: check.title,
      operationKey: this.module.operation.key,
      notes: this.notes,
      seed: this.seed,
      ...outcome,
      evidence: sample,
      evidenceOmitted: omitted,
      durationMs: Date.now() - this.started,
      requests: this.evidence.judged(counter.sent),
      sent: counter.sent,
      ...(contract ? { contract } : {}),
      ...(this.latency ? { latency: this.latency } : {}),
      ...(this.settle ? { settle: this.settle } : {}),
    };
  }
}
