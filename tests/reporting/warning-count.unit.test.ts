/**
 * One warning count. A warning is a check whose outcome is `warning` — a should failure outside
 * strict mode, or an info observation (docs/checks-and-levels.md#outcomes) — and every output
 * counts it the same way: the console's level lines and its total line, summary.md's counts and
 * family tables, summary.json's `totals`, the family lines and the clause table. A strict
 * conformant run with two info observations says "2 warnings" everywhere, never "0 warnings"
 * beside family lines with 2.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import type { ConformanceMeta } from "../../lib/checks/meta.ts";
import { renderConsoleSummary } from "../../lib/reporting/console-summary.ts";
import { SPEC_DOCUMENT } from "../../lib/reporting/labels.ts";
import { renderSummaryMarkdown } from "../../lib/reporting/markdown.ts";
import { parseSpecClauses } from "../../lib/reporting/spec-clauses.ts";
import { buildSummary } from "../../lib/reporting/summary.ts";

const clauses = parseSpecClauses(readFileSync(new URL(`../../${SPEC_DOCUMENT}`, import.meta.url), "utf8"));
const check = (
  id: string,
  spec: string,
  level: ConformanceMeta["level"],
  outcome: ConformanceMeta["outcome"],
): ConformanceMeta => ({
  kind: "check",
  id,
  level,
  spec,
  title: id,
  family: "card-api",
  operation: "card-api.limits-list",
  outcome,
  ...(outcome === "warning" ? { message: "observed" } : {}),
});

// [what, the checks, strict, the warnings every output must show]
const RUNS: Array<[string, ConformanceMeta[], boolean, number]> = [
  [
    "a strict conformant run with two info observations",
    [
      check("CARD-LIM-HTTP-200", "§4", "must", "passed"),
      check("CARD-LIM-NEGATIVE", "§2.4", "should", "passed"),
      check("CARD-LIM-GROUPS", "§2.4", "info", "warning"),
      check("CARD-LIM-LATENCY-BUDGET", "§4.4", "info", "warning"),
    ],
    true,
    2,
  ],
  [
    "a run with a should warning and an info observation",
    [
      check("CARD-LIM-HTTP-200", "§4", "must", "passed"),
      check("CARD-LIM-NEGATIVE", "§2.4", "should", "warning"),
      check("CARD-LIM-GROUPS", "§2.4", "info", "warning"),
    ],
    false,
    2,
  ],
  ["a run without warnings", [check("CARD-LIM-HTTP-200", "§4", "must", "passed")], true, 0],
];

const summaryOf = (checks: ConformanceMeta[], strict: boolean) =>
  buildSummary(
    checks,
    [],
    { target: "t", seed: 1, strict, startedAt: "s", durationMs: 1, harnessVersion: "0.1.0" },
    clauses,
  );
const warningsIn = (line: string | undefined) => Number(/(\d+) warnings?\b/.exec(line ?? "")?.[1] ?? 0);

test.for(RUNS)("%s: summary.json counts them once, in its totals", ([, checks, strict, warnings]) => {
  const s = summaryOf(checks, strict);
  expect(s.verdict).toBe("conformant");
  expect(s.totals.warning).toBe(warnings);
  const byLevel = s.counts.must.warning + s.counts.should.warning + s.counts.info.warning;
  const byFamily = s.byFamily.reduce((n, f) => n + f.counts.warning, 0);
  expect([byLevel, byFamily]).toEqual([warnings, warnings]);
});

test.for(RUNS)("%s: the console's total line, level lines and family lines agree", ([, checks, strict, warnings]) => {
  const lines = renderConsoleSummary(summaryOf(checks, strict), "reports").split("\n");
  const total = lines.find((l) => l.startsWith("  all "));
  expect(total).toMatch(new RegExp(`, ${warnings} warnings?,`));
  const levels = lines.filter((l) => /^ {2}(must|should|info) /.test(l));
  expect(levels).toHaveLength(3);
  expect(levels.reduce((n, l) => n + warningsIn(l), 0)).toBe(warnings);
  expect(levels.join("\n")).not.toMatch(/observations/);
  expect(warningsIn(lines.find((l) => l.includes("Card API")))).toBe(warnings);
  // The clause table marks a clause WARN exactly when one of its checks is a warning.
  const warned = lines.filter((l) => /^ {4}WARN /.test(l)).length;
  expect(warned > 0).toBe(warnings > 0);
});

test.for(RUNS)("%s: summary.md's counts and family tables agree", ([, checks, strict, warnings]) => {
  const md = renderSummaryMarkdown(summaryOf(checks, strict)).split("\n");
  const cells = (prefix: string) =>
    md
      .find((l) => l.startsWith(prefix))
      ?.split("|")
      .map((c) => c.trim());
  // | level | passed | failed | warning | skipped | not judged |
  expect(cells("| all |")?.[4]).toBe(String(warnings));
  expect(cells("| Card API |")?.[4]).toBe(String(warnings));
});
