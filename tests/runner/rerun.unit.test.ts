/**
 * Re-running, in-process: --retries runs a failed check again (flaky when it then passes, failed
 * when it never does, a harness error never retried); --last-failed selects the failed, flaky and
 * not-judged checks of the last summary with its seed; each run is compared with the last full
 * one kept in history/, and only a full run is kept.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ModuleRun } from "../../lib/checks/evaluate.ts";
import { fail } from "../../lib/checks/failure.ts";
import { evaluateWithRetries } from "../../lib/checks/retry.ts";
import type { Check, Module, RunContext } from "../../lib/checks/types.ts";
import { CARD_STATEMENT } from "../../lib/catalogue/index.ts";
import { buildSummary, type Summary } from "../../lib/reporting/summary.ts";
import { compareRuns } from "../../lib/reporting/compare.ts";
import { compareWithLastRun, keepForNextRun, lastSummaryFile, reportChanges } from "../../lib/runner/history.ts";
import { parseRetries, readLastFailed } from "../../lib/runner/last-failed.ts";
import { checkRow } from "../support/meta.ts";
import { tempReportsDir } from "../support/temp-dirs.ts";

/** A check that fails its first `failures` attempts, then passes; it sends nothing. */
function checkFailing(failures: number, thrown: () => never = () => fail("status", "HTTP 503")): Check {
  let attempts = 0;
  return {
    kind: "sends",
    id: "CARD-STMT-TEST",
    level: "must",
    spec: "§4.2",
    title: "test",
    run: () => {
      if (attempts++ < failures) thrown();
    },
  } as unknown as Check;
}

async function retried(check: Check, retries: number) {
  const module = { operation: CARD_STATEMENT, scenarios: {}, checks: [check] } as unknown as Module;
  const run = { config: { run: { seed: 7 } }, target: { profile: {} } } as unknown as RunContext;
  return evaluateWithRetries(new ModuleRun(module, run), check, retries);
}

describe("evaluateWithRetries", () => {
  test("failed once, retries 2: passed on attempt 2, with the first failure kept", async () => {
    const r = await retried(checkFailing(1), 2);
    expect(r).toMatchObject({ outcome: "passed", attempts: 2 });
    expect(r.firstFailure).toMatch(/HTTP 503/);
  });
  test("always failing, retries 2: failed after 3 attempts", async () => {
    expect(await retried(checkFailing(99), 2)).toMatchObject({ outcome: "failed", attempts: 3 });
  });
  test("retries 0: one attempt, the result as it is", async () => {
    const r = await retried(checkFailing(1), 0);
    expect(r.outcome).toBe("failed");
    expect(r.attempts).toBeUndefined();
  });
  test("a harness error is not retried: it would fail the same way", async () => {
    const r = await retried(
      checkFailing(1, () => {
        throw new TypeError("bug");
      }),
      2,
    );
    expect(r).toMatchObject({ outcome: "failed", category: "harness" });
    expect(r.attempts).toBeUndefined();
  });
});

describe("--last-failed", () => {
  const write = (dir: string, summary: unknown) => writeFileSync(join(dir, "summary.json"), JSON.stringify(summary));
  test("the failed, flaky and not-judged checks of the last summary, with its seed", () => {
    const dir = tempReportsDir();
    write(dir, {
      seed: 42,
      startedAt: "2026-11-25T00:00:00.000Z",
      checks: [
        checkRow("A", "failed"),
        checkRow("B", "passed"),
        checkRow("C", "flaky"),
        checkRow("D", "not judged", { category: "precondition" }),
        checkRow("E", "skipped", { message: "production" }),
        checkRow("F", "warning", { level: "should" }),
        checkRow("G", "not judged", { category: "interrupted" }),
        // The old form of "not judged" (a summary of an earlier version): read as not judged.
        checkRow("H", "skipped", { category: "precondition" }),
      ],
    });
    expect(readLastFailed(dir)).toMatchObject({ seed: 42, ids: ["A", "C", "D", "G", "H"] });
  });
  test("no summary, or nothing to re-run: a usage error (exit 2) saying so", () => {
    const dir = tempReportsDir();
    expect(() => readLastFailed(dir)).toThrow(/--last-failed: no .*summary\.json of an earlier run/);
    write(dir, { seed: 1, checks: [checkRow("B", "passed")] });
    expect(() => readLastFailed(dir)).toThrow(/nothing to re-run/);
  });
  test("--retries takes 0 to 10", () => {
    expect(parseRetries("2")).toBe("2");
    expect(() => parseRetries("11")).toThrow(/from 0 to 10/);
    expect(() => parseRetries("x")).toThrow(/from 0 to 10/);
  });
});

