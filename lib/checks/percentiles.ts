/**
 * Exact percentiles of a run's own latencies: a run has a few thousand samples per operation at
 * most, so they are sorted, not sketched (an HDR histogram or t-digest would only trade exactness
 * for memory the run does not need). Nearest rank: the p-th percentile is the smallest sample at
 * or below which at least p % of the samples lie — always a latency that was measured.
 */

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** p is a percentage: of a hundred. */
const PERCENT = 100;

/** The nearest-rank percentile of ascending `sorted` (0 < p ≤ 100); NaN for no sample. */
export function percentileOf(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / PERCENT) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** count, p50, p95, p99 and max of the samples, in whole milliseconds' tenths (one decimal); undefined for none. */
export function percentiles(samples: readonly number[]): Percentiles | undefined {
  if (!samples.length) return undefined;
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => tenth(percentileOf(sorted, p));
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: tenth(sorted[sorted.length - 1]!) };
}

const tenth = (ms: number) => Math.round(ms * 10) / 10;
