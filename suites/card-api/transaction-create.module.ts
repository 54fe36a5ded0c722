/** §4.3 Create transaction: POST /v5/card-api/transaction/create. */
import { CARD_API_READS, defineModule } from "../../lib/checks/kit.ts";
import { CREATE_TRANSACTION as op } from "../../lib/catalogue/index.ts";
import { generatedChecks } from "../generic/generated.ts";
import { latencyBudget } from "../generic/latency-budget.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { fieldForm, SUCCESS, successChecks, successValue } from "../generic/success.ts";
import { debitRequest } from "../../generators/card-api/transaction.ts";
import { fakerFor } from "../../generators/faker.ts";
import { debitOfUnknownCardRefused } from "./unknown-objects.checks.ts";
import { formatAmount } from "../../lib/payments/money.ts";

export const transactionCreateModule = defineModule({
  operation: op,
  reads: CARD_API_READS,
  // Its fixed debit, generated debits and the unknown-card debit go beside other checks (each takes the card's lane shared).
  touches: "debits",
  scenarios: {
    // A fixed amount the target allows (10.00 where its limits permit): the answer to a plain
    // valid debit should not depend on the seed. Every check that judges it notes the amount and why.
    [SUCCESS]: async (ctx) => {
      const amounts = await ctx.debitAmounts();
      const exchange = await ctx.send(op, debitRequest(fakerFor(ctx.seed), ctx.config, { minor: amounts.fixedMinor }));
      exchange.notes = [...(exchange.notes ?? []), amounts.why];
      return exchange;
    },
  },
  fixtures: {
    [SUCCESS]: {
      what: (sent) => {
        const debit = (sent as { debit?: { amount?: unknown; currency?: unknown } } | undefined)?.debit;
        return `the fixture debit of ${typeof debit?.amount === "number" ? formatAmount(debit.amount) : String(debit?.amount)} ${String(debit?.currency ?? "")} from PAYMENT_CARD_ID`;
      },
      see: "DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX (and the PAYMENT_CARD_* fixtures, CURRENCY)",
    },
  },
  checks: [
    ...successChecks(op, "§2.3", { http200: "CARD-TXN-HTTP-200", json: "CARD-TXN-JSON", schema: "CARD-TXN-SCHEMA" }),
    successValue(op, { id: "CARD-TXN-STATUS-OK", path: ["status"], expected: "ok", spec: "§2.3" }),
    successValue(op, { id: "CARD-TXN-REQUEST-SUCCESS", path: ["request_status"], expected: "success", spec: "§2.3" }),
    fieldForm(op, {
      id: "CARD-TXN-DT-OFFSET",
      path: ["dt"],
      def: "timestampNumericOffset",
      spec: "§2.3",
      what: "an ISO 8601 timestamp with a numeric UTC offset",
    }),
    debitOfUnknownCardRefused,
    ...generatedChecks(op, "§2.3", casesFor, {
      positive: "CARD-TXN-POSITIVE",
      negative: "CARD-TXN-NEGATIVE",
      no5xx: "CARD-TXN-NO-5XX",
    }),
    latencyBudget(op, { id: "CARD-TXN-LATENCY-BUDGET" }),
  ],
});
