/**
 * The preflight's crypto round trip (lib/runner/preflight-crypto.ts) checks only what a profile
 * says it can do (canVerify, canDecrypt), and a failure names the variables the profile reads
 * (lib/crypto/key-variables.ts: watched while it loads and works), never others.
 */
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { loadConfiguredProfile } from "../../lib/checks/run-context.ts";
import type { RunContext } from "../../lib/checks/types.ts";
import type { CryptoProfile } from "../../lib/crypto/index.ts";
import { variablesText, watchKeys } from "../../lib/crypto/key-variables.ts";
import { checkProfileWorks } from "../../lib/runner/preflight-crypto.ts";
import { describePreflight } from "../../lib/runner/preflight.ts";
import { PreflightProblem } from "../../lib/runner/preflight-problem.ts";

const runWith = (profile: CryptoProfile, spec = "./my-profile.mts") =>
  ({ target: { profile }, config: { partner: { cryptoProfile: spec } } }) as unknown as RunContext;

/** A profile of a public-key scheme: it seals for the platform, holds no key to open it or to verify itself. */
function sealingOnly(overrides: Partial<CryptoProfile> = {}): CryptoProfile & { decrypted: number } {
  const profile = {
    name: "seal-only",
    decrypted: 0,
    canVerify: (by: string) => by === "platform",
    canDecrypt: () => false,
    sign: async () => "00",
    verify: async () => false,
    encrypt: async () => "sealed",
    async decrypt() {
      profile.decrypted++;
      throw new Error("cannot open");
    },
    keyVariables: () => ["ACME_KEY_FILE"],
    ...overrides,
  };
  return profile;
}

describe("only what the profile can do is checked", () => {
  test("a profile that cannot decrypt nor verify itself: neither is tried, and the preflight says so", async () => {
    const profile = sealingOnly();
    const notes = await checkProfileWorks(runWith(profile));
    expect(profile.decrypted).toBe(0);
    // What is true: the profile makes these impossible, and no check reports them later.
    expect(notes).toEqual([
      'profile "seal-only" holds no key to verify its own signatures (canVerify("partner") is false): the preflight signed but did not verify; the target\'s answers to the signed requests show whether it accepts them',
      'profile "seal-only" cannot decrypt what it seals for the platform (canDecrypt() is false): the preflight sealed client data but did not open it; the target\'s answer to the registration shows whether it opens',
    ]);
    const lines = describePreflight({ unverified: [], profileCannot: notes });
    expect(lines).toEqual(notes.map((note) => `preflight: not checked with this profile: ${note}`));
    expect(lines.join("\n")).not.toMatch(/could not verify|the checks will report it/);
  });

  test("a profile with no key for the platform's signatures: the preflight says response signatures go unverified", async () => {
    const profile = sealingOnly({ canVerify: () => false });
    expect(await checkProfileWorks(runWith(profile))).toContain(
      'profile "seal-only" holds no key to verify the platform\'s signatures (canVerify("platform") is false): response signatures are not verified; the check of them is skipped (not applicable)',
    );
  });

  test("a profile that can: both are tried, and a broken one names its own variables", async () => {
    const profile = sealingOnly({ canDecrypt: undefined, canVerify: undefined, verify: async () => true });
    const error = await checkProfileWorks(runWith(profile)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PreflightProblem);
    expect((error as Error).message).toBe(
      'preflight: CRYPTO_PROFILE "./my-profile.mts" (profile "seal-only") does not work with ACME_KEY_FILE: cannot open',
    );
  });

  test("the built-in profiles pass it with the published keys", async () => {
    for (const name of ["default", "jws"]) {
      const config = loadConfig({ CRYPTO_PROFILE: name });
      const profile = await loadConfiguredProfile(config, {});
      expect(await checkProfileWorks(runWith(profile, name))).toEqual([]);
    }
  });
});

describe("the variables a profile reads, watched", () => {
  test("the default profile reads the HMAC and AES keys; jws its key pair", async () => {
    const read = async (name: string) => {
      const profile = await loadConfiguredProfile(loadConfig({ CRYPTO_PROFILE: name }), {});
      await checkProfileWorks(runWith(profile, name));
      return profile.keyVariables!();
    };
    expect(await read("default")).toEqual(expect.arrayContaining(["PARTNER_SIGNING_KEY", "PARTNER_ENCRYPTION_KEY"]));
    expect(await read("default")).not.toContain("PARTNER_PRIVATE_KEY");
    expect(await read("jws")).toEqual(expect.arrayContaining(["PARTNER_PRIVATE_KEY", "PARTNER_ENCRYPTION_KEY"]));
    expect(await read("jws")).not.toContain("PARTNER_SIGNING_KEY");
  });

  test("a module's declared variables come first; an empty key is not a variable it reads", () => {
    const watched = watchKeys(
      { partnerSigningKey: "", platformSigningKey: "ab", encryptionKey: "cd", partnerPrivateKey: "pem" },
      ["ACME_KEY_FILE"],
    );
    void watched.keys.partnerSigningKey;
    void watched.keys.partnerPrivateKey;
    expect(watched.variables()).toEqual(["ACME_KEY_FILE", "PARTNER_PRIVATE_KEY"]);
    expect(variablesText(watched.variables())).toBe("ACME_KEY_FILE and PARTNER_PRIVATE_KEY");
    expect(variablesText(["A", "B", "C"])).toBe("A, B and C");
  });
});
