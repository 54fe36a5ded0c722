/**
 * A check's `latency(operationKey)` (types.ts CheckContext): the meter's figures of the operation
 * with the budget that applies (LATENCY_P95_MS), kept as the check's reading — the one route by
 * which the per-operation figures reach the summary, the console, the pack and the chart
 * (CheckResult.latency → ConformanceMeta.latency → summary.json `latency`), as a contract check's
 * answer counts do.
 */
import { budgetOf } from "../config/measures.ts";
import type { LatencyRow } from "./meter.ts";
import type { LatencyReadout, RunContext } from "./types.ts";

export function latencyReader(run: RunContext, keep: (row: LatencyRow) => void): (key: string) => LatencyReadout {
  return (key) => {
    const measures = run.meter?.measures(key);
    const budgetMs = budgetOf(run.config.measures, key);
    const row = measures && { ...measures, ...(budgetMs === undefined ? {} : { budgetMs }) };
    if (row) keep(row);
    return { ...(row ? { row } : {}), slowest: run.meter?.slowest(key) ?? [] };
  };
}
