/** §4.3 Create transaction: POST /v5/card-api/transaction/create. */
import { CREATE_TRANSACTION as op } from "../../lib/catalogue/index.ts";
import { defineModule } from "../../lib/checks/define.ts";
import { generatedChecks } from "../generic/generated.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { fieldForm, SUCCESS, successChecks, successValue } from "../generic/success.ts";
import { debitRequest } from "../../generators/card-api/transaction.ts";
import { fakerFor } from "../../generators/faker.ts";
import { debitOfUnknownCardRefused } from "./unknown-objects.checks.ts";

export const transactionCreateModule = defineModule({
  operation: op,
  scenarios: {
    // A fixed small amount: the answer to a plain valid debit should not depend on the seed.
    [SUCCESS]: (ctx) => ctx.send(op, debitRequest(fakerFor(ctx.seed), ctx.config, { amount: 10 })),
  },
  checks: [
    ...successChecks(op, "§2.3"),
    successValue(op, { suffix: "STATUS-OK", path: ["status"], expected: "ok", spec: "§2.3" }),
    successValue(op, { suffix: "REQUEST-SUCCESS", path: ["request_status"], expected: "success", spec: "§2.3" }),
    fieldForm(op, {
      suffix: "DT-OFFSET", path: ["dt"], def: "timestampNumericOffset", spec: "§2.3",
      what: "an ISO 8601 timestamp with a numeric UTC offset",
    }),
    debitOfUnknownCardRefused,
    ...generatedChecks(op, "§2.3", casesFor),
  ],
});
