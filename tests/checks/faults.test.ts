/**
 * Every check can fail, and this proves it: against the conforming sandbox nothing fails; under
 * each fault exactly the listed checks fail (the targeted one and its few named companions).
 */
import { describe, expect, test } from "vitest";
import { registeredChecks } from "../../lib/checks/define.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { failingUnder } from "../support/harness.ts";
import { BEHAVIOUR_FAULTS } from "../../sandbox/faults.ts";
import { FAULT_CASES } from "./faults.cases.ts";
import { NOT_JUDGED } from "../../lib/checks/precondition.ts";

describe("each sandbox fault fails exactly its checks", () => {
  test.for(FAULT_CASES.map((c) => [c.name, c] as const))("%s", async ([, c]) => {
    const { ids, results } = await failingUnder(c.faults);
    const messages = results.filter((r) => r.outcome === "failed").map((r) => `${r.id}: ${r.message}`);
    expect(ids, messages.join("\n")).toEqual([...c.fails].sort());
    const notJudged = results
      .filter((r) => r.category === NOT_JUDGED)
      .map((r) => r.id)
      .sort();
    expect(notJudged, "not judged").toEqual([...(c.notJudged ?? [])].sort());
    // Every fault is caught: something fails, or a must check is left not judged (incomplete).
    if (c.faults.length) expect(ids.length + notJudged.length).toBeGreaterThan(0);
  });
});

test("every check of every module is failed by at least one fault", () => {
  const proven = new Set(FAULT_CASES.flatMap((c) => c.fails));
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
