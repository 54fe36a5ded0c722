/**
 * A check decided at settlement: it waits, holding no slot, until every check of the run has sent
 * and read again (schedule.ts), then reads the run — the latency meter — through a context with no
 * `send`, so its figures cover every request of the process.
 */
import { settlement } from "../schedule.ts";
import { settle } from "../settle.ts";
import type { SettledCheck } from "../types.ts";
import type { KindEvaluator } from "./kind.ts";

export const settles: KindEvaluator<SettledCheck> = {
  atSettlement: true,
  async evaluate(check, attempt, stage) {
    const verdict = await settle(async () => {
      await settlement(stage);
      await check.run(attempt.settleContext());
    });
    return { verdict };
  },
};
