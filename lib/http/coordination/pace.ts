/**
 * Bounds the traffic of one process: at most `concurrency` requests in flight and at most `rps`
 * request starts per second, and nothing starts after the run deadline. A 429 pauses every
 * request of the process, not just the one that got it: the target asked us to slow down.
 * The run-wide bounds are split into per-process shares by lib/http/coordination/run-limits.ts.
 *
 * Who waits for a slot: a request of a serial chain — sent by a check that holds an isolation lane
 * (lanes.ts: the ledger, idempotency, race and isolation readings, one request after another) — is
 * served before the bulk (generated cases sent in windows). A chain's next request cannot start
 * before its last one answered, so behind a queue of bulk cases it would wait a queue's worth of
 * latency per step; the bulk loses nothing, it fills every slot the chains leave free. At a high
 * latency the payment card's chains are what the run waits for (docs/performance.md).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { inSerialChain } from "./lanes.ts";

export interface PaceOptions {
  /** Request starts per second; undefined: no bound. */
  rps?: number | undefined;
  concurrency: number;
  /** Epoch milliseconds after which nothing starts; undefined: no deadline. */
  deadlineAt?: number | undefined;
}

export class Pace {
  private inFlight = 0;
  /** Waiters for a slot: the serial chains' first, then the bulk, each in arrival order. */
  private readonly chains: Array<() => void> = [];
  private readonly queue: Array<() => void> = [];
  private nextStart = 0;
  /** When the last request really started: a stalled event loop must not bunch later starts up. */
  private lastStart = -Infinity;
  private pausedUntil = 0;
  /** Why the run was stopped (SIGINT, SIGTERM): nothing starts any more, as after the deadline. */
  stopped: string | undefined;
  private readonly wakeOnStop = new Set<() => void>();

  constructor(readonly options: PaceOptions) {}

  /** The run was interrupted: no new start; waiters give up at once; requests in flight go on. */
  stop(reason: string): void {
    this.stopped ??= reason;
    for (const wake of this.wakeOnStop) wake();
  }

  /** Waits for a slot; false when the deadline passes or the run is stopped first (then nothing is held). */
  async acquire(): Promise<boolean> {
    if (this.stopped || !(await this.slot())) return false;
    if (this.stopped) {
      this.release();
      return false;
    }
    const delay = this.startDelay();
    if (delay === undefined) {
      this.release();
      return false;
    }
    if (delay > 0) await sleep(delay);
    // The planned start may have been overrun (a busy machine): space the real starts too.
    const gap = this.options.rps ? 1000 / this.options.rps : 0;
    while (Date.now() < this.lastStart + gap) await sleep(this.lastStart + gap - Date.now());
    this.lastStart = Date.now();
    return true;
  }

  release(): void {
    const next = this.chains.shift() ?? this.queue.shift();
    // The slot passes straight to the next waiter, so inFlight never exceeds the bound.
    if (next) next();
    else this.inFlight--;
  }

  /** Holds back every later start until `epochMs` (a Retry-After). */
  pauseUntil(epochMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, epochMs);
  }

  /** Milliseconds left before the deadline (Infinity without one). */
  remainingMs(): number {
    return this.options.deadlineAt === undefined ? Infinity : this.options.deadlineAt - Date.now();
  }

  private slot(): Promise<boolean> {
    if (this.inFlight < this.options.concurrency) {
      this.inFlight++;
      return Promise.resolve(true);
    }
    const queue = inSerialChain() ? this.chains : this.queue;
    return new Promise((resolve) => {
      const remaining = this.remainingMs();
      const waiter = () => {
        clearTimeout(timer);
        this.wakeOnStop.delete(giveUp);
        resolve(true);
      };
      const giveUp = () => {
        clearTimeout(timer);
        this.wakeOnStop.delete(giveUp);
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        resolve(false);
      };
      const timer = setTimeout(giveUp, Math.max(0, Math.min(remaining, 2 ** 31 - 1)));
      this.wakeOnStop.add(giveUp);
      queue.push(waiter);
    });
  }

  /** How long to wait before starting; undefined when the start would fall after the deadline. */
  private startDelay(): number | undefined {
    const now = Date.now();
    const start = Math.max(now, this.nextStart, this.pausedUntil);
    if (this.options.deadlineAt !== undefined && start >= this.options.deadlineAt) return undefined;
    if (this.options.rps) this.nextStart = start + 1000 / this.options.rps;
    return start - now;
  }
}
