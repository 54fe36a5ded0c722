/**
 * What a check gets (types.ts `CheckContext`, and a settled check's `SettleContext`): the run's configuration, profile and schemas, and
 * the one way to send — through the target, each exchange recorded as the check's evidence and
 * held to what the check declared it touches (isolation.ts). evaluate.ts builds one per attempt.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Exchange } from "../http/exchange.ts";
import { notApplicable, notJudged } from "./failure.ts";
import { requireDeclared, type Touches } from "./isolation.ts";
import type {
  Check,
  CheckContext,
  JudgingContext,
  RunContext,
  ScenarioName,
  SettleContext,
  SettleReading,
} from "./types.ts";
import { latencyReader } from "./latency-reading.ts";
import type { LatencyRow } from "./meter.ts";

/** A value shared by the checks of one run, and the exchanges sent while it was made (their seq). */
interface Shared {
  value: Promise<unknown>;
  sent: ReadonlySet<number>;
}

/** Values shared by the checks of one run (CheckContext.shared), made once. */
const sharedValues = new WeakMap<RunContext, Map<string, Shared>>();

/** While a shared value is made: the seq of each exchange its maker records (async context, so nothing else's). */
const making = new AsyncLocalStorage<Set<number>>();

function sharedOf(run: RunContext, key: string, make: () => Promise<unknown>): { shared: Shared; made: boolean } {
  let values = sharedValues.get(run);
  if (!values) sharedValues.set(run, (values = new Map()));
  const known = values.get(key);
  if (known) return { shared: known, made: false };
  const sent = new Set<number>();
  const shared = { value: making.run(sent, make), sent };
  values.set(key, shared);
  return { shared, made: true };
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
  /** Keeps the run's settle times as its reading (a settled check's, SettleContext.keepSettle). */
  keepSettle(reading: SettleReading): void;
  /** The exchanges (seq) another check sent to make a shared value this one read: it judged them too. */
  judgedToo(sent: ReadonlySet<number>): void;
}

/** What every kind's context holds: the run's configuration, profile and schemas, evidence, notes and endings. */
function judgingContext(run: RunContext, io: CheckIo, record: (exchange: Exchange) => Exchange): JudgingContext {
  const { config, target, validators, inFlight } = run;
  return {
    config,
    validators,
    inFlight,
    profile: target.profile,
    seed: io.seed,
    debitAmounts: () => run.debitAmounts(),
    record: (exchange) => void record(exchange),
    note: (text) => void io.notes.push(text),
    notApplicable,
    notJudged,
  };
}

/** The context of a check that sends (a sending or a contract check). */
export function checkContext(check: Check, run: RunContext, io: CheckIo): CheckContext {
  const { target } = run;
  const record = (exchange: Exchange) => (making.getStore()?.add(exchange.seq), io.record(exchange));
  return {
    ...judgingContext(run, io, record),
    scenario: io.scenario,
    send: async (op, body, options) => (
      requireDeclared(check, io.touches, op),
      record(await target.send(op, body, options))
    ),
    sendVariant: async (op, variant) => (
      requireDeclared(check, io.touches, op),
      record(await target.sendVariant(op, variant))
    ),
    isolated: (cardId, fn) => target.isolated(cardId, fn),
    shared: async <T>(key: string, make: () => Promise<T>) => {
      const { shared, made } = sharedOf(run, key, make);
      const value = (await shared.value) as T;
      // Its maker recorded them as it sent them; any other reader judged them without sending one.
      if (!made) io.judgedToo(shared.sent);
      return value;
    },
  };
}

/** The context of a check decided at settlement: the run's readings, and no way to send. */
export function settleContext(run: RunContext, io: CheckIo): SettleContext {
  return {
    ...judgingContext(run, io, io.record),
    latency: latencyReader(run, io.keepLatency),
    sharedValue: async <T>(key: string) => (await sharedValues.get(run)?.get(key)?.value) as T | undefined,
    keepSettle: io.keepSettle,
  };
}
