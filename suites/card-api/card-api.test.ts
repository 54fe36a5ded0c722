// The card API in one file: every check that debits the payment card must share one worker (its
// isolation lane is per process), and the readings-only modules run beside the ledger's ordered
// lane instead of after it (a worker runs its files one after another).
import { describeModule } from "../../lib/vitest/describe-module.ts";
import { limitsListModule } from "./limits-list.module.ts";
import { statementModule } from "./statement.module.ts";
import { transactionCreateModule } from "./transaction-create.module.ts";
import { transactionLedgerModule } from "./transaction-ledger.module.ts";

describeModule(transactionLedgerModule, "ledger");
describeModule(transactionCreateModule);
describeModule(statementModule);
describeModule(limitsListModule);
