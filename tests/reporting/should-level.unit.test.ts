/**
 * The level rule as a run reports it: a should failure is a warning that fails nothing, unless the
 * run is strict, where it fails the run like a must failure. Through the command: a strict --check
 * run that fails on a should check (tests/cli/conformance.test.ts), and a lenient whole run whose
 * summary shows a should failure as a warning (tests/reporting/report.test.ts).
 */
import { expect, test } from "vitest";
import { reportedOutcome } from "../../lib/checks/levels.ts";
import { buildSummary, exitCodeOf } from "../../lib/reporting/summary.ts";
import { checkRow } from "../support/meta.ts";

const info = { target: "t", seed: 1, strict: false, startedAt: "s", durationMs: 1, harnessVersion: "0" };
const shouldFailure = { outcome: "failed", level: "should", category: "status" } as const;

test("a should failure, not strict: a warning; strict: failed", () => {
  expect(reportedOutcome(shouldFailure, false)).toBe("warning");
  expect(reportedOutcome(shouldFailure, true)).toBe("failed");
});

test("a --check run whose one check warns: incomplete (exit 1) — the warning failed nothing", () => {
  const summary = buildSummary([checkRow("A", "warning", { level: "should" })], [], { ...info, selectedChecks: ["A"] });
  expect(summary.verdict).toBe("incomplete");
  expect(exitCodeOf(summary)).toBe(1);
});

test("a whole run whose only failure is a should warning: conformant (exit 0)", () => {
  const checks = [checkRow("A", "passed"), checkRow("B", "warning", { level: "should" })];
  const summary = buildSummary(checks, [], info);
  expect(summary.verdict).toBe("conformant");
  expect(exitCodeOf(summary)).toBe(0);
});
