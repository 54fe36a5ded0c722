/**
 * End to end, through `npm run conformance`: a target that declares its own request rules in
 * REQUEST_RULES_FILE — a pattern its order ids follow (one the harness's own never meet), an enum,
 * an anyOf of required sets, a field of its own — and refuses whatever breaks them. Every valid
 * request the harness sends obeys the declaration, so the target is conformant with --strict. The
 * same target not keeping one declared rule is caught, the rule named, judged in-process as a strict
 * run judges it: rules-target-broken.sandbox.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { withRulesTarget } from "../support/rules-target.ts";

interface Summary {
  verdict: string;
  checks: Array<{
    id: string;
    level?: string;
    findingLevel?: string;
    outcome: string;
    message?: string;
    basis?: string;
  }>;
}

async function run() {
  return withRulesTarget(undefined, async (target, rulesFile) => {
    const dir = tempReportsDir();
    const result = await runCli(
      "conformance.ts",
      ["--strict"],
      // The sandbox and the proxy share this test's event loop: one run at a time, with patience.
      {
        REPORTS_DIR: dir,
        TARGET_BASE_URL: target.url,
        REQUEST_RULES_FILE: rulesFile,
        SEED: "20261127",
        PROPERTY_RUNS: "10",
        REQUEST_TIMEOUT_MS: "30000",
      },
      300_000,
    );
    const summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as Summary;
    return { ...result, summary, received: target.received };
  });
}

/** A whole run against a proxy in this process: minutes on a loaded machine. */
const RUN_TIMEOUT = { timeout: 400_000 };

describe("a target that declares its request rules and enforces them", () => {
  test("conformant with --strict: every valid request obeys the declaration", RUN_TIMEOUT, async () => {
    const { code, stdout, stderr, summary } = await run();
    const notPassed = summary.checks.filter((c) => (c.findingLevel ?? c.level) !== "info" && c.outcome !== "passed");
    expect(notPassed, stdout.slice(-3000) + stderr).toEqual([]);
    expect(code, stdout.slice(-3000) + stderr).toBe(0);
    expect(summary.verdict).toBe("conformant");
  });
});
