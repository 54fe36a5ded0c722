/**
 * The command with a partner's OpenAPI document against a merchant-only target: OPENAPI_DOCUMENT
 * and --family merchant-api check the document's operations (no preflight of the spec's fixtures,
 * which such a target has none of), every check passes, and the verdict is a partial run's,
 * never conformant for the whole spec; the operations leave the "not covered" list.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import type { Summary } from "../../lib/reporting/summary.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { BASE_PATH, MERCHANT_KEY, startMerchantTarget } from "../support/merchant-target/server.ts";

const DOCUMENT = fileURLToPath(new URL("../support/merchant-target/merchant-api.openapi.yaml", import.meta.url));

test("OPENAPI_DOCUMENT=merchant YAML, --family merchant-api: every generic check passes; incomplete, exit 1", async () => {
  const server = await startMerchantTarget();
  try {
    const dir = tempReportsDir();
    const env = {
      OPENAPI_DOCUMENT: DOCUMENT,
      TARGET_BASE_URL: server.url,
      MERCHANT_API_BASE_URL: `${server.url}${BASE_PATH}`,
      MERCHANT_API_HEADERS: JSON.stringify({ "X-Merchant-Key": MERCHANT_KEY }),
      REPORTS_DIR: dir,
    };
    const { code, stdout, stderr } = await runCli("conformance.ts", ["--strict", "--family", "merchant-api"], env);
    expect(code, stdout + stderr).toBe(1);
    expect(stdout).toContain("selected checks only (--family merchant-api), not a full conformance run");
    const summary: Summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
    expect(summary.verdict).toBe("incomplete");
    expect(summary.checks).toHaveLength(21);
    expect(summary.checks.filter((c) => c.outcome !== "passed").map((c) => `${c.id} ${c.outcome}`)).toEqual([]);
    const notCovered = summary.notCovered.filter((n) => n.family === "merchant-api").map((n) => n.title);
    expect(notCovered).not.toContain("create payment");
    expect(notCovered).not.toContain("payment status");
    expect(notCovered).toContain("cancel payment");
    // The key never reaches the outputs (evidence, curl lines): the one redactor knows MERCHANT_API_HEADERS' values.
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) =>
      statSync(join(dir, f)).isFile(),
    );
    expect(files.some((f) => readFileSync(join(dir, f), "utf8").includes("X-Merchant-Key"))).toBe(true);
    expect(files.filter((f) => readFileSync(join(dir, f), "utf8").includes(MERCHANT_KEY))).toEqual([]);
  } finally {
    await server.close();
  }
});

test("a keyword the generators cannot honour: exit 2 at start, one line naming OPENAPI_DOCUMENT, the keyword and its pointer", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "openapi-")), "partner.yaml");
  const yaml = readFileSync(DOCUMENT, "utf8").replace(
    "order_ref: { type: string, minLength: 1, maxLength: 32 }",
    "order_ref: { type: string, not: { enum: [x] } }",
  );
  writeFileSync(
    file,
    yaml.replaceAll(
      "./shapes.yaml",
      `${fileURLToPath(new URL("../support/merchant-target/shapes.yaml", import.meta.url))}`,
    ),
  );
  const { code, stderr } = await runCli("conformance.ts", [], {
    OPENAPI_DOCUMENT: file,
    REPORTS_DIR: tempReportsDir(),
  });
  expect(code, stderr).toBe(2);
  expect(stderr.trim().split("\n")).toHaveLength(1);
  expect(stderr).toContain(
    `configuration error: OPENAPI_DOCUMENT: merchant-api.create-payment: unsupported keyword "not" at ${file}#/paths/~1init_payment/post/requestBody/content/application~1json/schema/properties/order_ref`,
  );
});
