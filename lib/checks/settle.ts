/**
 * How a check's run ends as a result (evaluate.ts): passed, failed (a CheckFailure; anything else
 * thrown is the harness's error), skipped (by rule, or a request the guard kept back) or not
 * judged (a precondition not met, or cut short by the run's stop).
 */
import { RequestRefused } from "../http/target.ts";
import { CheckFailure, CheckNotJudged, CheckSkipped, type FailureCategory } from "./failure.ts";
import { NOT_JUDGED } from "./precondition.ts";
import { notApplicableText } from "./not-applicable.ts";
import type { Basis, Outcome } from "./types.ts";

/** The category of a check the run's stop cut short: reported "not run", never as the target's failure. */
export const INTERRUPTED = "interrupted";

/** What the client says of a request the stop kept back (client.ts), as a failure message quotes it. */
const NOT_SENT_ON_STOP = /not sent: the run was interrupted/;

export function notRunIfInterrupted(outcome: Settled, interrupted: boolean | undefined): Settled {
  if (outcome.outcome === "passed") return outcome;
  // A value made once for several checks (ctx.shared) was cut short in another check's scope: its message says so.
  if (!interrupted && !(outcome.outcome === "failed" && NOT_SENT_ON_STOP.test(outcome.message ?? ""))) return outcome;
  return {
    outcome: "not judged",
    category: INTERRUPTED,
    message: "not run: the run was interrupted before this check finished",
  };
}

/** A failure's cause; why a check was not judged: "precondition" (a fixture) or "interrupted" (not run). */
export type ResultCategory = FailureCategory | "harness" | typeof NOT_JUDGED | typeof INTERRUPTED;

/** A check's run as it ended (CheckResult's outcome, category and message). */
export interface Settled {
  outcome: Outcome;
  category?: ResultCategory;
  message?: string;
  /** The finding's level when it is not the check's: info when the failure rests only on the reference's choice. */
  findingLevel?: "info";
  basis?: Basis;
}

export async function settle(run: () => Promise<void> | void): Promise<Settled> {
  try {
    await run();
    return { outcome: "passed" };
  } catch (error) {
    // The two outcomes that are neither pass nor failure, one producer each (types.ts Outcome).
    if (error instanceof CheckNotJudged) return { outcome: "not judged", category: NOT_JUDGED, message: error.message };
    if (error instanceof CheckSkipped) return { outcome: "skipped", message: error.message };
    // The guard would not send a request the check needs (TARGET_ENV, TEST_PANS, MAX_DEBIT_TOTAL): skipped by rule.
    const refused = refusalIn(error);
    if (refused) return { outcome: "skipped", message: notApplicableText("production guard", refused.message) };
    if (error instanceof CheckFailure)
      return {
        outcome: "failed",
        category: error.category,
        message: error.message,
        // Resting only on the reference's choice: an observation, whatever the check's level (which stays its own).
        ...(error.level ? { findingLevel: error.level } : {}),
        ...(error.basis ? { basis: error.basis } : {}),
      };
    // A bug in the harness itself: reported, never mistaken for the target's failure.
    const e = error as Error;
    return { outcome: "failed", category: "harness", message: `Harness error: ${e?.stack ?? String(error)}` };
  }
}

/** A guard refusal, also when wrapped as the cause of another error (e.g. a property failure). */
function refusalIn(error: unknown): RequestRefused | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof RequestRefused) return e;
  }
  return undefined;
}
