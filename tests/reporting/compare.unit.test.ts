/**
 * What changed between two runs, keyed by check id: each list is exactly a set difference of the
 * two runs' outcomes, and --fail-on new fails only on a new failure.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { ConformanceMeta } from "../../lib/checks/meta.ts";
import { carryFailingSince, compareRuns, hasChanges, type ComparedRun } from "../../lib/reporting/compare.ts";
import { comparisonConsoleLines, readSummaryAt, renderComparisonMarkdown } from "../../lib/reporting/compare-report.ts";
import { failOnExitCode, parseFailOn } from "../../lib/runner/fail-on.ts";
import { checkRow } from "../support/meta.ts";
import { main as compare } from "../../cli/compare.ts";
import { settleCommand } from "../../lib/runner/cli-errors.ts";

const run = (startedAt: string, seed: number, checks: ConformanceMeta[]): ComparedRun => ({
  startedAt,
  seed,
  verdict: "not conformant",
  target: "t",
  checks,
});
const notJudged = (id: string) => checkRow(id, "not judged", { category: "precondition", message: "refused" });

const OLD = run("2026-11-24T02:00:00.000Z", 11, [
  checkRow("A-STILL", "failed"),
  checkRow("B-FIXED", "failed"),
  checkRow("C-NEW", "passed"),
  checkRow("D-SAME", "passed"),
  checkRow("E-FLAKY-FIXED", "flaky"),
  checkRow("F-NOT-JUDGED", "passed"),
  checkRow("G-SKIPPED", "passed"),
  checkRow("H-GONE", "failed"),
  notJudged("I-STILL-NOT-JUDGED"),
]);
const NEW = run("2026-11-25T02:00:00.000Z", 22, [
  checkRow("A-STILL", "failed"),
  checkRow("B-FIXED", "passed"),
  checkRow("C-NEW", "failed"),
  checkRow("D-SAME", "passed"),
  checkRow("E-FLAKY-FIXED", "passed"),
  notJudged("F-NOT-JUDGED"),
  checkRow("G-SKIPPED", "skipped", { message: "TARGET_ENV=production" }),
  checkRow("J-ADDED", "failed"),
  checkRow("K-FLAKY", "flaky"),
  notJudged("I-STILL-NOT-JUDGED"),
]);

describe("compareRuns", () => {
  const c = compareRuns(OLD, NEW);
  test("new failures: failed now, passing or absent before", () => expect(c.newFailures).toEqual(["C-NEW", "J-ADDED"]));
  test("fixed: failed or flaky before, passing now", () => expect(c.fixed).toEqual(["B-FIXED", "E-FLAKY-FIXED"]));
  test("still failing, since the old run (no earlier record) with its seed", () =>
    expect(c.stillFailing).toEqual([{ id: "A-STILL", since: { at: OLD.startedAt, seed: 11 } }]));
  test("flaky now", () => expect(c.flaky).toEqual(["K-FLAKY"]));
  test("newly not judged, not the ones not judged before too", () =>
    expect(c.newlyNotJudged).toEqual(["F-NOT-JUDGED"]));
  test("newly skipped", () => expect(c.newlySkipped).toEqual(["G-SKIPPED"]));
  test("a check missing from the new run is not taken as fixed", () => {
    expect(c.notInNewRun).toEqual(["H-GONE"]);
    expect(c.fixed).not.toContain("H-GONE");
  });
  test("the same run twice: no change", () => {
    const same = compareRuns(NEW, NEW);
    expect(hasChanges({ ...same, flaky: [], stillFailing: [] })).toBe(false);
    expect(same.newFailures).toEqual([]);
  });
});

test("exact: the failing sets of two runs give new failures and fixed as their symmetric difference", () => {
  const failing = (ids: string[], all: string[]) =>
    all.map((id) => checkRow(id, ids.includes(id) ? "failed" : "passed"));
  const all = ["P", "Q", "R", "S", "T"];
  const c = compareRuns(run("a", 1, failing(["P", "Q", "R"], all)), run("b", 2, failing(["Q", "R", "S", "T"], all)));
  expect([...c.fixed, ...c.newFailures].sort()).toEqual(["P", "S", "T"]);
  expect(c.fixed).toEqual(["P"]);
  expect(c.stillFailing.map((s) => s.id)).toEqual(["Q", "R"]);
});

test("failingSince is carried forward: a third run still says since the first failure", () => {
  const second = { ...NEW, checks: carryFailingSince(NEW.checks, compareRuns(OLD, NEW)) };
  const third = run("2026-11-26T02:00:00.000Z", 33, [checkRow("A-STILL", "failed")]);
  expect(compareRuns(second, third).stillFailing).toEqual([{ id: "A-STILL", since: { at: OLD.startedAt, seed: 11 } }]);
});

test("rendered: the section names each list, still failing with since and seed; the console names new failures", () => {
  const c = compareRuns(OLD, NEW);
  const md = renderComparisonMarkdown(c);
  expect(md).toContain("**New failures** (2): `C-NEW`, `J-ADDED`");
  expect(md).toContain(`\`A-STILL (since ${OLD.startedAt}, seed 11)\``);
  expect(md).toContain("**Newly not judged** (1): `F-NOT-JUDGED`");
  expect(comparisonConsoleLines(c)).toContain("compare: new failures: C-NEW, J-ADDED");
});

test("a kept summary of an earlier version, with not judged written as skipped (category precondition), compares like a new one", () => {
  const dir = mkdtempSync(join(tmpdir(), "kept-"));
  const old = {
    ...OLD,
    checks: OLD.checks.map((c) => (c.outcome === "not judged" ? { ...c, outcome: "skipped" } : c)),
  };
  writeFileSync(join(dir, "summary.json"), JSON.stringify(old));
  const kept = readSummaryAt(dir)!;
  expect(kept.checks.find((c) => c.id === "I-STILL-NOT-JUDGED")?.outcome).toBe("not judged");
  expect(compareRuns(kept, NEW)).toEqual(compareRuns(OLD, NEW));
});

test("a partial run: the checks not in it are counted in summary.md, named in compare.json", () => {
  const ids = Array.from({ length: 15 }, (_, i) => `X-${String(i).padStart(2, "0")}`);
  const c = compareRuns(
    run(
      "a",
      1,
      ids.map((id) => checkRow(id, "passed")),
    ),
    run("b", 2, [checkRow("X-00", "passed")]),
  );
  expect(c.notInNewRun).toHaveLength(14);
  expect(renderComparisonMarkdown(c)).toMatch(
    /\*\*Not in this run\*\* \(14\): `X-01`.*`X-10` … and 4 more \(compare\.json\)/,
  );
});

describe("--fail-on new", () => {
  test("exit 1 only with a new failure", () => {
    expect(failOnExitCode("new", compareRuns(OLD, NEW))).toBe(1);
    expect(failOnExitCode("new", compareRuns(NEW, NEW))).toBe(0);
  });
  test("no earlier run kept: every failure is new, so a failing run fails", () =>
    expect(failOnExitCode("new", undefined)).toBe(1));
  test("not given: the verdict decides", () =>
    expect(failOnExitCode(undefined, compareRuns(OLD, NEW))).toBeUndefined());
  test("another value is a usage error", () => expect(() => parseFailOn("all")).toThrow(/the one value is "new"/));
});

describe("npm run compare: usage", () => {
  test.for([
    ["no paths", [], /expected OLD and NEW, got 0 paths/],
    [
      "a folder without a summary",
      ["/nonexistent-old", "/nonexistent-new"],
      /OLD \/nonexistent-old: no summary\.json there/,
    ],
    ["another --fail-on", ["a", "b", "--fail-on", "all"], /--fail-on all: the one value is "new"/],
  ] as const)("%s: exit 2, one line", async ([, argv, line]) => {
    const end = await settleCommand("compare", () => compare([...argv]));
    expect(end.code).toBe(2);
    expect(end.line).toMatch(line);
  });
});
