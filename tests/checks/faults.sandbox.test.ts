/**
 * Every check can fail, and this proves it: against the conforming sandbox nothing fails; under
 * each fault exactly the listed checks fail, each for the reason the row names (category and, for
 * a check of several conditions, the condition); a crash is never a kill (tests/support/fault-verdict.ts).
 */
import { describe, expect, test } from "vitest";
import { registeredChecks } from "../../lib/checks/define.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { evaluateAll, configFor, withSandbox } from "../support/harness.ts";
import { rowProblems } from "../support/fault-verdict.ts";
import { BEHAVIOUR_FAULTS } from "../../sandbox/faults.ts";
import { FAULT_CASES } from "./faults.cases.ts";

describe("each sandbox fault fails exactly its checks, for the reason named", () => {
  test.for(FAULT_CASES.map((c) => [c.name, c] as const))("%s", async ([, c]) => {
    const sandboxOptions = { faults: c.faults, ...(c.timing ? { timing: c.timing } : {}) };
    const results = await withSandbox(sandboxOptions, (sandbox) => evaluateAll(configFor(sandbox.url, c.env)));
    expect(rowProblems(c, results)).toEqual([]);
    // Every fault is caught: something fails, or a must check is left not judged (incomplete).
    if (c.faults.length || c.timing)
      expect(Object.keys(c.fails).length + (c.notJudged?.length ?? 0)).toBeGreaterThan(0);
  });
});

test("every check of every module is failed by at least one fault", () => {
  const proven = new Set(FAULT_CASES.flatMap((c) => Object.keys(c.fails)));
  const checks = ALL_MODULES.flatMap((m) => m.checks.map((c) => c.id));
  expect(checks.filter((id) => !proven.has(id))).toEqual([]);
  expect(
    registeredChecks()
      .map((c) => c.id)
      .filter((id) => !proven.has(id)),
  ).toEqual([]);
});

test("every behaviour fault of the sandbox is exercised by a row", () => {
  const used = new Set(FAULT_CASES.flatMap((c) => c.faults.flatMap((f) => (f.kind === "behaviour" ? [f.name] : []))));
  expect(Object.keys(BEHAVIOUR_FAULTS).filter((name) => !used.has(name as never))).toEqual([]);
});
