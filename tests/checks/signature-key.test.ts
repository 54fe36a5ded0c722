/**
 * PT-BIZ-SIGNATURE and the sandbox's published platform key (§5: the algorithm is not shown):
 * against a target declared as not the sandbox, a key left at the published default is a
 * configuration gap — skipped with the reason, not a conformance failure; against a sandbox that
 * signs wrongly it still fails, and says the key is the published one.
 */
import { expect, test } from "vitest";
import { withSandbox, configFor, evaluateAll } from "../support/harness.ts";
import { registerBusinessModule } from "../../suites/partner-transfer-api/register-business.module.ts";

const signatureResult = async (overrides: Record<string, string>, faults: Parameters<typeof withSandbox>[0]["faults"] = []) =>
  withSandbox({ faults }, async (sandbox) => {
    const results = await evaluateAll(configFor(sandbox.url, overrides), [registerBusinessModule]);
    return results.find((r) => r.id === "PT-BIZ-SIGNATURE")!;
  });

test("TARGET_ENV=staging with the published platform key: skipped, naming the keys to set", async () => {
  const result = await signatureResult({ TARGET_ENV: "staging", TEST_PANS: "4400430000000023,4400430000000015" });
  expect(result.outcome).toBe("skipped");
  expect(result.message).toMatch(/PLATFORM_SIGNING_KEY/);
});

test("a wrong signature under the published key still fails, with the hint", async () => {
  const result = await signatureResult({}, [{ kind: "behaviour", name: "response-signature-wrong" }]);
  expect(result.outcome).toBe("failed");
  expect(result.message).toMatch(/published one/);
});
