/** A check that sends and reads: judged on its own reading, as soon as it is done. */
import { settle } from "../settle.ts";
import type { SendingCheck } from "../types.ts";
import type { KindEvaluator } from "./kind.ts";

export const sends: KindEvaluator<SendingCheck> = {
  atSettlement: false,
  evaluate: async (check, attempt) => ({ verdict: await settle(() => attempt.ownReading(check)) }),
};
