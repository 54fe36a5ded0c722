/**
 * --fail-on new: a nightly that has been red for weeks with known failures fails (or alerts) only
 * on change — exit 1 when a check failed now that passed, or did not exist, in the last run
 * (compare.ts's new failures). Flaky, fixed and still-failing checks do not count.
 */
import type { Comparison } from "../reporting/compare.ts";
import { EXIT, UsageError } from "./cli-errors.ts";

export type FailOn = "new" | undefined;

export function parseFailOn(value: string | undefined): FailOn {
  if (value === undefined) return undefined;
  if (value === "new") return "new";
  throw new UsageError(`--fail-on ${value}: the one value is "new" (fail only on checks that newly fail)`);
}

/** The exit code --fail-on decides, or undefined when it is not given (the verdict decides). */
export function failOnExitCode(failOn: FailOn, comparison: Comparison | undefined): number | undefined {
  if (failOn !== "new") return undefined;
  // No earlier run kept: every failing check is new (it did not exist last time).
  return comparison === undefined || comparison.newFailures.length ? EXIT.failed : EXIT.conformant;
}
