/**
 * A public-key profile module (RSA signatures, RSA-OAEP-wrapped AES-GCM client data, key files
 * through variables of its own: docs/examples/rsa-oaep-profile.mts) against the sandbox
 * loading the same module with the platform's key files. The partner's side cannot decrypt what it
 * sealed for the platform, nor verify its own signatures: the preflight checks only what it can
 * and says what it could not; a broken module is named with the variables it reads, never with
 * PARTNER_SIGNING_KEY or PARTNER_ENCRYPTION_KEY.
 */
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { evaluateModule } from "../../lib/checks/evaluate.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { PreflightProblem, runPreflight } from "../../lib/runner/preflight.ts";
import { registerBusinessModule } from "../../suites/partner-transfer-api/register-business.module.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { configFor, failingIds, withSandbox } from "../support/harness.ts";
import { RSA_MODULE, rsaKeyFiles, type RsaKeyFiles } from "../support/rsa-keys.ts";

let keys: RsaKeyFiles;
beforeAll(() => {
  keys = rsaKeyFiles();
});

/** The module's own variables are read from the environment, as the CLI reads them from .env. */
const set: string[] = [];
function partnerEnv(vars: Record<string, string>): void {
  for (const [name, value] of Object.entries(vars)) {
    process.env[name] = value;
    set.push(name);
  }
}
afterEach(() => {
  for (const name of set.splice(0)) delete process.env[name];
});

function withRsaSandbox<T>(body: (url: string) => Promise<T>): Promise<T> {
  return withSandbox({ profile: RSA_MODULE, profileEnv: keys.platformSide }, (sandbox) => body(sandbox.url));
}

describe("a module that cannot decrypt what it seals, nor verify its own signature", () => {
  test("the preflight passes, saying what it did not check; the partner transfer checks pass", async () => {
    partnerEnv(keys.partnerSide);
    await withRsaSandbox(async (url) => {
      const run = await createRunContext(configFor(url, { CRYPTO_PROFILE: RSA_MODULE }));
      try {
        expect(run.target.profile.keyVariables!()).toEqual([
          "RSA_PARTNER_PRIVATE_KEY_FILE",
          "RSA_PARTNER_PUBLIC_KEY_FILE",
          "RSA_PLATFORM_PUBLIC_KEY_FILE",
          "RSA_PLATFORM_PRIVATE_KEY_FILE",
        ]);
        const report = await runPreflight(run, PREFLIGHT_REQUESTS);
        // What the profile makes impossible is said as such, never as something a check will report.
        expect(report.profileCannot).toEqual([
          expect.stringMatching(/no key to verify its own signatures \(canVerify\("partner"\) is false\)/),
          expect.stringMatching(/cannot decrypt what it seals for the platform \(canDecrypt\(\) is false\)/),
        ]);
        expect(report.unverified.join("\n")).not.toMatch(/canVerify|canDecrypt/);
        const results = await evaluateModule(registerBusinessModule, run);
        expect(failingIds(results)).toEqual([]);
        // The platform's RSA signature verified, and the platform opened the wrapped client data (a client_uuid came back).
        expect(results.find((r) => r.id === "PT-BIZ-SIGNATURE")?.outcome).toBe("passed");
        expect(results.find((r) => r.id === "PT-BIZ-STATUS-NEW")?.outcome).toBe("passed");
      } finally {
        await run.target.close();
      }
    });
  });

  test("without the platform's public key nothing can be sealed for the platform: exit 2 naming its variables", async () => {
    partnerEnv({ RSA_PARTNER_PRIVATE_KEY_FILE: keys.partnerSide.RSA_PARTNER_PRIVATE_KEY_FILE! });
    const run = await createRunContext(configFor("http://127.0.0.1:9", { CRYPTO_PROFILE: RSA_MODULE }));
    try {
      expect(run.target.profile.canVerify!("platform")).toBe(false);
      // Nothing can be sealed for the platform either: the preflight says so, naming the module's variables.
      const error = await runPreflight(run, PREFLIGHT_REQUESTS).catch((e: unknown) => e as Error);
      expect(error).toBeInstanceOf(PreflightProblem);
      expect((error as Error).message).toMatch(
        /^preflight: CRYPTO_PROFILE ".*" \(profile "rsa-oaep-example"\) does not work with RSA_PARTNER_PRIVATE_KEY_FILE, .*: no platform public key to wrap the data key for$/,
      );
    } finally {
      await run.target.close();
    }
  });
});

describe("a broken module is named with the variables it reads", () => {
  test("a partner public key of another pair: a fresh signature does not verify", async () => {
    partnerEnv({ ...keys.partnerSide, RSA_PARTNER_PUBLIC_KEY_FILE: keys.strangerPublicKeyFile });
    await withRsaSandbox(async (url) => {
      const run = await createRunContext(configFor(url, { CRYPTO_PROFILE: RSA_MODULE }));
      try {
        const error = await runPreflight(run, PREFLIGHT_REQUESTS).catch((e: unknown) => e as Error);
        expect(error).toBeInstanceOf(PreflightProblem);
        expect((error as Error).message).toBe(
          `preflight: CRYPTO_PROFILE "${RSA_MODULE}" (profile "rsa-oaep-example") does not work with ` +
            "RSA_PARTNER_PRIVATE_KEY_FILE, RSA_PARTNER_PUBLIC_KEY_FILE, RSA_PLATFORM_PUBLIC_KEY_FILE and RSA_PLATFORM_PRIVATE_KEY_FILE: " +
            "a fresh signature does not verify",
        );
        expect((error as Error).message).not.toMatch(/PARTNER_SIGNING_KEY|PARTNER_ENCRYPTION_KEY/);
      } finally {
        await run.target.close();
      }
    });
  });
});
