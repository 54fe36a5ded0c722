/**
 * A whole run, preflight included, against a target whose statement answers are nested 100,000
 * deep (every other operation answered by a sandbox behind it): vitest's structured clone of a
 * worker's messages once overflowed its stack on such a body and ended the run with exit 1 and no
 * failed check. Now the run ends as any run with failures does: exit 1, the statement's checks
 * failed as transport errors naming the bound, the other operations' checks judged, and every
 * report written and bounded.
 * The shapes one by one through the whole path: hostile-bodies.sandbox.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { CARD_STATEMENT } from "../../lib/catalogue/index.ts";
import { EVIDENCE_BODY_CHARS } from "../../lib/http/evidence.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";
import { startCountingProxy } from "../support/targets.ts";

const DEPTH = 100_000;
const DEEP = `{"status":"ok","request_status":"success","operations":${"[".repeat(DEPTH)}${"]".repeat(DEPTH)},"dt":"x"}`;

/** Every file under a folder, with its size. */
function filesUnder(dir: string): Array<{ file: string; size: number }> {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .map((file) => ({ file, size: statSync(file).size }));
}

test("statement answers nested 100,000 deep: exit 1, its checks failed as transport errors, the others judged, every report written", async () => {
  await withSandbox({}, async (sandbox) => {
    const hostile = await startCountingProxy(sandbox.url, {
      answerInstead: ({ path }) =>
        path === CARD_STATEMENT.path
          ? { status: 200, headers: { "content-type": "application/json" }, text: DEEP }
          : undefined,
    });
    try {
      const dir = tempReportsDir();
      const { code, stdout, stderr } = await runCli("conformance.ts", [], {
        TARGET_BASE_URL: hostile.url,
        REPORTS_DIR: dir,
      });
      expect(code, stdout.slice(-2000) + stderr.slice(-2000)).toBe(1);
      expect(stdout + stderr).not.toMatch(/RangeError|Maximum call stack|Worker exited unexpectedly/);
      const summary: Summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
      expect(summary.errors).toEqual([]);
      const statement = summary.checks.filter((c) => c.operation === CARD_STATEMENT.key && c.outcome === "failed");
      expect(statement.length).toBeGreaterThan(3);
      for (const c of statement)
        expect(`${c.id} ${c.category} ${c.message}`).toMatch(/ transport .*nested deeper than 64 levels/);
      // The other operations were judged as usual: the hostile answers are the statement's alone.
      const others = summary.checks.filter((c) => c.operation !== CARD_STATEMENT.key && c.kind === "check");
      expect(others.filter((c) => c.outcome === "passed").length).toBeGreaterThan(20);
      expect(others.filter((c) => c.category === "harness")).toEqual([]);
      for (const name of ["junit.xml", "summary.md", "allure-results", "exchanges"])
        expect(existsSync(join(dir, name)), name).toBe(true);
      // No output quotes the body whole: each exchange holds at most the evidence bound of it.
      for (const { file, size } of filesUnder(join(dir, "exchanges")))
        for (const line of readFileSync(file, "utf8").split("\n").filter(Boolean))
          expect(line.length, `${file} (${size} bytes)`).toBeLessThan(3 * EVIDENCE_BODY_CHARS);
      const allure = filesUnder(join(dir, "allure-results"));
      expect(Math.max(...allure.map((f) => f.size))).toBeLessThan(3 * EVIDENCE_BODY_CHARS);
      expect(statSync(join(dir, "junit.xml")).size).toBeLessThan(4 * 1024 * 1024);
    } finally {
      await hostile.close();
    }
  });
}, 300_000);
