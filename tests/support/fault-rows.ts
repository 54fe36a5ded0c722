/**
 * The fault table's rows as named tests, judged on the modules each fault reaches
 * (fault-reach.ts). The table is judged in two files — the response faults with the conforming and
 * timing rows in tests/checks/faults.sandbox.test.ts, the behaviour faults in
 * faults-behaviour.sandbox.test.ts — so that two workers judge it side by side: on a busy machine
 * one file holding the whole table was the sandbox tier's longest by far.
 */
import { describe, expect, test } from "vitest";
import { FAULT_CASES, type FaultCase } from "../checks/faults.cases.ts";
import { rowProblems } from "./fault-verdict.ts";
import { modulesReached } from "./fault-reach.ts";
import { configFor, evaluateAll, withSandbox } from "./harness.ts";

/** A row of a behaviour fault of the sandbox (faults-behaviour.sandbox.test.ts judges these). */
export const isBehaviourRow = (row: FaultCase) => row.faults.some((f) => f.kind === "behaviour");

/** Each row a test: exactly its checks fail, for the reason named. */
export function describeFaultRows(title: string, which: (row: FaultCase) => boolean): void {
  describe(title, () => {
    test.for(FAULT_CASES.filter(which).map((c) => [c.name, c] as const))("%s", async ([, c]) => {
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
}
