/**
 * The verdict of one fault row: a kill counts only for the right reason. A check listed in the row
 * must fail with the category (and message fragment) the row names; a check not listed must not
 * fail; a check that crashed (category "harness": lib/checks/evaluate.ts) is never a kill — it is
 * a problem of its own, whatever the row says.
 */
import type { CheckResult } from "../../lib/checks/evaluate.ts";
import { NOT_JUDGED } from "../../lib/checks/precondition.ts";
import type { Expected, FaultCase } from "../checks/faults.cases.ts";

/** "value" or "value, saying …": the reason a row expects, as the problems below quote it. */
function describe(expected: Expected): string {
  return typeof expected === "string" ? expected : `${expected[0]}, saying "${expected[1]}"`;
}

function failedForTheReason(result: CheckResult, expected: Expected): boolean {
  const [category, fragment] = typeof expected === "string" ? [expected, ""] : expected;
  return result.outcome === "failed" && result.category === category && (result.message ?? "").includes(fragment);
}

/**
 * What is wrong with the row under these results, one line each; empty when the row holds. Only
 * the checks evaluated are judged, so a row can be replayed against a few checks (a mutant).
 */
export function rowProblems(row: FaultCase, results: readonly CheckResult[]): string[] {
  const problems: string[] = [];
  for (const r of results) {
    const expected = row.fails[r.id];
    if (r.category === "harness") problems.push(`${r.id} crashed (a harness error is never a kill): ${r.message}`);
    else if (expected !== undefined && !failedForTheReason(r, expected))
      problems.push(
        `${r.id} should fail (${describe(expected)}), was ${r.outcome} ${r.category ?? ""}: ${r.message ?? ""}`,
      );
    else if (expected === undefined && r.outcome === "failed")
      problems.push(`${r.id} failed, not listed in the row: ${r.category}: ${r.message}`);
  }
  const notJudged = new Set(row.notJudged ?? []);
  for (const r of results) {
    if (r.category === NOT_JUDGED && !notJudged.has(r.id))
      problems.push(`${r.id} not judged, not listed: ${r.message}`);
    if (r.category !== NOT_JUDGED && notJudged.has(r.id))
      problems.push(`${r.id} should be not judged, was ${r.outcome}`);
  }
  return problems;
}
