/**
 * MAX_DEBIT_TOTAL below any valid test debit, over every check of every module, judged in-process
 * (engine-run.ts) against a counting proxy in front of a sandbox: no debit over the cap reaches the
 * target, the checks that need one are skipped with the cap, and a summary of these results is
 * conformant (exit 0 by its rule: a skip fails nothing). That the command hands the cap to its
 * worker processes is proven through the CLI: tests/safety/cli-limits.test.ts.
 */
import { expect, test } from "vitest";
import { CREATE_TRANSACTION } from "../../lib/catalogue/index.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { TEST_LATENCY_BUDGET } from "../support/budget.ts";
import { judgeModules, shown } from "../support/engine-run.ts";
import { failingIds, withSandbox } from "../support/harness.ts";
import { runVerdict } from "../support/run-verdict.ts";
import { startCountingProxy } from "../support/targets.ts";

/** The debit amount of a create-transaction body; NaN for a malformed-JSON case (nothing a target could debit). */
function amountOf(body: string): number {
  try {
    return Number((JSON.parse(body) as { debit?: { amount?: unknown } } | null)?.debit?.amount);
  } catch {
    return NaN;
  }
}

test("MAX_DEBIT_TOTAL=0.50: no debit over the cap reaches the target; the checks that need one are skipped with the cap", async () => {
  await withSandbox({}, async (sandbox) => {
    const proxy = await startCountingProxy(sandbox.url);
    try {
      // As a CLI test's run is configured (tests/support/cli.ts): few property cases, the latency budget.
      const env = { TARGET_BASE_URL: proxy.url, MAX_DEBIT_TOTAL: "0.50", PROPERTY_RUNS: "5", ...TEST_LATENCY_BUDGET };
      const results = await judgeModules(loadConfig(env), undefined, env);
      expect(failingIds(results), shown(results)).toEqual([]);
      expect(runVerdict(results, false)).toMatchObject({ summary: { verdict: "conformant" }, exit: 0 });
      // Boundary and invalid cases with amounts within the cap (0, 0.01, a negative one) may be sent: none debits more.
      const amounts = proxy.received.filter((r) => r.path === CREATE_TRANSACTION.path).map((r) => amountOf(r.body));
      expect(amounts.filter((a) => a > 0.5)).toEqual([]);
      // CARD-LEDGER-SETTLE sends nothing: with no posting awaited it has nothing to measure (its own reason).
      const txn = results.filter(
        (r) => r.operationKey === CREATE_TRANSACTION.key && r.outcome === "skipped" && r.id !== "CARD-LEDGER-SETTLE",
      );
      expect(txn.map((r) => r.id)).toEqual(
        expect.arrayContaining(["CARD-TXN-HTTP-200", "CARD-TXN-POSITIVE", "CARD-TXN-IDEMPOTENT-REPLAY"]),
      );
      for (const r of txn)
        expect(r.message).toMatch(
          /^not applicable \(production guard\): not sent: debiting \d+\.\d\d would pass MAX_DEBIT_TOTAL=0\.50 \(0\.\d\d already debited this run\)$/,
        );
    } finally {
      await proxy.close();
    }
  });
});
