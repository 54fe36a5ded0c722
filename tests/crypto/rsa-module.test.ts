/**
 * Through the command a partner runs: a broken public-key profile module (a partner public key of
 * another pair, so its own signature does not verify) is exit 2 with one line naming CRYPTO_PROFILE
 * and the variables the module reads — never PARTNER_SIGNING_KEY or PARTNER_ENCRYPTION_KEY. The
 * working module passes the same preflight in-process (rsa-module.sandbox.test.ts).
 */
import { expect, test } from "vitest";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";
import { RSA_MODULE, rsaKeyFiles } from "../support/rsa-keys.ts";

test("a broken RSA module: exit 2, one line naming its own variables", async () => {
  const keys = rsaKeyFiles();
  await withSandbox({ profile: RSA_MODULE, profileEnv: keys.platformSide }, async (sandbox) => {
    const { code, stderr } = await runCli("conformance.ts", [], {
      TARGET_BASE_URL: sandbox.url,
      CRYPTO_PROFILE: RSA_MODULE,
      ...keys.partnerSide,
      RSA_PARTNER_PUBLIC_KEY_FILE: keys.strangerPublicKeyFile,
      REPORTS_DIR: tempReportsDir(),
    });
    expect(code, stderr).toBe(2);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /preflight: CRYPTO_PROFILE "\.\/tests\/crypto\/fixtures\/rsa-oaep-profile\.mts" \(profile "rsa-oaep-test"\) does not work with RSA_PARTNER_PRIVATE_KEY_FILE, RSA_PARTNER_PUBLIC_KEY_FILE, RSA_PLATFORM_PUBLIC_KEY_FILE and RSA_PLATFORM_PRIVATE_KEY_FILE: a fresh signature does not verify$/,
    );
    expect(stderr).not.toMatch(/PARTNER_SIGNING_KEY|PARTNER_ENCRYPTION_KEY/);
  });
});
