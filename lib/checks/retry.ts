/**
 * --retries N: a check that failed runs again, up to N times, so that a staging
 * hiccup (one 503 in a thousand) is told apart from a defect. Same seed, so the same generated
 * cases; request_ids are fresh by construction (generators/faker.ts); the check takes its own
 * isolation lane again. A check that then passes is flaky (levels.ts) and still fails the run.
 * A contract check (contract-book.ts) is decided on the whole run's answers the first time; its
 * re-run judges only the answers it sends itself (its scenarios read afresh, evaluate.ts).
 */
import { ModuleRun, type CheckResult } from "./evaluate.ts";
import type { Stage } from "./schedule.ts";
import type { Check } from "./types.ts";

/** A failure worth another try: the target's, not a harness error (that would fail the same way). */
function retriable(result: CheckResult): boolean {
  return result.outcome === "failed" && result.category !== "harness";
}

export async function evaluateWithRetries(
  moduleRun: ModuleRun,
  check: Check,
  retries: number,
  stage?: Stage,
): Promise<CheckResult> {
  const first = await moduleRun.evaluate(check, stage ? { stage } : {});
  let result = first;
  let attempts = 1;
  let requests = first.requests;
  let sent = first.sent;
  while (retriable(result) && attempts <= retries) {
    attempts++;
    // A fresh module run: its scenarios are sent again (the shared answer would fail the same way).
    result = await new ModuleRun(moduleRun.module, moduleRun.run).evaluate(check, { attempt: attempts });
    requests += result.requests;
    sent += result.sent;
  }
  if (attempts === 1) return first;
  // A contract check keeps the whole run's figures; its last re-run's own reading is a note.
  const reread = result.contract
    ? [`attempt ${attempts} judged its own ${result.contract.judged} answer(s): ${result.contract.violations} broke it`]
    : [];
  const figures = first.contract ? { contract: first.contract } : {};
  if (result.outcome !== "passed")
    return { ...result, ...figures, attempts, requests, sent, notes: [...result.notes, ...reread] };
  // Flaky: the failure is the evidence worth reading, with the attempts that passed counted.
  return {
    ...result,
    attempts,
    requests,
    sent,
    firstFailure: first.message ?? "failed",
    // The first failure's own level (info: resting only on the reference's choice) decides whether it was flaky.
    ...(first.findingLevel ? { findingLevel: first.findingLevel } : {}),
    evidence: first.evidence,
    evidenceOmitted: first.evidenceOmitted,
    ...figures,
    notes: [
      ...result.notes,
      ...reread,
      `failed on attempt 1 of ${attempts}, passed on attempt ${attempts}: ${first.message}`,
    ],
  };
}
