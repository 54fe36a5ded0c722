/**
 * The open limits vocabulary against the reference sandbox: the test terminal's MCC read from the
 * preflight's posted debit (TERMINAL_MCC unset) leaves the sandbox's ATM limit (6011) out of the
 * debit range; a per-debit maximum (the sandbox option `debitMaximumMinor`, a `max` amount limit)
 * is judged both ways by CARD-LEDGER-LIMITS-ENFORCED, and the other ledger checks stay green beside it.
 */
import { describe, expect, test } from "vitest";
import { evaluateModule } from "../../lib/checks/evaluate.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { runPreflight } from "../../lib/runner/preflight.ts";
import { transactionLedgerModule } from "../../suites/card-api/transaction-ledger.module.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { configFor, failingIds, withSandbox } from "../support/harness.ts";

describe("the test terminal's MCC", () => {
  test("unset: read from the fixture debit's statement entry, and the ATM limit is left out of the range", async () => {
    await withSandbox({}, async (sandbox) => {
      const run = await createRunContext(configFor(sandbox.url));
      try {
        const report = await runPreflight(run, PREFLIGHT_REQUESTS);
        expect(report.amounts).toMatch(
          /^debit amounts 1\.00–99\.99 KZT .*2 amount limit\(s\) left out, not for MCC 6012 \(read from the target\) or 0000$/,
        );
        expect((await run.debitAmounts()).terminal).toMatchObject({ mcc: "6012", mccSource: "read" });
      } finally {
        await run.target.close();
      }
    });
  });

  test("declared: used as declared, and a wrong one leaves the sandbox's general limits applying (0000)", async () => {
    await withSandbox({}, async (sandbox) => {
      const run = await createRunContext(configFor(sandbox.url, { TERMINAL_MCC: "6011" }));
      try {
        const report = await runPreflight(run, PREFLIGHT_REQUESTS);
        expect((await run.debitAmounts()).terminal).toMatchObject({ mcc: "6011", mccSource: "declared" });
        expect(report.amounts).not.toMatch(/left out/);
      } finally {
        await run.target.close();
      }
    });
  });
});

describe("a per-debit maximum", () => {
  const ledgerChecks = transactionLedgerModule.checks.filter((c) => /^CARD-LEDGER-/.test(c.id));
  const paymentCard = "c0ffee00-0000-4000-8000-000000000002";

  test("listed (500.00): a debit over it refused, one at it accepted, every ledger check green", async () => {
    await withSandbox({ debitMaximumMinor: 50_000 }, async (sandbox) => {
      const run = await createRunContext(configFor(sandbox.url));
      try {
        const results = await evaluateModule({ ...transactionLedgerModule, checks: ledgerChecks }, run);
        expect(failingIds(results)).toEqual([]);
        expect(results.filter((r) => r.outcome !== "passed").map((r) => r.id)).toEqual([]);
        const posted = sandbox.ledger.postingsOf(paymentCard, 0, Date.now() + 60_000).map((p) => p.amountMinor);
        expect(posted).toContain(50_000);
        expect(posted).not.toContain(50_001);
      } finally {
        await run.target.close();
      }
    });
  });
});
