/**
 * Runs that people operate, end to end through the command: an
 * interrupted run keeps what it judged (exit 130), and a check that fails once is flaky with
 * --retries while a broken one stays failed. A signal before any check (the access token being
 * fetched) goes through the same pipeline, judged in-process: tests/runner/pipeline.sandbox.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { CARD_STATEMENT, LIMITS_LIST } from "../../lib/catalogue/index.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import type { Fault } from "../../sandbox/faults.ts";
import { withSandbox } from "../support/harness.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { startCountingProxy } from "../support/targets.ts";

const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
const LIM_TEXT: Fault = { kind: "content-type", operation: LIMITS_LIST.key, value: "text/plain" };

test("SIGINT six seconds into a run against a target 40 ms late: exit 130, the outputs hold what was judged, verdict interrupted", async () => {
  await withSandbox({}, async (sandbox) => {
    const slow = await startCountingProxy(sandbox.url, { delayMs: 40 });
    try {
      const dir = tempReportsDir();
      // Two requests in flight and the default property volume: far from done after six seconds.
      const env = { REPORTS_DIR: dir, TARGET_BASE_URL: slow.url, CONCURRENCY: "2", PROPERTY_RUNS: "" };
      // Bounded: a run that did not end within 60 s is killed (code null) and the test fails.
      const { code, stdout, stderr } = await runCli("conformance.ts", ["--quiet"], env, 60_000, undefined, {
        signal: "SIGINT",
        afterMs: 6_000,
        // On a loaded machine six seconds may still be start-up: some checks must have been judged.
        when: () => slow.received.length >= 80,
      });
      expect(code, stdout + stderr).toBe(130);
      expect(stderr).toMatch(/SIGINT: no new requests/);
      const summary = summaryOf(dir);
      expect(summary.verdict).toBe("interrupted");
      expect(summary.interrupted).toBe("SIGINT");
      const judged = summary.checks.filter((c) => c.outcome === "passed");
      const notRun = summary.checks.filter((c) => c.outcome === "not judged" && c.category === "interrupted");
      expect(judged.length).toBeGreaterThan(0);
      expect(notRun.length).toBeGreaterThan(0);
      // The stop is ours: never reported as the target's failure.
      expect(summary.checks.filter((c) => c.outcome === "failed" || c.outcome === "warning")).toEqual([]);
      expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(/\*\*Verdict: interrupted\*\* — stopped by SIGINT/);
      expect(readFileSync(join(dir, "junit.xml"), "utf8")).toContain('conformance.verdict" value="interrupted');
      expect(readdirSync(join(dir, "allure-results")).some((f) => f.endsWith("-result.json"))).toBe(true);
    } finally {
      await slow.close();
    }
  });
});

test("--retries 2 against a target failing one statement request in five: flaky, while a broken check stays failed", async () => {
  await withSandbox({ faults: [LIM_TEXT] }, async (sandbox) => {
    let statements = 0;
    const hiccup = await startCountingProxy(sandbox.url, {
      // Requests 1, 6, 11, … of the statement get a gateway's 503; the others reach the sandbox.
      answerInstead: ({ path }) =>
        path === CARD_STATEMENT.path && statements++ % 5 === 0
          ? { status: 503, headers: { "content-type": "text/html" }, text: "<h1>503</h1>" }
          : undefined,
    });
    try {
      const dir = tempReportsDir();
      const args = ["--no-preflight", "--retries", "2", "--check", "CARD-STMT-HTTP-200", "--check", "CARD-LIM-JSON"];
      const { code, stdout } = await runCli("conformance.ts", args, { REPORTS_DIR: dir, TARGET_BASE_URL: hiccup.url });
      expect(code, stdout).toBe(1);
      const summary = summaryOf(dir);
      const row = (id: string) => summary.checks.find((c) => c.id === id);
      expect(row("CARD-STMT-HTTP-200")).toMatchObject({ outcome: "flaky", attempts: 2 });
      expect(row("CARD-STMT-HTTP-200")?.firstFailure).toMatch(/503/);
      expect(row("CARD-LIM-JSON")).toMatchObject({ outcome: "failed", attempts: 3 });
      expect(summary.verdict).toBe("not conformant");
      expect(stdout).toMatch(/FLAKY CARD-STMT-HTTP-200 \[must\]/);
      expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(
        /## Flaky: sometimes fails[\s\S]*CARD-STMT-HTTP-200/,
      );
      const junit = readFileSync(join(dir, "junit.xml"), "utf8");
      expect(junit).toMatch(
        /name="[^"]* CARD-STMT-HTTP-200 \[[^"]*"[^>]*>\n<flakyFailure message="failed on attempt 1/,
      );
      const results = readdirSync(join(dir, "allure-results")).filter((f) => f.endsWith("-result.json"));
      const flaky = results
        .map((f) => JSON.parse(readFileSync(join(dir, "allure-results", f), "utf8")))
        .filter((r) => r.statusDetails?.flaky === true)
        .map((r) => r.testCaseId);
      expect(flaky).toEqual(["CARD-STMT-HTTP-200"]);
    } finally {
      await hiccup.close();
    }
  });
});
