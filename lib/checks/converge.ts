/**
 * Waiting for a posting: a shared staging's ledger posts asynchronously (§4.2 says nothing of when
 * an accepted debit becomes visible), so a reading that expects a posting polls — bounded backoff,
 * within LEDGER_SETTLE_MS (lib/config/ledger-settle.ts) — and the check judges the state the
 * readings converge to. Every wait is measured: how long the postings took to show (the settle
 * time, reported by CARD-LEDGER-SETTLE beside the latency figures) and which never did. The run's
 * deadline bounds it too: past it the pace sends nothing more and the reading ends the check.
 */
import { percentiles, type Percentiles } from "./percentiles.ts";
import type { CheckContext, SettleContext } from "./types.ts";

/** The first pause between two readings, and the longest: a loopback lag shows within tens of ms, a staging's in seconds. */
const FIRST_PAUSE_MS = 40;
const LONGEST_PAUSE_MS = 1_000;
/** At most this many readings per wait, whatever the bound: every loop bounded in count as in time. */
const MOST_READINGS = 60;
/** The wait once a posting was lost on a target that has never shown one late. */
const AFTER_A_LOSS_MS = 500;

/**
 * LEDGER_SETTLE_MS, unless a wait already ran out on a target that never showed a posting late: it
 * loses postings rather than lags, the finding is made, and waiting the whole bound again for
 * every later reading would only stretch the run.
 */
function boundOf(settleMs: number, times: SettleTimes): number {
  const lags = times.samples.some((ms) => ms > 0);
  return times.lost > 0 && !lags ? Math.min(settleMs, AFTER_A_LOSS_MS) : settleMs;
}

/** What a wait saw: the last reading (the state judged), the first, and whether it settled in time. */
export interface Converged<T> {
  reading: T;
  first: T;
  settled: boolean;
  /** From the moment the posting was expected (the debit's answer) to the last reading. */
  waitedMs: number;
  readings: number;
}

/** The settle times a run measured, and the waits that ran out (CARD-LEDGER-SETTLE reads them). */
export class SettleTimes {
  /** One sample per wait that settled: 0 when the first reading showed the posting. */
  readonly samples: number[] = [];
  /** Waits that ran out of the bound: a posting that never showed. */
  lost = 0;
  /** The samples' percentiles, and how many postings were not there at the first reading. */
  figures(): (Percentiles & { late: number }) | undefined {
    const p = percentiles(this.samples);
    return p && { ...p, late: this.samples.filter((ms) => ms > 0).length };
  }
}

const SETTLE_TIMES = "ledger settle times";

/** The run's settle times (one per run context: CheckContext.shared), made by the first wait. */
export function settleTimes(ctx: CheckContext): Promise<SettleTimes> {
  return ctx.shared(SETTLE_TIMES, async () => new SettleTimes());
}

/** The settle times the run's waits recorded, for a check decided at settlement (none when nothing waited). */
export async function recordedSettleTimes(ctx: SettleContext): Promise<SettleTimes> {
  return (await ctx.sharedValue<SettleTimes>(SETTLE_TIMES)) ?? new SettleTimes();
}

export interface ConvergeOptions {
  /** When the posting was expected (the debit's answer, our clock); the bound counts from it. */
  since: number;
  /** Overrides LEDGER_SETTLE_MS (0: one reading, nothing waited — a finding already made). */
  boundMs?: number;
  /** False when the reading expects no posting (nothing accepted yet): read once, nothing measured. */
  expects?: boolean;
}

/**
 * Reads until `settled` holds or the bound is spent, pausing 40 ms, then twice as long each time
 * (at most 1 s). The last reading is the one judged; the settle time is recorded for the run.
 */
export async function converge<T>(
  ctx: CheckContext,
  read: () => Promise<T>,
  settled: (reading: T) => boolean,
  options: ConvergeOptions,
): Promise<Converged<T>> {
  const times = await settleTimes(ctx);
  const bound = options.boundMs ?? boundOf(ctx.config.cardApi.ledgerSettle.ms, times);
  if (options.expects === false) {
    const reading = await read();
    return { reading, first: reading, settled: settled(reading), waitedMs: 0, readings: 1 };
  }
  return convergeWithin(bound, times, read, settled, options.since);
}

/** The wait itself, within `bound` ms of `since`, recording into `times` (the preflight has none of its own to keep). */
export async function convergeWithin<T>(
  bound: number,
  times: SettleTimes,
  read: () => Promise<T>,
  settled: (reading: T) => boolean,
  since: number,
): Promise<Converged<T>> {
  const options = { since };
  const first = await read();
  let reading = first;
  let readings = 1;
  let pause = FIRST_PAUSE_MS;
  let done = settled(first);
  while (!done && readings < MOST_READINGS && Date.now() - options.since < bound) {
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(pause, Math.max(1, options.since + bound - Date.now()))),
    );
    pause = Math.min(LONGEST_PAUSE_MS, pause * 2);
    reading = await read();
    readings++;
    done = settled(reading);
  }
  const waitedMs = readings === 1 ? 0 : Date.now() - options.since;
  if (done) times.samples.push(waitedMs);
  else if (bound > 0) times.lost++;
  return { reading, first, settled: done, waitedMs, readings };
}
