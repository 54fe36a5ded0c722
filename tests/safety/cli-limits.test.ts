/**
 * The run-wide limits through `npm run conformance`, in vitest's worker processes (the CLI hands
 * the limits over: each worker's share of the debit budget, the deadline), counted at the target:
 * - MAX_DEBIT_TOTAL below any valid test debit: no debit over the cap reaches the target — through
 *   the command for the checks that debit first (a `--check` selection: the hand-over is the
 *   command's, whichever checks run), over every check of every module in-process
 *   (tests/safety/debit-cap.sandbox.test.ts);
 * - RUN_DEADLINE_MS shorter than vitest's start: no check sends, each fails with that reason.
 * TARGET_ENV=production is configuration, not a limit the CLI divides: its guard is proven with the
 * preflight and every check in-process (tests/safety/guard.sandbox.test.ts), a skipped check's
 * reason in junit.xml through the CLI by tests/cli/conformance.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CREATE_TRANSACTION } from "../../lib/catalogue/index.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { runCli, tempReportsDir, type CliResult } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";
import { startCountingProxy, type TestTarget } from "../support/targets.ts";

const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));

/** A conformance run against a counting proxy in front of a fresh sandbox. */
async function countedRun(
  env: Record<string, string>,
  check: (run: CliResult, proxy: TestTarget, dir: string) => void,
  args: string[] = [],
): Promise<void> {
  await withSandbox({}, async (sandbox) => {
    const proxy = await startCountingProxy(sandbox.url);
    try {
      const dir = tempReportsDir();
      const run = await runCli("conformance.ts", args, { TARGET_BASE_URL: proxy.url, REPORTS_DIR: dir, ...env });
      check(run, proxy, dir);
    } finally {
      await proxy.close();
    }
  });
}

/** Checks that debit first, in two suite files (two workers' shares), and one that reads the ledger after. */
const DEBITING_FIRST = [
  "CARD-TXN-HTTP-200",
  "CARD-TXN-POSITIVE",
  "CARD-TXN-IDEMPOTENT-REPLAY",
  "CARD-LEDGER-USAGE",
].flatMap((id) => ["--check", id]);

// Child processes mostly wait: run them side by side to keep the suite short.
describe.concurrent("run-wide safety through the CLI", () => {
  test("MAX_DEBIT_TOTAL=0.50: no debit over the cap reaches the target; the checks that need one are skipped with the cap", async () => {
    await countedRun(
      { MAX_DEBIT_TOTAL: "0.50" },
      ({ code, stdout, stderr }, proxy, dir) => {
        // A selection is never conformant (exit 1, incomplete); the cap failed nothing.
        expect(code, stdout + stderr).toBe(1);
        expect(summaryOf(dir).verdict).toBe("incomplete");
        expect(summaryOf(dir).checks.filter((c) => c.outcome === "failed")).toEqual([]);
        // A target the run did not start is named as TARGET_BASE_URL gives it.
        expect(summaryOf(dir).target).toBe(proxy.url);
        // Boundary and invalid cases with amounts within the cap (0, 0.01, a negative one) may be sent: none debits more.
        const amountOf = (body: string) => {
          try {
            return Number((JSON.parse(body) as { debit?: { amount?: unknown } } | null)?.debit?.amount);
          } catch {
            return NaN; // a malformed-JSON case: nothing a target could debit
          }
        };
        const amounts = proxy.received.filter((r) => r.path === CREATE_TRANSACTION.path).map((r) => amountOf(r.body));
        expect(amounts.filter((a) => a > 0.5)).toEqual([]);
        const txn = summaryOf(dir).checks.filter(
          (c) => c.operation === CREATE_TRANSACTION.key && c.outcome === "skipped",
        );
        expect(txn.map((c) => c.id)).toEqual(
          expect.arrayContaining(["CARD-TXN-HTTP-200", "CARD-TXN-POSITIVE", "CARD-TXN-IDEMPOTENT-REPLAY"]),
        );
        for (const c of txn)
          expect(c.message).toMatch(
            /^not applicable \(production guard\): not sent: debiting \d+\.\d\d would pass MAX_DEBIT_TOTAL=0\.50 \(0\.\d\d already debited this run\)$/,
          );
      },
      DEBITING_FIRST,
    );
  });

  test("RUN_DEADLINE_MS=1000 (passed before the workers start): nothing is sent, every check fails with the deadline, exit 1", async () => {
    await countedRun({ RUN_DEADLINE_MS: "1000" }, ({ code, stdout, stderr }, proxy, dir) => {
      expect(code, stdout + stderr).toBe(1);
      const checks = summaryOf(dir).checks.filter((c) => c.outcome !== "skipped");
      expect(checks.length).toBeGreaterThan(0);
      for (const c of checks)
        expect(`${c.id} ${c.message}`).toMatch(
          /Transport error: deadline: not sent: the run deadline \(RUN_DEADLINE_MS\) has passed/,
        );
      // Only the preflight reached the target, all of it or the part sent before the deadline (a
      // loaded machine): its five probes (statement, limits twice, the partner API twice) and seven
      // fixture requests (the limits for the amounts, the payment card's statement and limits read
      // around one debit to see whether it posted, one registration) — twelve against the sandbox.
      expect(proxy.received.length).toBeLessThanOrEqual(12);
    });
  });
});
