/** §4.2 Card statement: POST /v5/card-api/card/statement. */
import { CARD_API_READS, defineModule, STATEMENT_READS } from "../../lib/checks/kit.ts";
import { CARD_STATEMENT as op } from "../../lib/catalogue/index.ts";
import { generatedChecks } from "../generic/generated.ts";
import { latencyBudget } from "../generic/latency-budget.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { SUCCESS, successChecks, successValue } from "../generic/success.ts";
import { seededStatementRequest } from "../../generators/card-api/statement.ts";
import {
  operationDatetimesHaveMilliseconds,
  seededStatementNotEmpty,
  statementDtIsTimestamp,
  statementOperationsWithinPeriod,
} from "./statement.checks.ts";
import { statementOfUnknownCard } from "./unknown-objects.checks.ts";
import { statementMoneyExact } from "./money.checks.ts";
import { statementOfOtherCard } from "./isolation.checks.ts";
import { statementRecordStable } from "./stable-reads.checks.ts";

export const statementModule = defineModule({
  operation: op,
  reads: [...CARD_API_READS, ...STATEMENT_READS],
  scenarios: {
    [SUCCESS]: (ctx) => ctx.send(op, seededStatementRequest(ctx.config)),
  },
  fixtures: {
    [SUCCESS]: {
      what: () => "the statement of STATEMENT_CARD_ID for the configured period",
      see: "STATEMENT_CARD_ID, STATEMENT_PERIOD_START / STATEMENT_PERIOD_END and STATEMENT_DATE_FORMAT",
    },
  },
  checks: [
    ...successChecks(op, "§2.2", { http200: "CARD-STMT-HTTP-200", json: "CARD-STMT-JSON", schema: "CARD-STMT-SCHEMA" }),
    successValue(op, { id: "CARD-STMT-STATUS-OK", path: ["status"], expected: "ok", spec: "§3" }),
    successValue(op, { id: "CARD-STMT-REQUEST-SUCCESS", path: ["request_status"], expected: "success", spec: "§3" }),
    operationDatetimesHaveMilliseconds,
    statementOperationsWithinPeriod,
    seededStatementNotEmpty,
    statementDtIsTimestamp,
    statementOfUnknownCard,
    statementMoneyExact,
    statementOfOtherCard,
    statementRecordStable,
    ...generatedChecks(op, "§2.2", casesFor, {
      positive: "CARD-STMT-POSITIVE",
      negative: "CARD-STMT-NEGATIVE",
      no5xx: "CARD-STMT-NO-5XX",
    }),
    latencyBudget(op, { id: "CARD-STMT-LATENCY-BUDGET" }),
  ],
});
