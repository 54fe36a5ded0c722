/**
 * Stateful checks stay exact beside parallel debits of the same card: the transaction module's
 * generated debits and the ledger module's checks at once, as `npm run conformance` runs them
 * (one file, one process); the lanes keep every reading of the ledger checks to their own postings.
 * (With the exclusive hold made a pass-through, this fails: "18 operations posted for one request_id".)
 */
import { expect, test } from "vitest";
import { evaluateModule } from "../../lib/checks/evaluate.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { transactionCreateModule } from "../../suites/card-api/transaction-create.module.ts";
import { transactionLedgerModule } from "../../suites/card-api/transaction-ledger.module.ts";
import { configFor, withSandbox } from "../support/harness.ts";

test("the ledger, idempotency and race checks pass while the generated debits of the payment card run beside them", async () => {
  await withSandbox({}, async (sandbox) => {
    const run = await createRunContext(configFor(sandbox.url, { PROPERTY_RUNS: "40" }));
    try {
      for (let round = 1; round <= 2; round++) {
        const results = (
          await Promise.all([
            evaluateModule(transactionCreateModule, run),
            evaluateModule(transactionLedgerModule, run),
          ])
        ).flat();
        expect(
          results.filter((r) => r.outcome !== "passed").map((r) => `round ${round}: ${r.id} ${r.outcome} ${r.message}`),
        ).toEqual([]);
        // Really side by side: the generated debits were sent while the ledger checks ran.
        expect(results.find((r) => r.id === "CARD-TXN-POSITIVE")!.requests).toBeGreaterThan(40);
      }
    } finally {
      await run.target.close();
    }
  });
});
