/**
 * A partner's OpenAPI 3.0 YAML for merchant operations (§4.5) is all the harness needs: the merchant
 * target (tests/support/merchant-target/) is green by default and with --strict, and each of three
 * faults of its own is caught by the generic checks, for the right reason. Judged in-process, as
 * a worker judges: the document read, its schemas in the registry, the generic modules.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { readOpenApiDocument } from "../../lib/catalogue/openapi-import.ts";
import { evaluateModules, type CheckResult } from "../../lib/checks/evaluate.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { loadSchemas, ValidatorRegistry } from "../../lib/validation/registry.ts";
import { checkAddedOperations } from "../../generators/cases/schema-cases.ts";
import { genericModule } from "../../suites/generic/module.ts";
import { failingTheRun, noCrash, shown } from "../support/engine-run.ts";
import { configFor } from "../support/harness.ts";
import { BASE_PATH, MERCHANT_KEY, startMerchantTarget, type MerchantFault } from "../support/merchant-target/server.ts";

const DOCUMENT = fileURLToPath(new URL("../support/merchant-target/merchant-api.openapi.yaml", import.meta.url));
const imported = await readOpenApiDocument(DOCUMENT);
const registry = new ValidatorRegistry([...loadSchemas(), ...imported.schemas]);
checkAddedOperations(imported.operations, registry);
const modules = imported.operations.map(genericModule);

/** Every generic check of the three operations against the target with this fault. */
async function judged(
  fault: MerchantFault,
  strict = false,
  env: Record<string, string> = {},
): Promise<readonly CheckResult[]> {
  const server = await startMerchantTarget(fault);
  const config = configFor(server.url, {
    MERCHANT_API_BASE_URL: `${server.url}${BASE_PATH}`,
    MERCHANT_API_HEADERS: JSON.stringify({ "X-Merchant-Key": MERCHANT_KEY }),
    ...(strict ? { CONFORMANCE_STRICT: "true" } : {}),
    ...env,
  });
  const run = await createRunContext(config);
  try {
    return noCrash(await evaluateModules(modules, { ...run, validators: registry }));
  } finally {
    await run.target.close();
    await server.close();
  }
}

describe("the correct merchant target", () => {
  test("every generic check of every imported operation passes, strict too; their basis is declared", async () => {
    const results = await judged("none", true);
    expect(results.map((r) => r.id)).toContain("MER-CREATE-PAYMENT-NEGATIVE");
    expect(results).toHaveLength(3 * 7);
    expect(
      results.filter((r) => r.outcome !== "passed"),
      shown(results),
    ).toEqual([]);
    expect(failingTheRun(results, true)).toEqual([]);
    const bases = new Set(modules.flatMap((m) => m.checks.map((c) => c.basis)));
    expect([...bases]).toEqual(["declared"]);
  });
});

const FAULTS: Array<[MerchantFault, string[], string]> = [
  // A field's type: amount_minor as a string, in every payment answer.
  ["amount as a string", ["MER-CREATE-PAYMENT-SCHEMA", "MER-PAYMENT-STATUS-SCHEMA"], "schema"],
  // A 5xx to a bad request: every invalid request of each operation answered 500.
  [
    "500 to a bad request",
    ["MER-CREATE-PAYMENT-NO-5XX", "MER-PAYMENT-STATUS-NO-5XX", "MER-REFUND-PAYMENT-NO-5XX"],
    "server-error",
  ],
  // A required response field missing.
  ["no created_at", ["MER-CREATE-PAYMENT-SCHEMA", "MER-PAYMENT-STATUS-SCHEMA"], "schema"],
];

test.for(FAULTS)("fault %s: exactly %j fail (strict), category %s", async ([fault, fails, category]) => {
  const results = await judged(fault, true);
  expect(failingTheRun(results, true), shown(results)).toEqual(fails);
  for (const id of fails) expect(results.find((r) => r.id === id)).toMatchObject({ outcome: "failed", category });
});

test("production without ALLOW_MUTATIONS: the mutating operations are not sent, the read-only one is checked", async () => {
  const results = await judged("none", false, { TARGET_ENV: "production" });
  const outcomes = (code: string) => [
    ...new Set(results.filter((r) => r.id.startsWith(`${code}-`)).map((r) => r.outcome)),
  ];
  expect(outcomes("MER-PAYMENT-STATUS")).toEqual(["passed"]);
  expect(outcomes("MER-CREATE-PAYMENT")).not.toContain("passed");
  expect(outcomes("MER-REFUND-PAYMENT")).not.toContain("passed");
  expect(
    results
      .filter((r) => r.id.startsWith("MER-CREATE-PAYMENT-"))
      .map((r) => r.message)
      .join(" "),
  ).toMatch(/production|ALLOW_MUTATIONS/);
});
