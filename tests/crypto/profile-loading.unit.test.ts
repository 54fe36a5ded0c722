/**
 * CRYPTO_PROFILE selection: a built-in name or a user module path. Whatever cannot give a working
 * profile is a ConfigError naming CRYPTO_PROFILE — at configuration time when the name or the
 * file is wrong, at load time when the module itself is; key variables are checked at start-up.
 */
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { loadProfile } from "../../lib/crypto/index.ts";
import { loadConfiguredProfile, profileKeysOf } from "../../lib/checks/run-context.ts";
import { SANDBOX_KEY_PAIRS } from "../../lib/test-data/published.ts";

const FIXTURES = "./tests/crypto/fixtures";
const keys = profileKeysOf(loadConfig({}));

function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("no ConfigError");
}

describe("names and paths refused while reading the configuration", () => {
  test.for([
    ["an unknown name", "hmac", /must be one of default, jws, or the path of a profile module/],
    ["a missing module", "./profiles/missing.ts", /no such file .*profiles\/missing\.ts/],
    ["a path without a module extension", "./README.md", /must end in \.ts, \.mts, \.mjs, \.js/],
  ] as const)("%s", ([, value, message]) => {
    const error = configError(() => loadConfig({ CRYPTO_PROFILE: value }));
    expect(error.variable).toBe("CRYPTO_PROFILE");
    expect(error.message).toMatch(message);
  });
});

describe("modules refused while loading, naming CRYPTO_PROFILE", () => {
  test.for([
    ["a module without a factory", `${FIXTURES}/no-factory.mjs`, /exports no profile factory/],
    ["a profile without encrypt and decrypt", `${FIXTURES}/incomplete.mjs`, /lacks encrypt, decrypt/],
    [
      "a module that throws while loading",
      `${FIXTURES}/throws-on-import.mjs`,
      /cannot be loaded: this module is broken on purpose/,
    ],
  ] as const)("%s", async ([, spec, message]) => {
    const error = await loadProfile(spec, keys).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe("CRYPTO_PROFILE");
    expect((error as Error).message).toMatch(message);
  });
});

test("a module may export an async `createProfile`; it receives the keys of its side", async () => {
  const profile = await loadConfiguredProfile(loadConfig({ CRYPTO_PROFILE: `${FIXTURES}/async-named.mjs` }));
  expect(profile.name).toBe("async-named");
  expect((profile as unknown as { keys: unknown }).keys).toMatchObject({
    partnerPrivateKey: SANDBOX_KEY_PAIRS.partnerPrivateKey,
    platformPublicKey: SANDBOX_KEY_PAIRS.platformPublicKey,
  });
});

test("the documented example module loads as a .ts path", async () => {
  const profile = await loadConfiguredProfile(loadConfig({ CRYPTO_PROFILE: "./examples/crypto-profile.example.ts" }));
  expect(profile.name).toBe("example-hmac-sha512");
  expect(await profile.requestHeaders!("card-api", "{}")).toEqual({
    "X-Body-Signature": expect.stringMatching(/^[0-9a-f]{64}$/),
  });
});

describe("key variables: PEM or JWK, Ed25519 or P-256, refused by name with secrets hidden", () => {
  const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString();
  test.for([
    ["PARTNER_PRIVATE_KEY", "not a key at all", /^PARTNER_PRIVATE_KEY: \(value hidden\) is neither PEM nor JWK text$/],
    [
      "PARTNER_PRIVATE_KEY",
      '{"kty":"OKP","crv":"Ed25519","x":"broken"}',
      /PARTNER_PRIVATE_KEY: \(value hidden\) is not a valid private key/,
    ],
    ["PARTNER_PRIVATE_KEY", rsa, /PARTNER_PRIVATE_KEY: \(value hidden\) is a rsa key; Ed25519 or P-256 is required/],
    [
      "PLATFORM_PUBLIC_KEY",
      "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----",
      /PLATFORM_PUBLIC_KEY: the value is not a valid public key/,
    ],
  ] as const)("%s refuses a bad value", ([name, value, message]) => {
    const error = configError(() => loadConfig({ [name]: value }));
    expect(error.variable).toBe(name);
    expect(error.message).toMatch(message);
    if (name === "PARTNER_PRIVATE_KEY") expect(error.message).not.toContain(value.slice(0, 12));
  });
  test("a one-line PEM with \\n escapes is accepted; the private key and its JWK d are secrets", () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString().replace(/\n/g, "\\n");
    expect(loadConfig({ PARTNER_PRIVATE_KEY: pem }).partner.privateKey).toBe(pem);
    const names = loadConfig({}).secrets.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(["PARTNER_PRIVATE_KEY", "PARTNER_PRIVATE_KEY.d"]));
    expect(names).not.toContain("PLATFORM_PUBLIC_KEY");
  });
});
