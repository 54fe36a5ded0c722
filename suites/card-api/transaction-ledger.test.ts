// Debits the payment card holding its lane: lanes hold across workers (lib/http/coordination/file-lanes.ts), so any file will do.
import { describeModule } from "../../lib/vitest/describe-module.ts";
import { transactionLedgerModule } from "./transaction-ledger.module.ts";

describeModule(transactionLedgerModule, "ledger");
