/**
 * The run-wide limits reach vitest's worker processes (the CLI hands them over): the debit cap is
 * enforced by the workers' guard, and the run deadline stops their requests.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { CREATE_TRANSACTION } from "../../lib/catalogue/index.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";
import { startCountingProxy } from "../support/targets.ts";

const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));

test("MAX_DEBIT_TOTAL below any test debit, and RUN_DEADLINE_MS shorter than vitest's start: both hold in the workers", async () => {
  await withSandbox({}, async (sandbox) => {
    const proxy = await startCountingProxy(sandbox.url);
    try {
      const [capped, late] = [tempReportsDir(), tempReportsDir()];
      const [cap, deadline] = await Promise.all([
        runCli("conformance.ts", [], { TARGET_BASE_URL: proxy.url, MAX_DEBIT_TOTAL: "0.50", REPORTS_DIR: capped }),
        runCli("conformance.ts", ["--no-preflight"], { TARGET_BASE_URL: sandbox.url, RUN_DEADLINE_MS: "1000", REPORTS_DIR: late }),
      ]);

      expect(cap.code, cap.stdout + cap.stderr).toBe(0);
      expect(proxy.countOf(CREATE_TRANSACTION.path!)).toBe(0);
      const txn = summaryOf(capped).checks.filter((c) => c.operation === CREATE_TRANSACTION.key);
      expect(txn.length).toBeGreaterThan(0);
      for (const c of txn) expect(`${c.outcome} ${c.message}`).toMatch(/^skipped not sent: debiting \d+\.\d\d would pass MAX_DEBIT_TOTAL=0\.50 \(0\.00 already debited this run\)$/);

      expect(deadline.code, deadline.stdout + deadline.stderr).toBe(1);
      const failed = summaryOf(late).checks.filter((c) => c.outcome === "failed");
      expect(failed.length).toBeGreaterThan(0);
      for (const c of failed) expect(c.message).toMatch(/Transport error: deadline: not sent: the run deadline \(RUN_DEADLINE_MS\) has passed/);
    } finally {
      await proxy.close();
    }
  });
});
