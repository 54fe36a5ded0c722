/**
 * PT-BIZ-SIGNATURE and the sandbox's published platform key (§5: the algorithm is not shown): a
 * real target cannot be verified with it, so the preflight says so before a run against staging
 * or production, and a failure under that key names it as the likely cause.
 */
import { expect, test } from "vitest";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { publishedKeyNote } from "../../lib/runner/preflight.ts";
import { registerBusinessModule } from "../../suites/partner-transfer-api/register-business.module.ts";
import { configFor, evaluateAll, withSandbox } from "../support/harness.ts";

const STAGING = { TARGET_ENV: "staging", TEST_PANS: "4400430000000023,4400430000000015" };
const ANOTHER_KEY = "0".repeat(63) + "1";

test.for([
  ["staging, published key", STAGING, 1],
  ["staging, the target's own key", { ...STAGING, PLATFORM_SIGNING_KEY: ANOTHER_KEY }, 0],
  ["sandbox, published key", {}, 0],
] as const)("preflight note: %s", async ([, overrides, notes]) => {
  const run = await createRunContext(configFor("http://127.0.0.1:9", overrides));
  try {
    expect(publishedKeyNote(run)).toHaveLength(notes);
    if (notes) expect(publishedKeyNote(run)[0]).toMatch(/PLATFORM_SIGNING_KEY/);
  } finally {
    await run.target.close();
  }
});

test("a wrong signature under the published key fails, naming the key as the likely cause", async () => {
  const result = await withSandbox(
    { faults: [{ kind: "behaviour", name: "response-signature-wrong" }] },
    async (sandbox) =>
      (await evaluateAll(configFor(sandbox.url), [registerBusinessModule])).find((r) => r.id === "PT-BIZ-SIGNATURE")!,
  );
  expect(result.outcome).toBe("failed");
  expect(result.message).toMatch(/published one/);
});
