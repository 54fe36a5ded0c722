/**
 * The harness on a correct target it was not written against. The foreign
 * target (tests/support/foreign-target/) implements §4.1–§4.4 with its own fixtures, keys,
 * crypto, auth and spec-silent choices; the harness is configured for it only as docs/own-server.md
 * says — a `.env` in the partner's folder, a client-data file and a profile module — and run as
 * `npm run conformance` runs. Correct: conformant in strict mode (and so by the default rule). Its
 * variants are judged in-process from the same folder: a fixture refused by the preflight (one line
 * naming the variable), foreign-declined-fixture.sandbox.test.ts; request rules, a refused fixture's
 * checks, real faults, foreign-faults.sandbox.test.ts. A preflight problem's exit 2 through the
 * command: tests/safety/preflight.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { partnerFolder } from "../support/foreign-target/partner-folder.ts";
import { startForeignTarget, type ForeignModes } from "../support/foreign-target/server.ts";
import { conformanceIn, type PartnerRun } from "../support/partner-run.ts";
import { KEYS } from "../support/foreign-target/data.ts";

type Run = PartnerRun;

/** One `npm run conformance` from the partner's folder against a fresh foreign target. */
async function conformanceAgainst(
  modes: ForeignModes,
  args: string[] = [],
  overrides: Record<string, string> = {},
): Promise<Run> {
  const target = await startForeignTarget(modes);
  try {
    return await conformanceIn(partnerFolder(target.url, { SEED: "20261123", ...overrides }), args);
  } finally {
    await target.close();
  }
}

// An info finding (e.g. CARD-LIM-GROUPS: a limit group the spec does not show) is an observation, not a fault.
const notPassed = (run: Run) =>
  run
    .summary!.checks.filter(
      (c) => (c.findingLevel ?? c.level) !== "info" && !["passed", "skipped", "not judged"].includes(c.outcome),
    )
    .map((c) => `${c.id} ${c.outcome}`);

describe("a correct foreign target, configured through .env, a client-data file and a profile module", () => {
  // Strict only: with --strict a should failure fails the run too, and the same checks are sent either
  // way, so a strict run in which every non-info check passed is conformant by the default rule as well
  // (the level rule itself, lib/checks/levels.ts: tests/reporting/run-verdicts.unit.test.ts).
  test("strict mode: conformant, exit 0", async () => {
    const run = await conformanceAgainst({}, ["--strict"]);
    expect(run.stderr).not.toMatch(/does not read|warning/);
    expect(run.code, `${run.stdout.slice(-3000)}\n${run.stderr}`).toBe(0);
    expect(run.summary?.verdict).toBe("conformant");
    expect(notPassed(run)).toEqual([]);
    // On staging too the unknown-card debit is judged: on the number the target declares (UNKNOWN_CARD_PAN).
    expect(run.summary!.checks.find((c) => c.id === "CARD-TXN-UNKNOWN-CARD")?.outcome).toBe("passed");
    // The module's own keys are secrets: nowhere in what the run wrote.
    const written =
      readFileSync(join(run.dir, "reports", "junit.xml"), "utf8") +
      readFileSync(join(run.dir, "reports", "summary.md"), "utf8");
    for (const key of Object.values(KEYS)) expect(written).not.toContain(key);
  });
});
