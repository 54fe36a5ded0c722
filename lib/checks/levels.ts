/** How a check result is reported, by its level (lib/vitest/report-check.ts records it in the test meta). */
import type { CheckResult } from "./evaluate.ts";
import type { ReportedOutcome } from "./meta.ts";

/**
 * The level rule: a must failure (and a harness error) fails; a should failure fails only in
 * strict mode and is otherwise a warning; an info failure is an observation (reported as a
 * warning), never a failure — not even in strict mode — so it never changes the verdict.
 */
export function reportedOutcome(
  result: Pick<CheckResult, "outcome" | "level" | "category" | "findingLevel"> & { firstFailure?: unknown },
  strict: boolean,
): ReportedOutcome {
  // Passed on a retry: flaky where its failure would have failed the run, otherwise as its level says.
  if (result.outcome === "passed" && result.firstFailure !== undefined) {
    const first = reportedOutcome({ ...result, outcome: "failed", firstFailure: undefined }, strict);
    return first === "failed" ? "flaky" : first;
  }
  if (result.outcome !== "failed") return result.outcome;
  // A finding capped at info (it rests only on the reference's choice) is judged at its own level.
  const level = result.findingLevel ?? result.level;
  if (result.category === "harness" || level === "must") return "failed";
  return level === "should" && strict ? "failed" : "warning";
}
