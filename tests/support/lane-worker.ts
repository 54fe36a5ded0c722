/**
 * A worker process of tests/ledger/cross-worker-lanes.test.ts: one debiting module, evaluated as a
 * conformance worker would, against a sandbox another process started. `ledger` runs the ledger's
 * module and prints its results; `storm` runs a module whose one check debits the payment card
 * over and over until the stop file appears (bounded in count and time).
 *   node --import tsx tests/support/lane-worker.ts <ledger|storm> <url> <lanesDir|-> <stopFile>
 */
import { existsSync, writeFileSync } from "node:fs";
import { CREATE_TRANSACTION } from "../../lib/catalogue/index.ts";
import { evaluateModule } from "../../lib/checks/evaluate.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import type { Module } from "../../lib/checks/types.ts";
import { wholeRunLimits } from "../../lib/http/coordination/run-limits.ts";
import { debitRequest } from "../../generators/card-api/transaction.ts";
import { fakerFor } from "../../generators/faker.ts";
import { runAmountMinor } from "../../lib/payments/run-amounts.ts";
import { transactionLedgerModule } from "../../suites/card-api/transaction-ledger.module.ts";
import { configFor } from "./harness.ts";

const [role, url, lanesDir, stopFile] = process.argv.slice(2) as [string, string, string, string];
const MAX_DEBITS = 2_000;
const MAX_MS = 60_000;

/** A second debiting module: its check debits the payment card (each debit takes the card's lane shared). */
const storm: Module = {
  operation: CREATE_TRANSACTION,
  touches: "debits",
  scenarios: {},
  checks: [
    {
      id: "CARD-TXN-STORM",
      level: "info",
      basis: "spec",
      spec: "§4.3",
      title: "debits the payment card until told to stop",
      async run(ctx) {
        const faker = fakerFor(ctx.seed);
        const until = Date.now() + MAX_MS;
        // The amounts of the ledger's probe debits (same AMOUNT_NONCE, as two workers of one run): the
        // ledger checks cannot tell these postings from their own, only the lanes keep them apart.
        const range = await ctx.debitAmounts();
        const nonce = ctx.config.cardApi.amountNonce;
        for (let i = 0; i < MAX_DEBITS && Date.now() < until && !existsSync(stopFile); i++) {
          const amount = runAmountMinor(range, i % 2 ? 11 : 122, nonce) / 100;
          await ctx.send(CREATE_TRANSACTION, debitRequest(faker, ctx.config, { amount }));
          if (i === 0) writeFileSync(`${stopFile}.started`, "");
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
    },
  ],
};

const config = configFor(url);
const limits = { ...wholeRunLimits(config), ...(lanesDir === "-" ? {} : { lanesDir }) };
const run = await createRunContext(config, { limits });
try {
  const results = await evaluateModule(role === "ledger" ? transactionLedgerModule : storm, run);
  if (role === "ledger") writeFileSync(stopFile, "");
  process.stdout.write(
    `${JSON.stringify(results.map((r) => ({ id: r.id, outcome: r.outcome, category: r.category, message: r.message })))}\n`,
  );
} finally {
  await run.target.close();
}
