/**
 * Every check can fail, and this proves it: against the conforming sandbox nothing fails; under
 * each fault exactly the listed checks fail, each for the reason the row names (category and, for
 * a check of several conditions, the condition); a crash is never a kill (tests/support/fault-verdict.ts).
 * A response fault's row judges the modules of its operation's API family only (tests/support/fault-reach.ts).
 */
import { describe, expect, test } from "vitest";
import { registeredChecks } from "../../lib/checks/define.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { evaluateAll, configFor, withSandbox } from "../support/harness.ts";
import { rowProblems } from "../support/fault-verdict.ts";
import { familyAt, modulesReached } from "../support/fault-reach.ts";
import { startCountingProxy } from "../support/targets.ts";
import { BEHAVIOUR_FAULTS } from "../../sandbox/faults.ts";
import { FAULT_CASES } from "./faults.cases.ts";

describe("each sandbox fault fails exactly its checks, for the reason named", () => {
  test.for(FAULT_CASES.map((c) => [c.name, c] as const))("%s", async ([, c]) => {
    const sandboxOptions = { faults: c.faults, ...(c.timing ? { timing: c.timing } : {}) };
    const results = await withSandbox(sandboxOptions, (sandbox) =>
      evaluateAll(configFor(sandbox.url, c.env), modulesReached(c)),
    );
    expect(rowProblems(c, results)).toEqual([]);
    // A row judged on one family's modules still judges every check it names.
    const judged = new Set(results.map((r) => r.id));
    expect([...Object.keys(c.fails), ...(c.notJudged ?? [])].filter((id) => !judged.has(id))).toEqual([]);
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

// What lets a response fault's row judge only its family's modules (fault-reach.ts), measured.
test.for(["partner-transfer-api", "card-api"] as const)(
  "the %s modules, judged alone, send requests of their own family only",
  async (family) => {
    await withSandbox({}, async (sandbox) => {
      const proxy = await startCountingProxy(sandbox.url);
      try {
        const modules = ALL_MODULES.filter((m) => m.operation.family === family);
        await evaluateAll(configFor(proxy.url), modules);
        expect(proxy.received.length).toBeGreaterThan(0);
        expect([...new Set(proxy.received.map((r) => familyAt(r.path)))]).toEqual([family]);
      } finally {
        await proxy.close();
      }
    });
  },
);
