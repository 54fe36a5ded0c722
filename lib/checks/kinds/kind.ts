/**
 * What the engine asks of each kind of check (types.ts `CheckKinds`): whether it is decided at
 * settlement, and how one attempt at it is judged. A new kind is a new file of this folder and a
 * row of index.ts; evaluate.ts does not change.
 */
import type { CheckAttempt, Judged } from "../attempt.ts";
import type { Stage } from "../schedule.ts";
import type { Check } from "../types.ts";

export interface KindEvaluator<C extends Check> {
  /** Decided once every other check has sent: queued last, its slot freed while it waits (schedule.ts). */
  readonly atSettlement: boolean;
  /** Judges one attempt; `stage` is the run's, on a first attempt scheduled with the others (absent on a re-run). */
  evaluate(check: C, attempt: CheckAttempt, stage: Stage | undefined): Promise<Judged>;
}
