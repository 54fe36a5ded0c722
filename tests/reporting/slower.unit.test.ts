/**
 * "Slower since the last run" (lib/reporting/slower.ts through compareRuns): exactly the operation
 * whose p95 grew past the factor and the floor (its p95: a p50 that grew alone is not slower, a p95 that
 * grew alone is), and those whose error share grew — in compare.json's
 * lists, the summary.md section and the console's last lines.
 */
import { describe, expect, test } from "vitest";
import type { LatencyRow } from "../../lib/checks/meter.ts";
import { compareRuns, hasChanges, type ComparedRun } from "../../lib/reporting/compare.ts";
import { comparisonConsoleLines, renderComparisonMarkdown } from "../../lib/reporting/compare-report.ts";
import { DEFAULT_SLOWER, slowerOperations } from "../../lib/reporting/slower.ts";

const row = (p95: number, errorShare = 0, p50 = p95 / 2): LatencyRow => ({
  count: 100,
  p50,
  p95,
  p99: p95,
  max: p95,
  timeouts: Math.round(errorShare * 100),
  resets: 0,
  serverErrors: 0,
  errorShare,
});
const run = (startedAt: string, latency: Record<string, LatencyRow>): ComparedRun => ({
  startedAt,
  seed: 1,
  verdict: "conformant",
  target: "t",
  checks: [],
  latency,
});

const LAST_NIGHT = run("2026-11-25T02:00:00.000Z", {
  "card-api.statement": row(40),
  "card-api.limits-list": row(2),
  "card-api.transaction-create": row(100),
  "partner-transfer-api.register-business": row(30),
});
const TONIGHT = run("2026-11-26T02:00:00.000Z", {
  // 40 → 900: slower. 2 → 4: twice as slow, but 2 ms is not news (floor 50 ms).
  "card-api.statement": row(900),
  "card-api.limits-list": row(4, 0.031),
  // 100 → 140: 40 % more, under the factor.
  "card-api.transaction-create": row(140),
  "partner-transfer-api.register-business": row(30),
});

test("lists exactly the operation whose p95 grew past the factor and the floor", () => {
  const c = compareRuns(LAST_NIGHT, TONIGHT);
  expect(c.slower).toEqual([{ operation: "card-api.statement", p95Before: 40, p95Now: 900 }]);
  expect(c.moreErrors).toEqual([{ operation: "card-api.limits-list", shareBefore: 0, shareNow: 0.031 }]);
  expect(hasChanges(c)).toBe(true);
});

test("the declared factor and floor decide: SLOWER_FACTOR=1.3, SLOWER_FLOOR_MS=1 lists three", () => {
  const c = compareRuns(LAST_NIGHT, TONIGHT, { factor: 1.3, floorMs: 1 });
  expect(c.slower.map((s) => s.operation)).toEqual([
    "card-api.limits-list",
    "card-api.statement",
    "card-api.transaction-create",
  ]);
});

test("summary.md and the console's last lines name them", () => {
  const c = compareRuns(LAST_NIGHT, TONIGHT);
  expect(renderComparisonMarkdown(c)).toContain(
    "**Slower since the last run (p95)** (1): `card-api.statement p95 40 → 900 ms (22.5×)`",
  );
  expect(comparisonConsoleLines(c)).toContain("compare: slower: card-api.statement p95 40 → 900 ms (22.5×)");
  expect(comparisonConsoleLines(c)).toContain("compare: more errors: card-api.limits-list errors 0 % → 3.1 %");
});

describe("judged on the p95, never the median", () => {
  // Most answers as fast as last night, a slow tenth: the p95 grew, the p50 did not.
  const tailBefore = { "card-api.statement": row(40, 0, 20) };
  const tailNow = { "card-api.statement": row(900, 0, 20) };
  // Every answer a little slower, the slowest no slower: the p50 grew past factor and floor, the p95 did not.
  const bodyBefore = { "card-api.statement": row(900, 0, 20) };
  const bodyNow = { "card-api.statement": row(900, 0, 400) };

  test("a p95 grown past the factor and floor is slower, though the p50 stayed", () => {
    expect(slowerOperations(tailBefore, tailNow, DEFAULT_SLOWER)).toEqual([
      { operation: "card-api.statement", p95Before: 40, p95Now: 900 },
    ]);
  });

  test("a p50 grown past them, with the p95 where it was, is not", () => {
    expect(slowerOperations(bodyBefore, bodyNow, DEFAULT_SLOWER)).toEqual([]);
  });
});

test("a run without figures (an earlier version's summary) compares as before: nothing slower", () => {
  const c = compareRuns({ ...LAST_NIGHT, latency: undefined }, TONIGHT);
  expect(c.slower).toEqual([]);
  expect(c.moreErrors).toEqual([]);
});
