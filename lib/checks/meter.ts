/**
 * The latency and error-share meter: another observer of the target's exchanges (beside the
 * contract book), so it measures the run's own traffic — no request is sent for it. Per
 * operation it keeps each exchange's latency (the client's `latencyMs`: the last try on the wire,
 * never the pace, a lane, a 429 back-off or an earlier try), the timeouts, the connection errors
 * and the 5xx answers, and the few slowest exchanges as evidence. An exchange that never went on
 * the wire (deadline, interruption, a paused origin) is not a sample: the target had no part in it.
 * A timeout is a sample at the time it was cut (a lower bound of what the target would have taken).
 */
import type { Exchange, TransportErrorKind } from "../http/exchange.ts";
import { percentiles, type Percentiles } from "./percentiles.ts";

/** What one operation's traffic measured: the percentiles of its latencies and its error shares. */
export interface OperationMeasures extends Percentiles {
  /** Exchanges that timed out, failed on the connection (reset, refused, another transport error), answered 5xx. */
  timeouts: number;
  resets: number;
  serverErrors: number;
  /** Of `count`: 0..1, three decimals. */
  errorShare: number;
}

/**
 * One operation's figures as the summary carries them (summary.json `latency`, by operation key):
 * its measures and the budget that applied (LATENCY_P95_MS), if one was declared.
 */
export interface LatencyRow extends OperationMeasures {
  budgetMs?: number;
}

/** The slowest exchanges kept per operation, as evidence of a budget exceeded. */
export const SLOWEST_KEPT = 3;

const CONNECTION_ERRORS = new Set<TransportErrorKind>(["connection-reset", "connection-refused", "transport"]);

interface Tally {
  samples: number[];
  timeouts: number;
  resets: number;
  serverErrors: number;
  /** The slowest exchanges, slowest first. */
  slowest: Exchange[];
}

export class LatencyMeter {
  private readonly byOperation = new Map<string, Tally>();

  /** The target's observer: one number and a few counts per exchange, nothing else kept. */
  readonly observe = (exchange: Exchange): void => {
    const key = exchange.operationKey;
    const latency = exchange.latencyMs;
    if (!key || latency === undefined) return;
    const tally = this.byOperation.get(key) ?? this.byOperation.set(key, emptyTally()).get(key)!;
    tally.samples.push(latency);
    const kind = exchange.transportError?.kind;
    if (kind === "timeout") tally.timeouts++;
    else if (kind && CONNECTION_ERRORS.has(kind)) tally.resets++;
    else if ((exchange.response?.status ?? 0) >= 500) tally.serverErrors++;
    keepSlowest(tally.slowest, exchange);
  };

  /** The operation's figures so far; undefined when none of its requests went on the wire. */
  measures(operationKey: string): OperationMeasures | undefined {
    const tally = this.byOperation.get(operationKey);
    const figures = tally && percentiles(tally.samples);
    if (!tally || !figures) return undefined;
    const { timeouts, resets, serverErrors } = tally;
    const errorShare = Math.round(((timeouts + resets + serverErrors) / figures.count) * 1000) / 1000;
    return { ...figures, timeouts, resets, serverErrors, errorShare };
  }

  /** The slowest exchanges of an operation, slowest first (at most SLOWEST_KEPT). */
  slowest(operationKey: string): Exchange[] {
    return [...(this.byOperation.get(operationKey)?.slowest ?? [])];
  }

  /** Every operation measured, by key. */
  all(): Record<string, OperationMeasures> {
    return Object.fromEntries(
      [...this.byOperation.keys()].flatMap((k) => {
        const m = this.measures(k);
        return m ? [[k, m]] : [];
      }),
    );
  }
}

const emptyTally = (): Tally => ({ samples: [], timeouts: 0, resets: 0, serverErrors: 0, slowest: [] });

function keepSlowest(slowest: Exchange[], exchange: Exchange): void {
  const latency = exchange.latencyMs!;
  if (slowest.length === SLOWEST_KEPT && latency <= slowest[SLOWEST_KEPT - 1]!.latencyMs!) return;
  const at = slowest.findIndex((e) => e.latencyMs! < latency);
  slowest.splice(at === -1 ? slowest.length : at, 0, exchange);
  if (slowest.length > SLOWEST_KEPT) slowest.pop();
}
