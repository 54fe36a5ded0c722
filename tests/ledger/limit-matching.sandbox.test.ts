/**
 * Limit records are matched between two readings by their id, else by their other fields (issue
 * 21 item 4): a target without limit ids gets the schema failure it deserves, not also a spurious
 * usage warning from the ledger.
 */
import { describe, expect, test } from "vitest";
import { evaluateModule } from "../../lib/checks/evaluate.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { modelChecks } from "../../suites/card-api/ledger/model.checks.ts";
import { transactionLedgerModule } from "../../suites/card-api/transaction-ledger.module.ts";
import { configFor, withSandbox } from "../support/harness.ts";
import { startCountingProxy, type ProxiedAnswer } from "../support/targets.ts";

/**
 * The limits answer without any `id`, and with one more card-group record for another MCC whose
 * usage never moves: matched by group and type alone, the two records would be taken for one.
 */
function withoutIds(answer: ProxiedAnswer): ProxiedAnswer {
  const body = JSON.parse(answer.text) as { limits: Record<string, Array<Record<string, unknown>>> };
  for (const records of Object.values(body.limits)) for (const record of records) delete record.id;
  const first = body.limits.card?.[0];
  if (first) {
    const amount = (first.amount as Array<Record<string, string>>).map((a) => ({
      ...a,
      current: "0.00",
      remaining: a.value!,
    }));
    body.limits.card!.push({ ...first, mcc: "5999", amount });
  }
  return { ...answer, text: JSON.stringify(body) };
}

describe("limit records without an id are matched between readings by their other fields", () => {
  test("a target without limit ids gets no usage warning from the ledger (its schema failure is another check's)", async () => {
    await withSandbox({}, async (sandbox) => {
      const proxy = await startCountingProxy(sandbox.url, {
        rewrite: (answer, request) =>
          request.body.includes('"object"') && answer.status === 200 ? withoutIds(answer) : answer,
      });
      const run = await createRunContext(configFor(proxy.url));
      try {
        const usage = modelChecks.filter((c) => c.id === "CARD-LEDGER-USAGE");
        const [result] = await evaluateModule({ ...transactionLedgerModule, checks: usage }, run);
        expect(proxy.received.some((r) => r.body.includes('"object"'))).toBe(true);
        expect(result!.outcome, result!.message).toBe("passed");
      } finally {
        await run.target.close();
        await proxy.close();
      }
    });
  });
});
