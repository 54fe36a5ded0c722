/**
 * The per-operation latency figures in every output (lib/reporting/latency-report.ts): carried by
 * the budget checks' rows into summary.json's `latency`, shown in the console table and summary.md,
 * written into the pack's statement, and drawn as a self-contained SVG (nothing fetched).
 */
import { expect, test } from "vitest";
import type { LatencyRow } from "../../lib/checks/meter.ts";
import { buildStatement } from "../../lib/reporting/certify/statement.ts";
import { renderConsoleSummary } from "../../lib/reporting/console-summary.ts";
import { latencyChartSvg } from "../../lib/reporting/latency-report.ts";
import { renderSummaryMarkdown } from "../../lib/reporting/markdown.ts";
import { buildSummary } from "../../lib/reporting/summary.ts";
import { checkRow } from "../support/meta.ts";

const figures = (p95: number, budgetMs?: number): LatencyRow => ({
  count: 40,
  p50: 12,
  p95,
  p99: p95 + 10,
  max: p95 + 20,
  timeouts: 1,
  resets: 0,
  serverErrors: 1,
  errorShare: 0.05,
  ...(budgetMs === undefined ? {} : { budgetMs }),
});

const summary = buildSummary(
  [
    checkRow("CARD-STMT-LATENCY-BUDGET", "warning", {
      level: "should",
      operation: "card-api.statement",
      latency: figures(900, 800),
    }),
    checkRow("CARD-LIM-LATENCY-BUDGET", "skipped", {
      level: "should",
      operation: "card-api.limits-list",
      latency: figures(30),
    }),
    checkRow("CARD-STMT-PERIOD", "passed"),
  ],
  [],
  { target: "t", seed: 1, strict: false, startedAt: "2026-01-01T00:00:00Z", durationMs: 1, harnessVersion: "0" },
);

test("summary.json: the figures by operation key, from the checks that carry them", () => {
  expect(summary.latency).toEqual({
    "card-api.limits-list": figures(30),
    "card-api.statement": figures(900, 800),
  });
});

test("the console table: one line per operation with percentiles, error shares and the budget", () => {
  const text = renderConsoleSummary(summary, "reports");
  expect(text).toMatch(
    /card-api\.statement +n=40 +p50 12 · p95 900 · p99 910 · max 920 · errors 5 % \(1 timeouts, 0 connection errors, 1 5xx\) · p95 OVER budget 800 ms/,
  );
  expect(text).toMatch(/card-api\.limits-list .* · no budget/);
});

test("summary.md: a table row per operation, the budget marked", () => {
  const md = renderSummaryMarkdown(summary);
  expect(md).toContain("## Latency and error shares");
  expect(md).toContain("| card-api.statement | 40 | 12 | 900 | 910 | 920 | 1 | 0 | 1 | 5 % | 800 ❌ |");
  expect(md).toContain("| card-api.limits-list | 40 | 12 | 30 | 40 | 50 | 1 | 0 | 1 | 5 % | — |");
});

test("the pack's statement carries the figures and budgets", () => {
  const statement = buildStatement(summary, [], { version: "0" });
  expect(statement.latency?.["card-api.statement"]).toEqual(figures(900, 800));
});

test("the chart: four bars, the ones over budget red, the budget line, nothing fetched", () => {
  const svg = latencyChartSvg("Card statement <§4.2>", figures(900, 800));
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg.match(/<rect /g)).toHaveLength(4);
  expect(svg.match(/fill="#d9534f"/g)).toHaveLength(3);
  expect(svg).toContain("budget 800 ms");
  expect(svg).toContain("Card statement &#60;§4.2&#62;");
  // The only URL is the SVG namespace: no script, font or image from anywhere.
  expect(svg.match(/https?:\/\/[^"]*/g)).toEqual(["http://www.w3.org/2000/svg"]);
  expect(svg).not.toMatch(/<script|href=/);
});
