/**
 * §4.3 Create transaction, what debits do to the ledger: idempotency. Debits the payment card and
 * reads it back; it runs after the transaction module, in the same file, so nothing else debits
 * the card meanwhile.
 */
import { CREATE_TRANSACTION as op } from "../../lib/catalogue/index.ts";
import { defineModule } from "../../lib/checks/define.ts";
import { replayPostsOnce, reusedRequestIdRefused } from "./transaction-idempotency.checks.ts";

export const transactionLedgerModule = defineModule({
  operation: op,
  scenarios: {},
  checks: [replayPostsOnce, reusedRequestIdRefused],
});
