/**
 * Done when (issue 6): `TARGET_ENV=production` against a counting target — zero money-moving or
 * profile-creating requests, through the whole `npm run conformance` (preflight included); the
 * guarded checks appear as skipped with the reason, the read-only ones run and pass.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { CARD_STATEMENT, CREATE_TRANSACTION, REGISTER_BUSINESS } from "../../lib/catalogue/index.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";
import { startCountingProxy } from "../support/targets.ts";

test("npm run conformance with TARGET_ENV=production: the target receives no debit and no registration", async () => {
  await withSandbox({}, async (sandbox) => {
    const proxy = await startCountingProxy(sandbox.url);
    try {
      const dir = tempReportsDir();
      const { code, stdout, stderr } = await runCli("conformance.ts", [], { TARGET_BASE_URL: proxy.url, TARGET_ENV: "production", REPORTS_DIR: dir });
      expect(code, stdout + stderr).toBe(0);
      expect(proxy.countOf(CREATE_TRANSACTION.path!)).toBe(0);
      expect(proxy.countOf(REGISTER_BUSINESS.path!)).toBe(0);
      expect(proxy.countOf(CARD_STATEMENT.path!)).toBeGreaterThan(0);
      const summary: Summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
      const guarded = summary.checks.filter((c) => c.operation === CREATE_TRANSACTION.key || c.operation === REGISTER_BUSINESS.key);
      expect(guarded.length).toBeGreaterThan(0);
      for (const c of guarded) expect(`${c.id} ${c.outcome} ${c.message}`).toMatch(/ skipped not sent: TARGET_ENV=production /);
      expect(readFileSync(join(dir, "junit.xml"), "utf8")).toMatch(/name="skip-reason" value="not sent: TARGET_ENV=production/);
    } finally {
      await proxy.close();
    }
  });
});
