/**
 * The verdicts of an operated run: interrupted (never conformant), a flaky must check fails the run, a
 * partial run (--last-failed, --check) is never conformant; and the level rule that makes a retried pass flaky.
 */
import { describe, expect, test } from "vitest";
import { reportedOutcome } from "../../lib/checks/levels.ts";
import { junitWithFlakyFailures } from "../../lib/reporting/flaky-marks.ts";
import { notRunRow } from "../../lib/reporting/not-run.ts";
import { renderSummaryMarkdown } from "../../lib/reporting/markdown.ts";
import { buildSummary, exitCodeOf, verdictOf } from "../../lib/reporting/summary.ts";
import { checkRow } from "../support/meta.ts";

const info = { target: "t", seed: 1, strict: false, startedAt: "s", durationMs: 1, harnessVersion: "0" };

describe("verdictOf", () => {
  test("interrupted, whatever was judged: never conformant", () => {
    expect(verdictOf([checkRow("A", "passed")], [], undefined, { interrupted: "SIGINT" })).toBe("interrupted");
  });
  test("a flaky must check: not conformant", () => {
    expect(verdictOf([checkRow("A", "passed"), checkRow("B", "flaky")], [])).toBe("not conformant");
  });
  test("a --last-failed run where all pass: incomplete, never conformant", () => {
    expect(verdictOf([checkRow("A", "passed")], [], undefined, { lastFailedFrom: "reports/summary.json" })).toBe(
      "incomplete",
    );
  });
  test("a --last-failed run where one still fails: not conformant", () => {
    expect(verdictOf([checkRow("A", "failed")], [], undefined, { lastFailedFrom: "x" })).toBe("not conformant");
  });
  test("a --check run where the selected checks pass: incomplete (exit 1), never conformant", () => {
    const summary = buildSummary([checkRow("A", "passed")], [], { ...info, selectedChecks: ["A"] });
    expect(summary.verdict).toBe("incomplete");
    expect(exitCodeOf(summary)).toBe(1);
    expect(renderSummaryMarkdown(summary)).toMatch(/\*\*Verdict: incomplete\*\* — selected checks only \(--check A\)/);
  });
  test("a --check run where a selected check fails: not conformant, as the reproduce line expects", () => {
    expect(verdictOf([checkRow("A", "failed")], [], undefined, { selectedChecks: ["A"] })).toBe("not conformant");
  });
});

describe("reportedOutcome of a check that passed on a retry", () => {
  const retried = { outcome: "passed" as const, category: undefined, firstFailure: "HTTP 503" };
  test("must: flaky", () => expect(reportedOutcome({ ...retried, level: "must" }, false)).toBe("flaky"));
  test("should, not strict: a warning (its failure would not fail the run)", () =>
    expect(reportedOutcome({ ...retried, level: "should" }, false)).toBe("warning"));
  test("should, strict: flaky", () => expect(reportedOutcome({ ...retried, level: "should" }, true)).toBe("flaky"));
  test("passed at once: passed", () =>
    expect(reportedOutcome({ outcome: "passed", level: "must", category: undefined }, false)).toBe("passed"));
});

test("summary.md tells 'sometimes fails' apart from 'always fails', and says a partial or interrupted run is one", () => {
  const checks = [
    checkRow("ALWAYS", "failed", { message: "always" }),
    checkRow("SOMETIMES", "flaky", { attempts: 2, firstFailure: "HTTP 503" }),
  ];
  const md = renderSummaryMarkdown(buildSummary(checks, [], { ...info, retries: 2 }));
  expect(md).toMatch(/## Failures and warnings \(every attempt failed\)\n\n- ❌ \*\*ALWAYS\*\*/);
  expect(md).toMatch(/## Flaky: sometimes fails[\s\S]*\*\*SOMETIMES\*\*.*\(2 attempts\)\n {2}first failure: HTTP 503/);
  expect(renderSummaryMarkdown(buildSummary(checks, [], { ...info, interrupted: "SIGTERM" }))).toMatch(
    /\*\*Verdict: interrupted\*\* — stopped by SIGTERM/,
  );
  expect(renderSummaryMarkdown(buildSummary(checks, [], { ...info, lastFailedFrom: "r/summary.json" }))).toMatch(
    /partial run \(--last-failed\)/,
  );
});

test("JUnit: a flaky check's testcase gains a Surefire <flakyFailure>, the others are untouched", () => {
  const xml = [
    '<testcase classname="x" name="Card API &gt; SOMETIMES [must] §4 — t" time="0.1">',
    '<properties><property name="flaky" value="..."/></properties>',
    "</testcase>",
    '<testcase classname="x" name="OTHER [must] §4 — t" time="0.1">',
    "</testcase>",
  ].join("\n");
  const out = junitWithFlakyFailures(xml, [
    checkRow("SOMETIMES", "flaky", { attempts: 3, firstFailure: 'HTTP 503 "x"' }),
    checkRow("OTHER", "passed"),
  ]);
  expect(out).toContain(
    '<testcase classname="x" name="Card API &gt; SOMETIMES [must] §4 — t" time="0.1">\n<flakyFailure message="failed on attempt 1, passed on attempt 3: HTTP 503 &quot;x&quot;" type="flaky"/>',
  );
  expect(out.match(/flakyFailure/g)).toHaveLength(1);
});

test("a check the interrupted run never reached is listed not judged ('not run'), under its operation", () => {
  const row = notRunRow(
    "CARD-STMT-PERIOD [must] §4.2 — Card statement: every operation lies within the requested period",
    "Card API › Card statement (§4.2) › ledger",
  );
  expect(row).toMatchObject({ id: "CARD-STMT-PERIOD", level: "must", spec: "§4.2", outcome: "not judged" });
  expect(row).toMatchObject({ category: "interrupted", operation: "card-api.statement", family: "card-api" });
  expect(notRunRow("not a check name", "x")).toBeUndefined();
});
