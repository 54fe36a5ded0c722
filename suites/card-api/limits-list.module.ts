/** §4.4 Limits list: POST /v5/card-api/limits/list. */
import { CARD_API_READS, defineModule } from "../../lib/checks/kit.ts";
import { LIMITS_LIST as op } from "../../lib/catalogue/index.ts";
import { generatedChecks } from "../generic/generated.ts";
import { latencyBudget } from "../generic/latency-budget.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { fieldForm, SUCCESS, successChecks, successValue } from "../generic/success.ts";
import { limitsRequest } from "../../generators/card-api/limits.ts";
import { limitsGroupsAsShown, limitsListedForEveryObjectKind } from "./limits-list.checks.ts";
import { limitsOfUnknownObjects } from "./unknown-objects.checks.ts";
import { limitsMoneyExact } from "./money.checks.ts";
import { limitsOfOtherObject } from "./isolation.checks.ts";
import { limitRecordsStable } from "./stable-reads.checks.ts";

export const limitsListModule = defineModule({
  operation: op,
  reads: [...CARD_API_READS, "LIMIT_OBJECT_TYPES"],
  scenarios: {
    [SUCCESS]: (ctx) => ctx.send(op, limitsRequest(ctx.config, "card")),
    account: (ctx) => ctx.send(op, limitsRequest(ctx.config, "account")),
    client: (ctx) => ctx.send(op, limitsRequest(ctx.config, "client")),
  },
  fixtures: {
    [SUCCESS]: { what: () => "the limits list of PAYMENT_CARD_ID", see: "PAYMENT_CARD_ID and LIMIT_OBJECT_TYPES" },
    account: {
      what: () => "the limits list of PAYMENT_ACCOUNT_NUMBER",
      see: "PAYMENT_ACCOUNT_NUMBER and LIMIT_OBJECT_TYPES",
    },
    client: { what: () => "the limits list of PAYMENT_CLIENT_ID", see: "PAYMENT_CLIENT_ID and LIMIT_OBJECT_TYPES" },
  },
  checks: [
    ...successChecks(op, "§2.4", { http200: "CARD-LIM-HTTP-200", json: "CARD-LIM-JSON", schema: "CARD-LIM-SCHEMA" }),
    successValue(op, { id: "CARD-LIM-STATUS-OK", path: ["status"], expected: "ok", spec: "§2.4" }),
    successValue(op, { id: "CARD-LIM-REQUEST-SUCCESS", path: ["request_status"], expected: "success", spec: "§2.4" }),
    fieldForm(op, {
      id: "CARD-LIM-DT",
      path: ["dt"],
      def: "timestampWithOffset",
      spec: "§2.4",
      what: "a timestamp with an offset",
    }),
    limitsListedForEveryObjectKind,
    limitsGroupsAsShown,
    limitsOfUnknownObjects,
    limitsMoneyExact,
    // It debits the payment card holding the card's lane, which holds for all the worker's files (lib/http/coordination/lanes.ts).
    limitsOfOtherObject,
    limitRecordsStable,
    ...generatedChecks(op, "§2.4", casesFor, {
      positive: "CARD-LIM-POSITIVE",
      negative: "CARD-LIM-NEGATIVE",
      no5xx: "CARD-LIM-NO-5XX",
    }),
    latencyBudget(op, { id: "CARD-LIM-LATENCY-BUDGET" }),
  ],
});
