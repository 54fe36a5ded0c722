/**
 * Through `npm run conformance`, against a target that refuses the fixture debit, without the
 * preflight: the success checks are "not judged" and the verdict incomplete (exit 1) in every
 * output — console, summary.json, summary.md, JUnit, Allure. With it, the preflight's one line
 * (DEBIT_AMOUNT_MIN, the target's reason) is proven in-process by
 * preflight-fixtures.sandbox.test.ts, and a preflight problem's exit 2 with its line through the
 * command by tests/safety/preflight.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { withFussyTarget as withFussy } from "../support/fussy-target.ts";

describe("npm run conformance against a target that refuses the fixture debit", () => {
  test("--no-preflight: the success checks are not judged, the verdict incomplete (exit 1), in every output", async () => {
    await withFussy({ minDebit: 100 }, async (target) => {
      const dir = tempReportsDir();
      const { code, stdout, stderr } = await runCli(
        "conformance.ts",
        ["--no-preflight", "--check", "CARD-TXN-HTTP-200", "--check", "CARD-TXN-STATUS-OK"],
        { REPORTS_DIR: dir, TARGET_BASE_URL: target.url },
      );
      expect(code, stdout + stderr).toBe(1);
      expect(stdout).toMatch(/Conformance verdict: INCOMPLETE — selected checks only/);
      expect(stdout).toMatch(
        /NOT JUDGED CARD-TXN-HTTP-200, CARD-TXN-STATUS-OK — the target refused the fixture debit of 10\.00 KZT from PAYMENT_CARD_ID: HTTP 200 with status "ok", request_status "declined" — .*; see DEBIT_AMOUNT_MIN \/ DEBIT_AMOUNT_MAX/,
      );
      const junit = readFileSync(join(dir, "junit.xml"), "utf8");
      expect(junit).toContain('<property name="conformance.verdict" value="incomplete"/>');
      expect(junit).toMatch(
        /<property name="not-judged" value="not judged: the target refused the fixture debit of 10\.00 KZT/,
      );
      const summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as { verdict: string };
      expect(summary.verdict).toBe("incomplete");
      expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(/^## Not judged$/m);
      const allure = readdirSync(join(dir, "allure-results"))
        .filter((f) => f.endsWith("-result.json"))
        .map(
          (f) =>
            JSON.parse(readFileSync(join(dir, "allure-results", f), "utf8")) as {
              status: string;
              labels: Array<{ name: string; value: string }>;
            },
        );
      const tagged = allure.filter((r) => r.labels.some((l) => l.name === "tag" && l.value === "not-judged"));
      expect(tagged.map((r) => r.status)).toEqual(["skipped", "skipped"]);
    });
  });
});
