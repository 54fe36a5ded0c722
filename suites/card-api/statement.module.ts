/** §4.2 Card statement: POST /v5/card-api/card/statement. */
import { CARD_STATEMENT as op } from "../../lib/catalogue/index.ts";
import { defineModule } from "../../lib/checks/define.ts";
import { generatedChecks } from "../../lib/checks/generic/generated.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { SUCCESS, successChecks, successValue } from "../../lib/checks/generic/success.ts";
import { seededStatementRequest } from "../../generators/card-api/statement.ts";
import {
  operationDatetimesHaveMilliseconds,
  seededStatementNotEmpty,
  statementDtIsTimestamp,
  statementOperationsWithinPeriod,
} from "./statement.checks.ts";
import { statementOfUnknownCard } from "./unknown-objects.checks.ts";

export const statementModule = defineModule({
  operation: op,
  scenarios: {
    [SUCCESS]: (ctx) => ctx.target.send(op, seededStatementRequest(ctx.config)),
  },
  fixture: { what: () => "the statement of STATEMENT_CARD_ID for the configured period", see: "STATEMENT_CARD_ID, STATEMENT_PERIOD_START / STATEMENT_PERIOD_END and STATEMENT_DATE_FORMAT" },
  checks: [
    ...successChecks(op, "§2.2"),
    successValue(op, { suffix: "STATUS-OK", path: ["status"], expected: "ok", spec: "§3" }),
    successValue(op, { suffix: "REQUEST-SUCCESS", path: ["request_status"], expected: "success", spec: "§3" }),
    operationDatetimesHaveMilliseconds,
    statementOperationsWithinPeriod,
    seededStatementNotEmpty,
    statementDtIsTimestamp,
    statementOfUnknownCard,
    ...generatedChecks(op, "§2.2", casesFor),
  ],
});
