/**
 * The registry of the kinds of check: one evaluator per kind (types.ts `CheckKinds`), and the
 * engine's one dispatch on a check's kind. The mapped type makes it exhaustive: a kind added to
 * `CheckKinds` without its evaluator here is a type error.
 */
import type { CheckAttempt, Judged } from "../attempt.ts";
import type { Stage } from "../schedule.ts";
import type { Check, CheckKind, CheckKinds } from "../types.ts";
import { contract } from "./contract.ts";
import type { KindEvaluator } from "./kind.ts";
import { sends } from "./sends.ts";
import { settles } from "./settles.ts";

export const KINDS: { readonly [K in CheckKind]: KindEvaluator<CheckKinds[K]> } = { sends, contract, settles };

/** Judges one attempt at a check by its kind's evaluator. */
export function judgeByKind<K extends CheckKind>(
  check: CheckKinds[K] & { kind: K },
  attempt: CheckAttempt,
  stage: Stage | undefined,
): Promise<Judged> {
  const evaluator: KindEvaluator<CheckKinds[K]> = KINDS[check.kind];
  return evaluator.evaluate(check, attempt, stage);
}

/** Whether a check is decided at settlement, once every check has sent (schedule.ts queues it last). */
export function decidedAtSettlement(check: Check): boolean {
  return KINDS[check.kind].atSettlement;
}
