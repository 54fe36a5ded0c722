/** Every module of the conformance run, for the harness's own tests and tools. */
import { ADDED_OPERATIONS, DECLARED_TWINS } from "../lib/catalogue/index.ts";
import { agreementModule } from "./generic/document-agreement.ts";
import { genericModule } from "./generic/module.ts";
import { limitsListModule } from "./card-api/limits-list.module.ts";
import { statementModule } from "./card-api/statement.module.ts";
import { transactionCreateModule } from "./card-api/transaction-create.module.ts";
import { transactionLedgerModule } from "./card-api/transaction-ledger.module.ts";
import { registerBusinessModule } from "./partner-transfer-api/register-business.module.ts";

export const ALL_MODULES = [
  registerBusinessModule,
  statementModule,
  transactionCreateModule,
  transactionLedgerModule,
  limitsListModule,
  ...ADDED_OPERATIONS.map(genericModule),
  // A partner's OpenAPI document that describes a documented operation again: compared, never used.
  ...DECLARED_TWINS.map(agreementModule),
];
