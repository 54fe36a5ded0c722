/**
 * Every check can fail, and this proves it: against the conforming sandbox nothing fails; under
 * each fault exactly the listed checks fail, each for the reason the row names (category and, for
 * a check of several conditions, the condition); a crash is never a kill (tests/support/fault-verdict.ts).
 * A response fault's row judges the modules of its operation's API family only (tests/support/fault-reach.ts).
 * The whole table: `npx vitest run --project sandbox tests/checks/faults` (this file and faults-behaviour).
 */
import { expect, test } from "vitest";
import { registeredChecks } from "../../lib/checks/define.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { evaluateAll, configFor, withSandbox } from "../support/harness.ts";
import { familyAt } from "../support/fault-reach.ts";
import { describeFaultRows, isBehaviourRow } from "../support/fault-rows.ts";
import { startCountingProxy } from "../support/targets.ts";
import { BEHAVIOUR_FAULTS } from "../../sandbox/faults.ts";
import { FAULT_CASES } from "./faults.cases.ts";

// The behaviour faults' rows are judged beside these, in faults-behaviour.sandbox.test.ts.
describeFaultRows(
  "each sandbox fault fails exactly its checks, for the reason named: conforming, timing and response faults",
  (row) => !isBehaviourRow(row),
);

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
