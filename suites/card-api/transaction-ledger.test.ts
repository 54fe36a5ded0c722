// Debits the payment card holding its lane: a run's one worker holds every lane in memory for all its files (lib/http/coordination/lanes.ts), so any file will do.
import { describeModule } from "../../lib/vitest/describe-module.ts";
import { transactionLedgerModule } from "./transaction-ledger.module.ts";

describeModule(transactionLedgerModule, "ledger");
