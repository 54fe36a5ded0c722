// Every check that debits the payment card lives in this file, so they run one after another.
import { describeModule } from "../../lib/vitest/describe-module.ts";
import { transactionCreateModule } from "./transaction-create.module.ts";
import { transactionLedgerModule } from "./transaction-ledger.module.ts";

describeModule(transactionCreateModule);
describeModule(transactionLedgerModule, "ledger");
