/**
 * Runs that people operate, end to end through the command: every run is compared with the last
 * kept one (--fail-on new), and --last-failed re-runs exactly the failed checks. Proven elsewhere,
 * without a command run of their own here: what compare reports between two runs (exactly the
 * symmetric difference, still failing since which seed: tests/reporting/compare.unit.test.ts; the
 * `compare` command on two runs' outputs: tests/package/installed-cli.test.ts); a known failure,
 * still failing, keeps --fail-on new quiet (exit 0: the action step's next night,
 * tests/ci/action-step.test.ts; the rule: compare.unit.test.ts); a target that is down is exit 3,
 * not 2 (endings.sandbox.test.ts, in-process). Retries: retries.test.ts; interruption: launcher.test.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CARD_STATEMENT, LIMITS_LIST } from "../../lib/catalogue/index.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import type { Fault } from "../../sandbox/faults.ts";
import { withSandbox } from "../support/harness.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { checkRow } from "../support/meta.ts";

const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
const outcomes = (dir: string) => Object.fromEntries(summaryOf(dir).checks.map((c) => [c.id, c.outcome]));
const failed = (dir: string) =>
  summaryOf(dir)
    .checks.filter((c) => c.outcome === "failed")
    .map((c) => c.id);

/** Four cheap checks, two per operation; each fault below breaks exactly one of them. */
const CHECKS = ["CARD-STMT-HTTP-200", "CARD-STMT-JSON", "CARD-LIM-HTTP-200", "CARD-LIM-JSON"];
const checkArgs = CHECKS.flatMap((id) => ["--check", id]);
const STMT_201: Fault = { kind: "status", operation: CARD_STATEMENT.key, status: 201 };
const LIM_TEXT: Fault = { kind: "content-type", operation: LIMITS_LIST.key, value: "text/plain" };

describe("a run against a broken target, then --last-failed", () => {
  test("--last-failed re-runs exactly the two failed checks, with the first run's seed", async () => {
    const dirA = tempReportsDir();
    await withSandbox({ faults: [STMT_201, LIM_TEXT] }, async (a) => {
      const first = await runCli("conformance.ts", checkArgs, { REPORTS_DIR: dirA, TARGET_BASE_URL: a.url, SEED: "5" });
      expect(first.code, first.stdout).toBe(1);
      expect(failed(dirA)).toEqual(["CARD-LIM-JSON", "CARD-STMT-HTTP-200"]);

      const rerun = await runCli("conformance.ts", ["--last-failed"], { REPORTS_DIR: dirA, TARGET_BASE_URL: a.url });
      expect(rerun.code, rerun.stdout).toBe(1);
      const summary = summaryOf(dirA);
      expect(summary.checks.map((c) => c.id)).toEqual(["CARD-LIM-JSON", "CARD-STMT-HTTP-200"]);
      expect(summary.seed).toBe(5);
      expect(summary.lastFailedFrom).toMatch(/summary\.json/);
      expect(outcomes(dirA)).toEqual({ "CARD-LIM-JSON": "failed", "CARD-STMT-HTTP-200": "failed" });
      expect(readFileSync(join(dirA, "summary.md"), "utf8")).toMatch(/partial run \(--last-failed\)/);
    });
  });
});

describe("every run compared with the last kept run", () => {
  /** A kept last run in which both statement checks passed. */
  function keptRun(dir: string): void {
    mkdirSync(join(dir, "history"), { recursive: true });
    const last = {
      startedAt: "2026-11-24T02:00:00.000Z",
      seed: 9,
      verdict: "x",
      target: "t",
      checks: [checkRow("CARD-STMT-HTTP-200", "passed"), checkRow("CARD-STMT-JSON", "passed")],
    };
    writeFileSync(join(dir, "history", "last-summary.json"), JSON.stringify(last));
  }
  const args = ["--check", "CARD-STMT-HTTP-200", "--check", "CARD-STMT-JSON", "--fail-on", "new"];

  test("a new failure: in compare.json, summary.md, the console's last lines and the job summary; --fail-on new exit 1", async () => {
    await withSandbox({ faults: [STMT_201] }, async (sandbox) => {
      const dir = tempReportsDir();
      const stepSummary = join(dir, "job-summary.md");
      const env = { REPORTS_DIR: dir, TARGET_BASE_URL: sandbox.url, GITHUB_STEP_SUMMARY: stepSummary };
      keptRun(dir);
      const first = await runCli("conformance.ts", args, env);
      expect(first.code, first.stdout).toBe(1);
      expect(JSON.parse(readFileSync(join(dir, "compare.json"), "utf8")).newFailures).toEqual(["CARD-STMT-HTTP-200"]);
      expect(first.stdout.trim().split("\n").slice(-2).join("\n")).toMatch(
        /compare: since the run of 2026-11-24T02:00:00\.000Z .*\ncompare: new failures: CARD-STMT-HTTP-200$/,
      );
      expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(
        /## What changed since the last run[\s\S]*\*\*New failures\*\* \(1\): `CARD-STMT-HTTP-200`/,
      );
      expect(readFileSync(stepSummary, "utf8")).toMatch(/### Conformance verdict: not conformant[\s\S]*New failures/);
    });
  });
});
