/**
 * §4.3 Create transaction, what debits do to the ledger: idempotency, model-based sequences of
 * debits and readings, and concurrency. Debits the payment card (and a race card) and reads them
 * back, each check holding the card's isolation lane (lib/http/coordination/lanes.ts) from its first reading
 * to its last, so no other debit lands in between: the run's one worker keeps one set of lanes for
 * all its files, so a module that debits may sit in a file of its own.
 */
import { CARD_API_READS, defineModule, STATEMENT_READS } from "../../lib/checks/kit.ts";
import { CREATE_TRANSACTION as op } from "../../lib/catalogue/index.ts";
import { parallelDebitsWithinLimit } from "./ledger/concurrency.checks.ts";
import { parallelReplaysPostOnce } from "./ledger/parallel-replay.checks.ts";
import { ledgerSettleTime } from "./ledger/settle.checks.ts";
import { modelChecks } from "./ledger/model.checks.ts";
import { replayPostsOnce, reusedRequestIdRefused } from "./transaction-idempotency.checks.ts";

export const transactionLedgerModule = defineModule({
  operation: op,
  // Every check reads its debits back in the statement and in the limits of the card, its account and its client.
  reads: [...CARD_API_READS, ...STATEMENT_READS, "LIMIT_OBJECT_TYPES"],
  themes: ["CARD-LEDGER"],
  // Each check counts exactly its own postings: it runs holding the payment card's lane (the race: its own card).
  touches: "payment-card",
  scenarios: {},
  checks: [
    replayPostsOnce,
    reusedRequestIdRefused,
    ...modelChecks,
    parallelDebitsWithinLimit,
    parallelReplaysPostOnce,
    ledgerSettleTime,
  ],
});
