/**
 * What a check gets (types.ts `CheckContext`): the run's configuration, profile and schemas, and
 * the one way to send — through the target, each exchange recorded as the check's evidence and
 * held to what the check declared it touches (isolation.ts). evaluate.ts builds one per attempt.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Exchange } from "../http/exchange.ts";
import { CheckSkipped, notJudged } from "./failure.ts";
import { requireDeclared, type Touches } from "./isolation.ts";
import type { Check, CheckContext, RunContext, ScenarioName } from "./types.ts";
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
  /** The exchanges (seq) another check sent to make a shared value this one read: it judged them too. */
  judgedToo(sent: ReadonlySet<number>): void;
}

export function checkContext(check: Check, run: RunContext, io: CheckIo): CheckContext {
  const { config, target, validators, inFlight } = run;
  const record = (exchange: Exchange) => (making.getStore()?.add(exchange.seq), io.record(exchange));
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
      record(await target.send(op, body, options))
    ),
    sendVariant: async (op, variant) => (
      requireDeclared(check, io.touches, op),
      record(await target.sendVariant(op, variant))
    ),
    record: (exchange) => void record(exchange),
    note: (text) => void io.notes.push(text),
    skip: (reason) => {
      throw new CheckSkipped(reason);
    },
    notJudged,
    isolated: (cardId, fn) => target.isolated(cardId, fn),
    shared: async <T>(key: string, make: () => Promise<T>) => {
      const { shared, made } = sharedOf(run, key, make);
      const value = (await shared.value) as T;
      // Its maker recorded them as it sent them; any other reader judged them without sending one.
      if (!made) io.judgedToo(shared.sent);
      return value;
    },
    latency: latencyReader(run, io.keepLatency),
  };
}
