/**
 * What a check gets (types.ts `CheckContext`): the run's configuration, profile and schemas, and
 * the one way to send — through the target, each exchange recorded as the check's evidence and
 * held to what the check declared it touches (isolation.ts). evaluate.ts builds one per attempt.
 */
import type { Exchange } from "../http/exchange.ts";
import { CheckSkipped, notJudged } from "./failure.ts";
import { requireDeclared, type Touches } from "./isolation.ts";
import type { Check, CheckContext, RunContext, ScenarioName } from "./types.ts";
import { latencyReader } from "./latency-reading.ts";
import type { LatencyRow } from "./meter.ts";

/** Values shared by the checks of one run (CheckContext.shared), made once. */
const sharedValues = new WeakMap<RunContext, Map<string, Promise<unknown>>>();

function sharedOf<T>(run: RunContext, key: string, make: () => Promise<T>): Promise<T> {
  let values = sharedValues.get(run);
  if (!values) sharedValues.set(run, (values = new Map()));
  if (!values.has(key)) values.set(key, make());
  return values.get(key) as Promise<T>;
}

/** What the evaluation keeps of a check: its seed, what it touches, its notes, its evidence, its scenarios. */
export interface CheckIo {
  seed: number;
  touches: Touches;
  notes: string[];
  record(exchange: Exchange): Exchange;
  scenario(name: ScenarioName): Promise<Exchange>;
  /** Keeps what the check read of the latency meter as its reading (latency-reading.ts). */
  keepLatency(row: LatencyRow): void;
}

export function checkContext(check: Check, run: RunContext, io: CheckIo): CheckContext {
  const { config, target, validators, inFlight } = run;
  return {
    config,
    validators,
    inFlight,
    profile: target.profile,
    seed: io.seed,
    debitAmounts: () => run.debitAmounts(),
    scenario: io.scenario,
    send: async (op, body, options) => (
      requireDeclared(check, io.touches, op),
      io.record(await target.send(op, body, options))
    ),
    sendVariant: async (op, variant) => (
      requireDeclared(check, io.touches, op),
      io.record(await target.sendVariant(op, variant))
    ),
    record: (exchange) => void io.record(exchange),
    note: (text) => void io.notes.push(text),
    skip: (reason) => {
      throw new CheckSkipped(reason);
    },
    notJudged,
    isolated: (cardId, fn) => target.isolated(cardId, fn),
    shared: (key, make) => sharedOf(run, key, make),
    latency: latencyReader(run, io.keepLatency),
  };
}
