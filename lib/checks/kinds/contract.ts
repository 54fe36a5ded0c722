/**
 * A contract check: its own reading first (the scenario answer), then — when the run's book holds
 * its contract — decided from the tally once every other check has sent and read again
 * (contract-verdict.ts). A re-run (--retries) judges only its own answers, reading its scenarios
 * afresh a few times: a one-in-N fault shows on a few answers, rarely on one.
 */
import { contractPhase } from "../contract-verdict.ts";
import { settle } from "../settle.ts";
import type { ContractCheck } from "../types.ts";
import type { KindEvaluator } from "./kind.ts";

/** A contract check's re-run reads its scenarios this many times. */
export const CONTRACT_REREADS = 3;

export const contract: KindEvaluator<ContractCheck> = {
  atSettlement: true,
  async evaluate(check, attempt, stage) {
    const phase = contractPhase(check, attempt.module, attempt.run.contracts, attempt.number);
    const reads = phase?.window && check.contract.answers === "success" ? CONTRACT_REREADS : 1;
    const own = await settle(() => attempt.ownReading(check, reads));
    if (!phase) return { verdict: own };
    const { verdict, reading } = await phase.decide(own, attempt.context, stage, settle);
    return { verdict, contract: reading };
  },
};
