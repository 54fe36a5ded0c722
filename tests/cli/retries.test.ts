/**
 * Retries, end to end through the command: a check that fails once is flaky with --retries while a
 * broken one stays failed, in the summary, its page, JUnit and Allure. An interrupted run (exit
 * 130, what was judged kept): tests/cli/launcher.test.ts; a signal before any check (the access
 * token being fetched), in-process: tests/runner/pipeline.sandbox.test.ts.
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
