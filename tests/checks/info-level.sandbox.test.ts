/**
 * The info level is real: CARD-LIM-GROUPS observes limit groups the spec does not show. Its
 * failure is an observation — reported as a warning, counted under info, never a failed check —
 * and the verdict stays conformant, in strict mode too.
 */
import { expect, test } from "vitest";
import { reportedOutcome } from "../../lib/checks/levels.ts";
import type { ConformanceMeta } from "../../lib/checks/meta.ts";
import type { CheckResult } from "../../lib/checks/evaluate.ts";
import { renderConsoleSummary } from "../../lib/reporting/console-summary.ts";
import { buildSummary, exitCodeOf } from "../../lib/reporting/summary.ts";
import { limitsListModule } from "../../suites/card-api/limits-list.module.ts";
import type { Fault } from "../../sandbox/faults.ts";
import { configFor, evaluateAll, withSandbox } from "../support/harness.ts";

const EXTRA_GROUP: Fault = {
  kind: "add-field",
  operation: "card-api.limits-list",
  path: ["limits", "extra"],
  value: [],
};

async function groupsCheckUnder(faults: Fault[]): Promise<CheckResult> {
  const results = await withSandbox({ faults }, (sandbox) => evaluateAll(configFor(sandbox.url), [limitsListModule]));
  return results.find((r) => r.id === "CARD-LIM-GROUPS")!;
}

function metaOf(result: CheckResult, strict: boolean): ConformanceMeta {
  return {
    kind: "check",
    id: result.id,
    level: result.level,
    spec: result.spec,
    title: result.title,
    family: "card-api",
    operation: result.operationKey,
    outcome: reportedOutcome(result, strict),
    ...(result.message ? { message: result.message } : {}),
  };
}

test("CARD-LIM-GROUPS is an info check that passes on the conforming sandbox", async () => {
  const result = await groupsCheckUnder([]);
  expect({ level: result.level, outcome: result.outcome }).toEqual({ level: "info", outcome: "passed" });
});

test.for([false, true])("an extra limit group is an observation, never a failure (strict %s)", async (strict) => {
  const result = await groupsCheckUnder([EXTRA_GROUP]);
  expect(result.outcome).toBe("failed");
  expect(result.message).toMatch(/group\(s\) §2\.4 does not show: extra/);
  expect(reportedOutcome(result, strict)).toBe("warning");
  const summary = buildSummary([metaOf(result, strict)], [], {
    target: "t",
    seed: 1,
    strict,
    startedAt: "s",
    durationMs: 1,
    harnessVersion: "0.1.0",
  });
  expect(summary.verdict).toBe("conformant");
  expect(exitCodeOf(summary)).toBe(0);
  expect(summary.counts.info).toMatchObject({ passed: 0, failed: 0, warning: 1 });
  expect(renderConsoleSummary(summary, "reports")).toMatch(/info {3}0 passed, 1 warning, 0 skipped$/m);
});

test("the level rule: must fails, should fails only in strict mode, info never", () => {
  const failed = (level: CheckResult["level"]) => ({ outcome: "failed", level, category: "value" }) as const;
  expect(
    [false, true].map((strict) => (["must", "should", "info"] as const).map((l) => reportedOutcome(failed(l), strict))),
  ).toEqual([
    ["failed", "warning", "warning"],
    ["failed", "failed", "warning"],
  ]);
});
