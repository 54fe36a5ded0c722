/**
 * An operation's generated cases made to obey the rules the target declares: every valid request
 * — the valid cases, the bodies the negative rows mutate, the fixed valid rows, the full request
 * — is repaired until the declared schema accepts it (generators/schema/obey.ts). A case the
 * rules cannot be met for is not sent, and is counted (lib/checks/property-tally.ts). So a
 * negative row breaks one declared rule at a time, and a valid request is valid for this target.
 */
import fc from "fast-check";
import { obeying, obeyOne, UnmetRules, type DeclaredRules } from "../schema/obey.ts";
import { plainCase, unmetCase, type Case, type OperationCases } from "./types.ts";

function obeyingCase(rules: DeclaredRules, c: Case): fc.Arbitrary<Case> {
  return obeying(rules, c.body).map((body) =>
    body instanceof UnmetRules ? unmetCase(c.label, body.why) : plainCase(c.label, body),
  );
}

/** A fixed row, repaired once (seeded by its own body). */
function obeyingRow(rules: DeclaredRules, c: Case): Case {
  if (c.body === undefined) return c;
  const body = obeyOne(rules, c.body);
  return body instanceof UnmetRules ? unmetCase(c.label, body.why) : plainCase(c.label, body);
}

export function obeyingCases(cases: OperationCases, rules: DeclaredRules): OperationCases {
  // A sealed operation's request is the profile's envelope: pinned whole, judged once at start (declared-check.ts).
  if (cases.seal) return cases;
  return {
    ...cases,
    valid: cases.valid.chain((c) => (c.body === undefined ? fc.constant(c) : obeyingCase(rules, c))),
    validExamples: cases.validExamples.map((c) => obeyingRow(rules, c)),
    validBodies: cases.validBodies.chain((body) => obeying(rules, body)),
    fullRequest: () => {
      const full = cases.fullRequest();
      const body = obeyOne(rules, full);
      return body instanceof UnmetRules ? full : body;
    },
  };
}
