/**
 * How slowly the sandbox answers, per operation, on request (`--delay`, `--timeouts`, and the
 * harness's own tests in-process): a fixed delay before every answer of an operation, or a mix
 * (most answers fast, a share slow: a p50 under a budget and a p95 over it), and a share of its
 * requests that are never answered (the client's REQUEST_TIMEOUT_MS cuts them). The shares are
 * spread by count, never at random, so a test's figures are the same every run. This is how a
 * nightly run's latency figures, budgets and "slower since the last run" are proven against a
 * known truth; the answers themselves stay the reference's.
 */
import { setTimeout as sleep } from "node:timers/promises";

/** Most answers `fastMs` late, the share `slowShare` (0..1) of them `slowMs` late: every 1/share-th, by count. */
export interface DelayMix {
  fastMs: number;
  slowMs: number;
  slowShare: number;
}

/** Milliseconds before every answer, or a mix of fast and slow answers. */
export type Delay = number | DelayMix;

export interface TimingOptions {
  /** The delay before the answers of an operation, by operation key. */
  delays?: Record<string, Delay>;
  /** The share (0..1) of an operation's requests left unanswered, by operation key: evenly, every 1/share-th. */
  stalls?: Record<string, number>;
}

/** How long a stalled request is held: far past any request timeout; the close of the sandbox ends it. */
export const STALL_MS = 600_000;

export class Timing {
  private readonly seen = new Map<string, number>();
  constructor(private readonly options: TimingOptions = {}) {}

  /** How long to hold this request of `key` (its n-th) before answering: a stall, or its delay. */
  holdFor(key: string): number {
    const n = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, n);
    if (inShare(n, this.options.stalls?.[key])) return STALL_MS;
    const delay = this.options.delays?.[key] ?? 0;
    if (typeof delay === "number") return delay;
    return inShare(n, delay.slowShare) ? delay.slowMs : delay.fastMs;
  }

  /** Waits as `holdFor` says; a stall's timer does not keep the process alive. */
  async hold(key: string): Promise<void> {
    const ms = this.holdFor(key);
    if (ms) await sleep(ms, undefined, { ref: ms !== STALL_MS });
  }
}

/** Evenly spread: the n-th request is in the share when it crosses the next multiple of 1/share (the 10th, 20th, … of 0.1). */
function inShare(n: number, share: number | undefined): boolean {
  return share ? Math.floor(n * share) > Math.floor((n - 1) * share) : false;
}

const MAX_DELAY_MS = 600_000;
const ms = (text: string | undefined): number | undefined => {
  const n = Number(text);
  return text && /^\d+$/.test(text) && n <= MAX_DELAY_MS ? n : undefined;
};

/** "300" → 300 ms; "20/400@10%" → 20 ms, and 400 ms for every tenth answer; undefined when neither. */
export function parseDelay(text: string): Delay | undefined {
  const mix = /^(\d+)\/(\d+)@(\d+(?:\.\d+)?)%$/.exec(text);
  if (!mix) return ms(text);
  const [fastMs, slowMs, percent] = [ms(mix[1]), ms(mix[2]), Number(mix[3])];
  if (fastMs === undefined || slowMs === undefined || percent <= 0 || percent > 100) return undefined;
  return { fastMs, slowMs, slowShare: percent / 100 };
}

/** "card-api.statement 300 ms" or "card-api.statement 20 ms, 400 ms for 10 %" (the listening line). */
export function delayText(key: string, delay: Delay): string {
  if (typeof delay === "number") return `${key} ${delay} ms`;
  return `${key} ${delay.fastMs} ms, ${delay.slowMs} ms for ${Math.round(delay.slowShare * 1000) / 10} %`;
}

/**
 * "card-api.statement:300,card-api.limits-list:100" → { key: value }, each value read by `read`
 * (undefined: not valid); a problem (unknown key, bad value) as a sentence for the option's usage error.
 */
export function perOperation<T>(
  text: string,
  keys: readonly string[],
  read: (value: string) => T | undefined,
): Record<string, T> | string {
  const out: Record<string, T> = {};
  for (const item of text.split(",").map((s) => s.trim())) {
    const [key, value] = item.split(":");
    if (!key || !keys.includes(key)) return `"${key}" is not an operation key (${keys.join(", ")})`;
    const parsed = value === undefined || value === "" ? undefined : read(value);
    if (parsed === undefined) return `"${item}" has no valid value after the colon`;
    out[key] = parsed;
  }
  return out;
}
