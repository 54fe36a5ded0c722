/**
 * Isolation lanes: an order-preserving (FIFO) reader–writer lock per key, e.g. per card. Every
 * debit of a card takes its lane shared, for as long as it is in flight; a stateful check (ledger,
 * idempotency, race) takes it exclusively for its whole read–post–read, so no debit of another
 * check lands between its readings and it counts exactly its own postings. Shared holders run
 * side by side (the generated debits of a property are not serialised among themselves).
 *
 * Why a lock in the engine rather than cards of their own per check: it needs nothing more of a
 * target than the one payment card every target configures, and costs little — the stateful
 * checks are few, and their ordered time (some eighty requests in turn) is shorter than the rest
 * of a run at CONCURRENCY in flight, which goes on beside it.
 *
 * Ownership travels with the async context (AsyncLocalStorage): the requests a check sends while
 * it holds a lane — also the parallel ones of a race — pass straight through it.
 *
 * `Lanes` holds within one process: a run has one worker (run-limits.ts `workerCount`), and all
 * its files share one, so a debiting module may live in any test file; each shard is a process
 * with lanes of its own, and the CLI's own requests (the preflight) end before the worker starts.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Sender } from "../exchange.ts";

interface Waiter {
  exclusive: boolean;
  go: () => void;
}

class Lane {
  readers = 0;
  writer = false;
  readonly queue: Waiter[] = [];

  grantable(exclusive: boolean): boolean {
    return exclusive ? !this.writer && this.readers === 0 : !this.writer;
  }

  grant(exclusive: boolean): void {
    if (exclusive) this.writer = true;
    else this.readers++;
  }
}

/** What the current async context holds, and the requests it sent (for the check's figures). */
export interface Scope {
  held: ReadonlySet<string>;
  /** `interrupted`: a request of the check was not sent because the run was stopped (stop.ts). */
  counter: { sent: number; interrupted?: boolean };
  /** The check (and its attempt) whose requests these are: every exchange names it (exchange.ts `sender`). */
  sender?: Sender;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `fn` as one check: requests sent inside it (however deep) are counted to it, and tagged with `sender`. */
export function inCheckScope<T>(fn: () => T, sender?: Sender): { result: T; counter: Scope["counter"] } {
  const counter: Scope["counter"] = { sent: 0 };
  return { result: scopes.run({ held: new Set(), counter, ...(sender ? { sender } : {}) }, fn), counter };
}

/** The check whose async context sends now (undefined outside any check: the CLI's own requests). */
export function currentSender(): Sender | undefined {
  return scopes.getStore()?.sender;
}

/** Whether the current async context holds a lane: its requests form a serial chain (pace.ts serves them first). */
export function inSerialChain(): boolean {
  return (scopes.getStore()?.held.size ?? 0) > 0;
}

let processSent = 0;

/** Counts one request to the check whose async context sends it, and to the process. */
export function countRequest(): void {
  processSent++;
  const scope = scopes.getStore();
  if (scope) scope.counter.sent++;
}

/** Marks the current check as cut short by the run's stop: it is "not run", not failed. */
export function noteInterrupted(): void {
  const scope = scopes.getStore();
  if (scope) scope.counter.interrupted = true;
}

/** Requests this process has sent (for the live progress line). */
export function requestsSentInProcess(): number {
  return processSent;
}

/** The lanes of a run (Lanes); an interface, so that a test can hand a target lanes of its own. */
export interface LaneLocks {
  /** Runs `fn` holding the lane of `key` exclusively (re-entrant: an owner passes through). */
  exclusive<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** Runs `fn` beside the other shared holders of `key`, never inside someone's exclusive hold. */
  shared<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

/** True when the current async context already holds the lane of `key` (it passes through). */
export function holdsLane(key: string): boolean {
  return scopes.getStore()?.held.has(key) ?? false;
}

/** Runs `fn` as the holder of `key`: what it sends passes through the lane. */
export function runHolding<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  const held = new Set([...(scope?.held ?? []), key]);
  return scopes.run({ ...scope, held, counter: scope?.counter ?? { sent: 0 } }, fn);
}

export class Lanes implements LaneLocks {
  private readonly lanes = new Map<string, Lane>();

  /** Runs `fn` holding the lane of `key` exclusively (re-entrant: an owner passes through). */
  async exclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
    if (holdsLane(key)) return fn();
    await this.acquire(key, true);
    try {
      return await runHolding(key, fn);
    } finally {
      this.release(key, true);
    }
  }

  /** Runs `fn` beside the other shared holders of `key`, never inside someone's exclusive hold. */
  async shared<T>(key: string, fn: () => Promise<T>): Promise<T> {
    if (holdsLane(key)) return fn();
    await this.acquire(key, false);
    try {
      return await fn();
    } finally {
      this.release(key, false);
    }
  }

  private acquire(key: string, exclusive: boolean): Promise<void> {
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = new Lane()));
    // FIFO: nobody overtakes a waiter, so a stream of shared debits cannot starve an exclusive hold.
    if (lane.queue.length === 0 && lane.grantable(exclusive)) {
      lane.grant(exclusive);
      return Promise.resolve();
    }
    return new Promise((resolve) => lane.queue.push({ exclusive, go: resolve }));
  }

  private release(key: string, exclusive: boolean): void {
    const lane = this.lanes.get(key)!;
    if (exclusive) lane.writer = false;
    else lane.readers--;
    while (lane.queue.length && lane.grantable(lane.queue[0]!.exclusive)) {
      const next = lane.queue.shift()!;
      lane.grant(next.exclusive);
      next.go();
    }
    if (!lane.writer && lane.readers === 0 && !lane.queue.length) this.lanes.delete(key);
  }
}
