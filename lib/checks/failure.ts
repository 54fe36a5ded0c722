import type { Basis } from "./types.ts";
import { notApplicableText, type NotApplicableRule } from "./not-applicable.ts";

export { NOT_APPLICABLE, type NotApplicableRule } from "./not-applicable.ts";

/**
 * Typed check failures. Each cause has a fixed title, so reports can sort failures by cause and a
 * reader sees at once whether the target answered wrongly or did not answer at all.
 */
export type FailureCategory =
  | "transport"
  | "status"
  | "server-error"
  | "content-type"
  | "schema"
  | "value"
  | "auth"
  | "accepted-invalid"
  | "rejected-valid"
  | "invariant"
  /** Slower than the budget the target declared (LATENCY_P95_MS). */
  | "latency";

export const CATEGORY_TITLES: Record<FailureCategory, string> = {
  "transport": "Transport error",
  "status": "Unexpected status code",
  "server-error": "Server error",
  "content-type": "Response is not declared as JSON",
  "schema": "Response violates schema",
  "value": "Unexpected value",
  "auth": "Authentication or signature problem",
  "accepted-invalid": "API accepted invalid request",
  "rejected-valid": "API rejected valid request",
  "invariant": "Financial invariant broken",
  "latency": "Slower than the declared budget",
};

/**
 * A failed check. The name contains "Assertion" on purpose: Allure classifies assertion errors as
 * "failed" (the target is wrong) and any other error as "broken" (the harness could not judge).
 */
export class CheckFailure extends Error {
  override name = "ConformanceAssertionError";
  constructor(
    readonly category: FailureCategory,
    readonly detail: string,
    /** "info" when the failure rests only on the reference sandbox's choice: an observation, whatever the check's level. */
    readonly level?: "info",
    /** What this failure rests on, when it is a generated case's own (spec, declared, or reference with level info). */
    readonly basis?: Basis,
  ) {
    super(`${CATEGORY_TITLES[category]}: ${detail}`);
  }
}

/** A check not applicable here, by rule: reported "skipped" (types.ts Outcome). */
export class CheckSkipped extends Error {
  override name = "CheckSkipped";
}

/** Ends a check as not applicable here, by one of the rules: "not applicable (production guard): …". */
export function notApplicable(rule: NotApplicableRule, detail: string): never {
  throw new CheckSkipped(notApplicableText(rule, detail));
}

/**
 * A check with nothing to judge: a precondition the target or the configuration did not meet — the
 * target refused, for a business reason, the fixture request whose answer the check judges
 * (precondition.ts), or the fixture is unusable (ctx.notJudged). Reported "not judged", and a must
 * check so leaves the run incomplete. It extends CheckSkipped only so that code setting aside a
 * sequence that could not complete (suites/card-api/ledger/model.checks.ts) sets aside both; its
 * outcome is its own (evaluate.ts `settle`).
 */
export class CheckNotJudged extends CheckSkipped {
  override name = "CheckNotJudged";
}

/** The one way to fail; a generated case's failure names the basis it rests on (spec or declared). */
export function fail(category: FailureCategory, detail: string, basis?: Exclude<Basis, "reference">): never {
  throw new CheckFailure(category, detail, undefined, basis);
}

/**
 * Ends a check (or a scenario, and so every check that reads it) as not judged: a precondition not
 * met — a fixture unusable or refused, a read that failed, nothing left to judge; `variable` is
 * where to look, when one is.
 */
export function notJudged(reason: string, variable?: string): never {
  throw new CheckNotJudged(`not judged: ${reason}${variable ? `; see ${variable}` : ""}`);
}

/** A failure that rests only on the reference sandbox's choice: reported at info level, never a should/must failure. */
export function observeReference(category: FailureCategory, detail: string): never {
  throw new CheckFailure(category, detail, "info", "reference");
}
