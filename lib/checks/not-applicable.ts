/**
 * The rules by which a check is not applicable here — a closed list: a check ends "skipped" only
 * by one of them (`ctx.notApplicable(rule, detail)`), never by a reason written by hand, and a
 * skipped check has no effect on the verdict. Every other ending short of a verdict is a
 * precondition not met: `ctx.notJudged` (tests/architecture/outcomes.unit.test.ts keeps it so).
 */
export const NOT_APPLICABLE = {
  "production guard":
    "the guard keeps its requests off this target (TARGET_ENV=production without ALLOW_MUTATIONS, TEST_PANS, MAX_DEBIT_TOTAL)",
  "capability missing": "the configured profile lacks the capability it judges",
  "not declared": "the target declares nothing it is judged against",
  "nothing sent": "no request it judges went on the wire in this run (the profile or --check left them out)",
} as const;

export type NotApplicableRule = keyof typeof NOT_APPLICABLE;

/** How every report shows it: "not applicable (production guard): not sent: TARGET_ENV=production …". */
export function notApplicableText(rule: NotApplicableRule, detail: string): string {
  return `not applicable (${rule}): ${detail}`;
}