describe("history: each run compared with the last full one", () => {
  const info = { target: "t", seed: 3, strict: false, durationMs: 1, harnessVersion: "0" };
  const summaryIn = (dir: string, startedAt: string, checks: ReturnType<typeof checkRow>[], extra = {}): Summary => {
    const s = buildSummary(checks, [], { ...info, startedAt, ...extra });
    writeFileSync(join(dir, "summary.json"), JSON.stringify(s));
    writeFileSync(join(dir, "summary.md"), "# Conformance summary\n");
    return s;
  };

  test("nothing kept: no comparison; a full run is kept, then the next is compared with it", () => {
    const dir = tempReportsDir();
    const first = summaryIn(dir, "2026-11-24T00:00:00.000Z", [checkRow("A", "failed"), checkRow("B", "passed")]);
    expect(compareWithLastRun(dir, first)).toBeUndefined();
    keepForNextRun(dir, first);
    expect(existsSync(lastSummaryFile(dir))).toBe(true);

    const second = summaryIn(dir, "2026-11-25T00:00:00.000Z", [checkRow("A", "failed"), checkRow("B", "failed")]);
    const c = compareWithLastRun(dir, second)!;
    expect(c.newFailures).toEqual(["B"]);
    expect(c.stillFailing).toEqual([{ id: "A", since: { at: "2026-11-24T00:00:00.000Z", seed: 3 } }]);
    expect(JSON.parse(readFileSync(join(dir, "compare.json"), "utf8")).newFailures).toEqual(["B"]);
    expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(/## What changed since the last run/);
    // The next comparison learns since when A fails from this run's summary.
    const written = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as Summary;
    expect(written.checks.find((x) => x.id === "A")?.failingSince).toEqual({ at: "2026-11-24T00:00:00.000Z", seed: 3 });
  });

  test("a partial or interrupted run is not kept as the last run", () => {
    for (const extra of [{ selectedChecks: ["A"] }, { lastFailedFrom: "x" }, { interrupted: "SIGINT" }]) {
      const dir = tempReportsDir();
      mkdirSync(join(dir, "history"), { recursive: true });
      keepForNextRun(dir, summaryIn(dir, "2026-11-25T00:00:00.000Z", [checkRow("A", "passed")], extra));
      expect(existsSync(lastSummaryFile(dir)), JSON.stringify(extra)).toBe(false);
    }
  });
});

test("the GitHub job summary gets the verdict and what changed; without GITHUB_STEP_SUMMARY nothing is written", () => {
  const dir = tempReportsDir();
  const file = join(dir, "step-summary.md");
  const info = { target: "t", seed: 3, strict: false, durationMs: 1, harnessVersion: "0", startedAt: "b" };
  const older = buildSummary([checkRow("A", "passed")], [], { ...info, startedAt: "a" });
  const newer = buildSummary([checkRow("A", "failed")], [], info);
  const comparison = compareRuns(older, newer);
  reportChanges(newer, comparison, file);
  const text = readFileSync(file, "utf8");
  expect(text).toMatch(/### Conformance verdict: not conformant/);
  expect(text).toMatch(/\*\*New failures\*\* \(1\): `A`/);
  reportChanges(newer, comparison, "");
  expect(readFileSync(file, "utf8")).toBe(text);
});
