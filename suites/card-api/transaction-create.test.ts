import { describeModule } from "../../lib/vitest/describe-module.ts";
import { transactionCreateModule } from "./transaction-create.module.ts";

describeModule(transactionCreateModule);
