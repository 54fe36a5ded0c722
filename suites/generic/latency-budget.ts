/**
 * The latency budget check every operation gets (`<CODE>-LATENCY-BUDGET`, its id written by the
 * module that lists it): decided at settlement, from the run's own traffic (lib/checks/meter.ts —
 * no request is sent for it), against the p95 budget the target declares (LATENCY_P95_MS). The
 * spec says rate limits and time-outs are "not shown" (§8), so a budget is only ever the target's
 * declaration: over it is a `should` failure naming the figure, the budget and the slowest
 * exchanges (recorded as evidence); no budget declared, or no request of the operation sent in
 * this run, is not applicable here (skipped), and the figures are reported all the same — they travel with this check's result into every report.
 */
import type { Operation } from "../../lib/catalogue/index.ts";
import {
  budgetOf,
  type Check,
  defineSettledCheck,
  fail,
  type LatencyRow,
  type SettleContext,
} from "../../lib/checks/kit.ts";
import { idOf } from "./ids.ts";

/** "40 requests: p50 12 · p95 40 · p99 55 · max 61 ms, errors 0 %" */
export function figuresText(r: LatencyRow): string {
  const share = Math.round(r.errorShare * 1000) / 10;
  return `${r.count} requests: p50 ${r.p50} · p95 ${r.p95} · p99 ${r.p99} · max ${r.max} ms, errors ${share} %`;
}

/** More than 5 % of the requests timed out: the p95 rank falls on a timeout, so the p95 is beyond REQUEST_TIMEOUT_MS, not known. */
function p95TimedOut(r: LatencyRow): boolean {
  return r.timeouts > r.count - Math.ceil(0.95 * r.count);
}

/**
 * The p95 lies beyond the request timeout: over a budget no longer than it (failed); against a
 * longer budget it cannot be known (not judged: REQUEST_TIMEOUT_MS is the variable to raise).
 */
function beyondTimeout(op: Operation, r: LatencyRow, budget: number, ctx: SettleContext): never {
  const timeout = ctx.config.run.requestTimeoutMs;
  const cut = `${r.timeouts} of ${r.count} requests of ${op.title} timed out at REQUEST_TIMEOUT_MS=${timeout}, so its p95 lies beyond ${timeout} ms`;
  if (budget >= timeout)
    ctx.notJudged(
      `${cut}: whether it meets the budget of ${budget} ms (LATENCY_P95_MS) cannot be known`,
      "REQUEST_TIMEOUT_MS",
    );
  fail("latency", `${cut}, over the declared budget of ${budget} ms (LATENCY_P95_MS)`);
}

function judgeBudget(op: Operation, ctx: SettleContext): void {
  const { row, slowest } = ctx.latency(op.key);
  const budget = budgetOf(ctx.config.measures, op.key);
  const figures = row ? figuresText(row) : "no request went on the wire";
  if (budget === undefined)
    ctx.notApplicable(
      "not declared",
      `no latency budget declared for ${op.key} (LATENCY_P95_MS); the figures are reported: ${figures}`,
    );
  // Nothing of the operation was sent in this run (TARGET_ENV forbids it, --check left its senders out): nothing to judge by rule.
  if (!row)
    ctx.notApplicable("nothing sent", `no request of ${op.title} went on the wire in this run: nothing to measure`);
  ctx.note(`p95 budget ${budget} ms (LATENCY_P95_MS); ${figures}`);
  if (p95TimedOut(row)) beyondTimeout(op, row, budget, ctx);
  if (row.p95 <= budget) return;
  for (const exchange of [...slowest].reverse()) ctx.record(exchange);
  const named = slowest.map((e) => `exchange ${e.seq} (${Math.round(e.latencyMs ?? 0)} ms)`).join(", ");
  fail(
    "latency",
    `p95 ${row.p95} ms is over the declared budget of ${budget} ms (LATENCY_P95_MS) — ${figures}; slowest: ${named}`,
  );
}

export function latencyBudget(op: Operation, { id }: { id: string }): Check {
  return defineSettledCheck({
    id: idOf(op, id),
    level: "should",
    spec: "§8",
    basis: "declared",
    title: `${op.title}: p95 latency within the declared budget (LATENCY_P95_MS)`,
    description:
      "§8 leaves time-outs not shown, so only the target's own declaration sets a budget. Measured on every request of this operation the run sent anyway (the last try on the wire: no pace, lane or 429 back-off wait), decided once every other check has sent. No budget declared: not applicable, figures still reported.",
    touches: "read-only",
    // The budget it is judged against; no budget, skipped (the REQUEST_TIMEOUT_MS case is not judged, never another result).
    reads: ["LATENCY_P95_MS"],
    run: (ctx) => judgeBudget(op, ctx),
  });
}
