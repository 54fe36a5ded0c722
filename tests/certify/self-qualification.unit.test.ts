/**
 * The pack's self-qualification block is true: the committed figures equal those computed from the
 * fault table and the checks' levels now. After a change to the table or to a check's level:
 * `npx vitest run --project unit tests/certify/self-qualification.unit.test.ts -u` rewrites the file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { registeredChecks } from "../../lib/checks/define.ts";
import {
  computeSelfQualification,
  describeSelfQualification,
  loadSelfQualification,
  type Level,
} from "../../lib/reporting/certify/self-qualification.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { FAULT_CASES } from "../checks/faults.cases.ts";
import { ROOT } from "../support/root.ts";

function levels(): Map<string, Level> {
  const ids = new Set(ALL_MODULES.flatMap((m) => m.checks.map((c) => c.id)));
  return new Map(
    registeredChecks()
      .filter((c) => ids.has(c.id))
      .map((c) => [c.id, c.level as Level]),
  );
}

test("self-qualification.json is the fault table's result", async () => {
  const computed = computeSelfQualification(
    // A row's seeded deviation: its faults, and how slowly the sandbox answers (a latency budget's fault).
    FAULT_CASES.map((c) => ({
      ...c,
      faults: [...c.faults, ...(c.timing ? [c.timing] : [])],
      fails: Object.keys(c.fails),
    })),
    levels(),
  );
  await expect(`${JSON.stringify(computed, null, 2)}\n`).toMatchFileSnapshot(
    "../../lib/reporting/certify/self-qualification.json",
  );
});

test("the figures count what they say: a fault failing only a should check is killed at should", () => {
  const q = computeSelfQualification(
    [
      { faults: [], fails: [] },
      { faults: [1], fails: ["A", "B"] },
      { faults: [1], fails: ["B"] },
      { faults: [1], fails: [], notJudged: ["A"] },
      { faults: [1], fails: [] },
    ],
    new Map<string, Level>([
      ["A", "must"],
      ["B", "should"],
      ["C", "info"],
    ]),
  );
  expect(q).toMatchObject({
    faults: 4,
    killed: 3,
    killedByLevel: { must: 1, should: 1, info: 0, notJudged: 1 },
    checks: {
      must: { total: 1, provenToFail: 1 },
      should: { total: 1, provenToFail: 1 },
      info: { total: 1, provenToFail: 0 },
    },
  });
  expect(describeSelfQualification(q)).toBe(
    "kills 3 of 4 seeded faults (at must 1, should 1, info 0, leaving musts not judged 1)",
  );
});

test("docs/reports.md shows the committed figures, not a count typed by hand", () => {
  const page = readFileSync(join(ROOT, "docs/reports.md"), "utf8");
  const shown = /self-qualification: (kills .*?\)) ·/.exec(page)?.[1];
  expect(shown).toBe(describeSelfQualification(loadSelfQualification()));
});
