/**
 * Access tokens and card API auth, in-process: which configuration is which token source (and
 * which combination is exit 2, naming what), what CARD_API_AUTH becomes, how a token answer and a
 * client-credentials request read, when a held token is renewed, and that every fetched token is
 * taught to the redactor.
 */
import { describe, expect, test } from "vitest";
import { ConfigError } from "../../lib/config/errors.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { RenewingTokens, renewalMargin, type FetchedToken } from "../../lib/http/access-tokens.ts";
import { parseTokenAnswer, tokenRequest } from "../../lib/http/token-fetch.ts";
import { redactor } from "../../lib/redaction/redact.ts";
import { parseDuration } from "../../lib/time/duration.ts";

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

describe("a token answer", () => {
  const ROWS: Array<[string, string, boolean, FetchedToken | string]> = [
    ["JSON with a lifetime", '{"access_token":"t-1","expires_in":600}', false, { token: "t-1", expiresInMs: 600_000 }],
    [
      "JSON with the lifetime as text",
      '{"access_token":"t-1","expires_in":"60"}',
      false,
      { token: "t-1", expiresInMs: 60_000 },
    ],
    ["JSON without a lifetime: valid until refused", '{"access_token":"t-1"}', false, { token: "t-1" }],
    ["JSON without a token", '{"token":"t-1"}', false, "the answer holds no access_token"],
    ["a bare token from a command", "t-1.abc_DEF~\n", true, { token: "t-1.abc_DEF~" }],
    ["a bare token from an endpoint", "t-1", false, "the answer is not JSON"],
    ["two words from a command", "your token: t-1", true, "it printed no token (one word, or JSON with access_token)"],
    ["nothing from a command", "", true, "it printed no token (one word, or JSON with access_token)"],
  ];
  test.for(ROWS)("%s", ([, text, bare, expected]) => {
    expect(parseTokenAnswer(text, bare)).toEqual(expected);
  });
});

describe("the client-credentials request (RFC 6749 §4.4)", () => {
  const source = {
    kind: "client-credentials" as const,
    url: URL,
    clientId: "partner 7",
    clientSecret: "s3cret:value",
    scope: "transfers read",
  };

  test("basic: the client in HTTP Basic, each part form-encoded first (§2.3.1), the grant and scope in the body", () => {
    const { headers, bodyText } = tokenRequest({ ...source, auth: "basic" });
    expect(headers["Content-Type"]).toBe("application/x-www-form-urlencoded");
    expect(Buffer.from(headers.Authorization!.replace(/^Basic /, ""), "base64").toString()).toBe(
      "partner%207:s3cret%3Avalue",
    );
    expect(Object.fromEntries(new URLSearchParams(bodyText))).toEqual({
      grant_type: "client_credentials",
      scope: "transfers read",
    });
  });

  test("post: the client in the body, no Authorization header", () => {
    const { headers, bodyText } = tokenRequest({ ...source, scope: "", auth: "post" });
    expect(headers.Authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(bodyText))).toEqual({
      grant_type: "client_credentials",
      client_id: "partner 7",
      client_secret: "s3cret:value",
    });
  });
});

describe("a held token", () => {
  /** A source that counts its calls, each token valid `lifetimeMs`, on a clock the test moves. */
  function counting(lifetimeMs: number | undefined) {
    const clock = { now: 1_000_000 };
    let n = 0;
    const tokens = new RenewingTokens(
      async () => ({ token: `fetched-token-${++n}-x`, ...(lifetimeMs ? { expiresInMs: lifetimeMs } : {}) }),
      () => clock.now,
    );
    return { tokens, clock, calls: () => n };
  }

  test("is kept until the margin before its stated expiry, then fetched anew", async () => {
    const { tokens, clock, calls } = counting(5_000);
    expect(await tokens.current()).toBe("fetched-token-1-x");
    clock.now += 5_000 - renewalMargin(5_000) - 1;
    expect(await tokens.current()).toBe("fetched-token-1-x");
    clock.now += 1;
    expect(await tokens.current()).toBe("fetched-token-2-x");
    expect(calls()).toBe(2);
  });

  test("without a stated lifetime, is kept until a 401 renews it", async () => {
    const { tokens, clock } = counting(undefined);
    const first = await tokens.current();
    clock.now += 86_400_000;
    expect(await tokens.current()).toBe(first);
    expect(await tokens.renew(first)).toBe("fetched-token-2-x");
  });

  test("many 401s with the same stale token renew it once; a renewal asked with an older token gets the current one", async () => {
    const { tokens, calls } = counting(60_000);
    const stale = await tokens.current();
    const renewed = await Promise.all([tokens.renew(stale), tokens.renew(stale), tokens.renew(stale)]);
    expect(new Set(renewed)).toEqual(new Set(["fetched-token-2-x"]));
    expect(await tokens.renew(stale)).toBe("fetched-token-2-x");
    expect(calls()).toBe(2);
  });

  test("a renewal ahead of time that fails keeps the token while it is valid, and fails once it is not", async () => {
    const clock = { now: 0 };
    let up = true;
    const tokens = new RenewingTokens(
      async () => {
        if (!up) throw new Error("token endpoint down");
        return { token: "fetched-token-held", expiresInMs: 10_000 };
      },
      () => clock.now,
    );
    await tokens.current();
    up = false;
    clock.now = 9_000;
    expect(await tokens.current()).toBe("fetched-token-held");
    clock.now = 10_000;
    await expect(tokens.current()).rejects.toThrow(/token endpoint down/);
  });

  test("the margin is a fifth of the lifetime, at most 30 s", () => {
    expect([renewalMargin(5_000), renewalMargin(600_000)]).toEqual([1_000, 30_000]);
  });

  test("every fetched token is replaced in every output of the process that fetched it", async () => {
    const { tokens } = counting(60_000);
    const token = await tokens.current();
    const echoed = redactor.body(JSON.stringify({ echo: `the server saw ${token}` }));
    expect(echoed).not.toContain(token);
    expect(echoed).toContain("<PARTNER_ACCESS_TOKEN>");
  });
});

describe("--token-ttl durations", () => {
  const ROWS: Array<[string, number | undefined]> = [
    ["5s", 5_000],
    ["500ms", 500],
    ["2m", 120_000],
    ["7", 7_000],
    ["0s", undefined],
    ["five", undefined],
    ["-5s", undefined],
  ];
  test.for(ROWS)("%s", ([text, ms]) => {
    expect(parseDuration(text)).toBe(ms);
  });
});
