/**
 * Which configuration is which token source, and what CARD_API_AUTH becomes: every combination
 * that cannot be meant is exit 2 naming the variable to fix, and today's configurations (the jws
 * profile, a module, CARD_API_HEADERS) keep meaning what they meant.
 */
import { describe, expect, test } from "vitest";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { loadConfig } from "../../lib/config/load.ts";

const URL = "https://auth.example/oauth/token";
const CLIENT = { PARTNER_TOKEN_URL: URL, PARTNER_CLIENT_ID: "partner-7", PARTNER_CLIENT_SECRET: "s3cret-value-0001" };

/** The ConfigError's variable, or the source's kind. */
function sourceOf(env: Record<string, string>): string {
  try {
    return loadConfig({ SEED: "1", ...env }).partner.token.kind;
  } catch (error) {
    if (error instanceof ConfigError) return `exit 2: ${error.variable}`;
    throw error;
  }
}

describe("the token source a configuration names", () => {
  const ROWS: Array<[string, Record<string, string>, string]> = [
    ["nothing set: the published static token", {}, "static"],
    ["a static token of one's own", { PARTNER_ACCESS_TOKEN: "mine-0000000001" }, "static"],
    ["a token endpoint with its client", CLIENT, "client-credentials"],
    [
      "a token endpoint with client authentication in the body",
      { ...CLIENT, PARTNER_TOKEN_AUTH: "post" },
      "client-credentials",
    ],
    ["a token command", { PARTNER_TOKEN_COMMAND: "vault read -field=token x" }, "command"],
    [
      "the published static token beside an endpoint (.env.example copied)",
      { ...CLIENT, PARTNER_ACCESS_TOKEN: "sandbox-partner-access-token-0001" },
      "client-credentials",
    ],
    ["an endpoint and a command", { ...CLIENT, PARTNER_TOKEN_COMMAND: "echo t" }, "exit 2: PARTNER_TOKEN_COMMAND"],
    [
      "an endpoint and a static token of one's own",
      { ...CLIENT, PARTNER_ACCESS_TOKEN: "mine-0000000001" },
      "exit 2: PARTNER_ACCESS_TOKEN",
    ],
    [
      "a command and a static token of one's own",
      { PARTNER_TOKEN_COMMAND: "echo t", PARTNER_ACCESS_TOKEN: "mine-0000000001" },
      "exit 2: PARTNER_ACCESS_TOKEN",
    ],
    ["an endpoint without a client id", { ...CLIENT, PARTNER_CLIENT_ID: "" }, "exit 2: PARTNER_CLIENT_ID"],
    ["an endpoint without a client secret", { ...CLIENT, PARTNER_CLIENT_SECRET: "" }, "exit 2: PARTNER_CLIENT_SECRET"],
    ["client credentials without an endpoint", { PARTNER_CLIENT_ID: "partner-7" }, "exit 2: PARTNER_TOKEN_URL"],
    ["a scope without an endpoint", { PARTNER_TOKEN_SCOPE: "transfers" }, "exit 2: PARTNER_TOKEN_URL"],
    ["an endpoint that is no URL", { ...CLIENT, PARTNER_TOKEN_URL: "auth.example/token" }, "exit 2: PARTNER_TOKEN_URL"],
    ["an unknown client authentication", { ...CLIENT, PARTNER_TOKEN_AUTH: "jwt" }, "exit 2: PARTNER_TOKEN_AUTH"],
  ];
  test.for(ROWS)("%s", ([, env, expected]) => {
    expect(sourceOf(env)).toBe(expected);
  });

  test("a refused secret is never shown in the error line", () => {
    expect(() => loadConfig({ ...CLIENT, PARTNER_TOKEN_AUTH: "jwt" })).toThrow(/^PARTNER_TOKEN_AUTH: "jwt"/);
    expect(() => loadConfig({ PARTNER_TOKEN_COMMAND: "echo t", PARTNER_ACCESS_TOKEN: "mine-0000000001" })).not.toThrow(
      /mine-0000000001/,
    );
  });
});

describe("CARD_API_AUTH", () => {
  const MODULE = "./examples/crypto-profile.example.ts";
  const auth = (env: Record<string, string>): string => {
    try {
      return loadConfig({ SEED: "1", ...env }).cardApi.auth;
    } catch (error) {
      if (error instanceof ConfigError) return `exit 2: ${error.variable}`;
      throw error;
    }
  };
  const ROWS: Array<[string, Record<string, string>, string]> = [
    ["unset with the default profile: none", {}, "none"],
    ["unset with CARD_API_HEADERS: headers", { CARD_API_HEADERS: '{"X-Api-Key":"k-1"}' }, "headers"],
    ["unset with the jws profile: jws, as before", { CRYPTO_PROFILE: "jws" }, "jws"],
    ["jws with the default profile", { CARD_API_AUTH: "jws" }, "jws"],
    ["none overrides the jws profile", { CRYPTO_PROFILE: "jws", CARD_API_AUTH: "none" }, "none"],
    ["bearer", { CARD_API_AUTH: "bearer" }, "bearer"],
    ["headers without CARD_API_HEADERS", { CARD_API_AUTH: "headers" }, "exit 2: CARD_API_HEADERS"],
    ["module without a module profile", { CARD_API_AUTH: "module" }, "exit 2: CARD_API_AUTH"],
    ["an unknown kind", { CARD_API_AUTH: "mtls" }, "exit 2: CARD_API_AUTH"],
    ["unset with a module profile: module, as before", { CRYPTO_PROFILE: MODULE }, "module"],
    [
      "jws with a module signing the partner bodies, the partner key signing the JWS",
      { CRYPTO_PROFILE: MODULE, CARD_API_AUTH: "jws" },
      "jws",
    ],
    [
      "jws with a module and a partner key that does not parse",
      { CRYPTO_PROFILE: MODULE, CARD_API_AUTH: "jws", PARTNER_PRIVATE_KEY: "not a key" },
      "exit 2: PARTNER_PRIVATE_KEY",
    ],
    [
      "jws with a module and a shared secret: the partner key is not used",
      {
        CRYPTO_PROFILE: MODULE,
        CARD_API_AUTH: "jws",
        CARD_API_JWS_KEY: "card-secret-0001",
        PARTNER_PRIVATE_KEY: "not a key",
      },
      "jws",
    ],
    [
      "headers instead of a module's",
      { CRYPTO_PROFILE: MODULE, CARD_API_AUTH: "headers", CARD_API_HEADERS: '{"X-Api-Key":"k-1"}' },
      "headers",
    ],
  ];
  test.for(ROWS)("%s", ([, env, expected]) => {
    expect(auth(env)).toBe(expected);
  });
});
