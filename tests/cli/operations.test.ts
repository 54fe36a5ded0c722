/**
 * Runs that people operate, end to end through the command: compare reports
 * exactly what changed between two broken targets, every run is compared with the last kept one
 * (--fail-on new), --last-failed re-runs exactly the failed checks, and a target that is down is
 * exit 3, not 2. Interruption and retries: interrupt-retries.test.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CARD_STATEMENT, LIMITS_LIST } from "../../lib/catalogue/index.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import type { Fault } from "../../sandbox/faults.ts";
import { main as compare } from "../../cli/compare.ts";
import { withSandbox } from "../support/harness.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { checkRow } from "../support/meta.ts";
import { startMisbehavingTarget } from "../support/targets.ts";

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
const STMT_HTML: Fault = { kind: "content-type", operation: CARD_STATEMENT.key, value: "text/html" };
const LIM_TEXT: Fault = { kind: "content-type", operation: LIMITS_LIST.key, value: "text/plain" };

describe("two runs against two differently broken targets", () => {
  test("compare reports exactly the symmetric difference; --last-failed re-runs exactly the two failed checks", async () => {
    const dirA = tempReportsDir();
    const dirB = tempReportsDir();
    await withSandbox({ faults: [STMT_201, LIM_TEXT] }, async (a) => {
      const first = await runCli("conformance.ts", checkArgs, { REPORTS_DIR: dirA, TARGET_BASE_URL: a.url, SEED: "5" });
      expect(first.code, first.stdout).toBe(1);
      expect(failed(dirA)).toEqual(["CARD-LIM-JSON", "CARD-STMT-HTTP-200"]);
      await withSandbox({ faults: [STMT_HTML, LIM_TEXT] }, async (b) => {
        const run = await runCli("conformance.ts", checkArgs, { REPORTS_DIR: dirB, TARGET_BASE_URL: b.url });
        expect(run.code, run.stdout).toBe(1);
      });
      expect(failed(dirB)).toEqual(["CARD-LIM-JSON", "CARD-STMT-JSON"]);

      expect(await compare([dirA, dirB, "--fail-on", "new"])).toBe(1);
      const changes = JSON.parse(readFileSync(join(dirB, "compare.json"), "utf8"));
      expect(changes.newFailures).toEqual(["CARD-STMT-JSON"]);
      expect(changes.fixed).toEqual(["CARD-STMT-HTTP-200"]);
      expect(changes.stillFailing.map((s: { id: string }) => s.id)).toEqual(["CARD-LIM-JSON"]);
      expect(changes.stillFailing[0].since.seed).toBe(5);
      expect(await compare([dirB, dirB, "--fail-on", "new"])).toBe(0);

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
  /** A kept last run in which both statement checks passed, or CARD-STMT-HTTP-200 already failed. */
  function keptRun(dir: string, httpOutcome: "passed" | "failed"): void {
    mkdirSync(join(dir, "history"), { recursive: true });
    const last = {
      startedAt: "2026-11-24T02:00:00.000Z",
      seed: 9,
      verdict: "x",
      target: "t",
      checks: [checkRow("CARD-STMT-HTTP-200", httpOutcome), checkRow("CARD-STMT-JSON", "passed")],
    };
    writeFileSync(join(dir, "history", "last-summary.json"), JSON.stringify(last));
  }
  const args = ["--check", "CARD-STMT-HTTP-200", "--check", "CARD-STMT-JSON", "--fail-on", "new"];

  test("a new failure: in compare.json, summary.md, the console's last lines and the job summary; --fail-on new exit 1; then still failing: exit 0", async () => {
    await withSandbox({ faults: [STMT_201] }, async (sandbox) => {
      const dir = tempReportsDir();
      const stepSummary = join(dir, "job-summary.md");
      const env = { REPORTS_DIR: dir, TARGET_BASE_URL: sandbox.url, GITHUB_STEP_SUMMARY: stepSummary };
      keptRun(dir, "passed");
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

      keptRun(dir, "failed");
      const second = await runCli("conformance.ts", args, env);
      // Known, still failing: the verdict is not conformant, but nothing new, so the alarm stays quiet.
      expect(second.code, second.stdout).toBe(0);
      expect(summaryOf(dir).verdict).toBe("not conformant");
      expect(JSON.parse(readFileSync(join(dir, "compare.json"), "utf8")).stillFailing).toEqual([
        { id: "CARD-STMT-HTTP-200", since: { at: "2026-11-24T02:00:00.000Z", seed: 9 } },
      ]);
    });
  });
});

describe("a target that is down: exit 3, not 2", () => {
  test("nothing listens on the port", async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const dir = tempReportsDir();
    const { code, stderr } = await runCli("conformance.ts", [], {
      REPORTS_DIR: dir,
      TARGET_BASE_URL: `http://127.0.0.1:${port}`,
    });
    expect(code).toBe(3);
    expect(stderr).toMatch(/target unavailable: .* did not answer any preflight request \(connection refused\)/);
    // CI reads the verdict where it always does.
    expect(summaryOf(dir)).toMatchObject({ verdict: "target unavailable", checks: [] });
    expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(/\*\*Verdict: target unavailable\*\*/);
  });

  test("every request answered 503 by a gateway with nothing behind it", async () => {
    const gateway = await startMisbehavingTarget("503");
    try {
      const { code, stderr } = await runCli("conformance.ts", [], {
        REPORTS_DIR: tempReportsDir(),
        TARGET_BASE_URL: gateway.url,
      });
      expect(code).toBe(3);
      expect(stderr).toMatch(/target unavailable: .*\(HTTP 503\)/);
    } finally {
      await gateway.close();
    }
  });
});
