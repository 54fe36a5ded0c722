/**
 * "Slower since the last run": the operations whose p95 latency grew by more than a declared
 * factor and by at least a floor in milliseconds (SLOWER_FACTOR, SLOWER_FLOOR_MS — so 2 ms → 4 ms
 * is not news), and those whose error share (timeouts, connection errors, 5xx) grew. Read from two
 * summaries' `latency` (each run's own traffic, lib/checks/meter.ts); an operation measured in
 * only one of them is not compared. Pure data: compare.ts adds it to the comparison.
 */
import type { LatencyRow } from "../checks/meter.ts";

export interface SlowerRule {
  factor: number;
  floorMs: number;
}

/** The defaults of SLOWER_FACTOR and SLOWER_FLOOR_MS (lib/config/measure-variables.ts). */
export const DEFAULT_SLOWER: SlowerRule = { factor: 1.5, floorMs: 50 };

export interface SlowerOperation {
  operation: string;
  p95Before: number;
  p95Now: number;
}

export interface MoreErrors {
  operation: string;
  shareBefore: number;
  shareNow: number;
}

type Latency = Record<string, LatencyRow> | undefined;

function both(older: Latency, newer: Latency): Array<[string, LatencyRow, LatencyRow]> {
  return Object.keys(newer ?? {})
    .sort()
    .flatMap((key) => (older?.[key] ? [[key, older[key]!, newer![key]!] as [string, LatencyRow, LatencyRow]] : []));
}

export function slowerOperations(older: Latency, newer: Latency, rule: SlowerRule): SlowerOperation[] {
  return both(older, newer)
    .filter(([, b, n]) => n.p95 > b.p95 * rule.factor && n.p95 - b.p95 >= rule.floorMs)
    .map(([operation, b, n]) => ({ operation, p95Before: b.p95, p95Now: n.p95 }));
}

export function moreErrors(older: Latency, newer: Latency): MoreErrors[] {
  return both(older, newer)
    .filter(([, b, n]) => n.errorShare > b.errorShare)
    .map(([operation, b, n]) => ({ operation, shareBefore: b.errorShare, shareNow: n.errorShare }));
}

/** "card-api.statement p95 40 → 900 ms (22.5×)" */
export function slowerText(s: SlowerOperation): string {
  const times = s.p95Before > 0 ? ` (${Math.round((s.p95Now / s.p95Before) * 10) / 10}×)` : "";
  return `${s.operation} p95 ${s.p95Before} → ${s.p95Now} ms${times}`;
}

/** "card-api.limits-list errors 0 % → 3.1 %" */
export function moreErrorsText(m: MoreErrors): string {
  const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
  return `${m.operation} errors ${pct(m.shareBefore)} → ${pct(m.shareNow)}`;
}
