/**
 * How slowly the sandbox answers, per operation, on request (`--delay`, `--timeouts`, and the
 * harness's own tests in-process): a fixed delay before every answer of an operation, and a share
 * of its requests that are never answered (the client's REQUEST_TIMEOUT_MS cuts them). This is
 * how a nightly run's latency figures, budgets and "slower since the last run" are proven against
 * a known truth; the answers themselves stay the reference's.
 */
import { setTimeout as sleep } from "node:timers/promises";

export interface TimingOptions {
  /** Milliseconds added before every answer of an operation, by operation key. */
  delays?: Record<string, number>;
  /** The share (0..1) of an operation's requests left unanswered, by operation key: evenly, every 1/share-th. */
  stalls?: Record<string, number>;
}

/** How long a stalled request is held: far past any request timeout; the close of the sandbox ends it. */
export const STALL_MS = 600_000;

export class Timing {
  private readonly seen = new Map<string, number>();
  constructor(private readonly options: TimingOptions = {}) {}

  /** How long to hold this request of `key` before answering: its delay, or a stall. */
  holdFor(key: string): number {
    const delay = this.options.delays?.[key] ?? 0;
    const share = this.options.stalls?.[key];
    if (!share) return delay;
    const n = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, n);
    // Evenly spread: the n-th request stalls when it crosses the next multiple of 1/share.
    return Math.floor(n * share) > Math.floor((n - 1) * share) ? STALL_MS : delay;
  }

  /** Waits as `holdFor` says; a stall's timer does not keep the process alive. */
  async hold(key: string): Promise<void> {
    const ms = this.holdFor(key);
    if (ms) await sleep(ms, undefined, { ref: ms !== STALL_MS });
  }
}

/**
 * "card-api.statement:300,card-api.limits-list:100" → { key: number }, each number checked by `valid`;
 * a problem (unknown key, bad number) as a sentence for the option's usage error.
 */
export function perOperation(
  text: string,
  keys: readonly string[],
  valid: (n: number) => boolean,
): Record<string, number> | string {
  const out: Record<string, number> = {};
  for (const item of text.split(",").map((s) => s.trim())) {
    const [key, value] = item.split(":");
    const n = Number(value);
    if (!key || !keys.includes(key)) return `"${key}" is not an operation key (${keys.join(", ")})`;
    if (value === undefined || value === "" || !valid(n)) return `"${item}" has no valid value after the colon`;
    out[key] = n;
  }
  return out;
}
