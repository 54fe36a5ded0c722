/** A preflight finding that the configuration does not fit the target: exit code 2 and its one line. */
import { UsageError } from "./cli-errors.ts";

/** Ends the run with exit code 2 (a UsageError, see runMain). */
export class PreflightProblem extends UsageError {
  override name = "PreflightProblem";
}
