/**
 * Access tokens, in-process: how a token answer and a client-credentials request read, when a
 * held token is renewed, and that every fetched token is taught to the redactor. (Which
 * configuration is which source: token-config.unit.test.ts.)
 */
import { describe, expect, test } from "vitest";
import { RenewingTokens, renewalMargin, type FetchedToken } from "../../lib/http/auth/access-tokens.ts";
import { parseTokenAnswer, tokenRequest } from "../../lib/http/auth/token-fetch.ts";
import { redactor } from "../../lib/redaction/redact.ts";
import { parseDuration, parseSignedDuration } from "../../lib/time/duration.ts";

const URL = "https://auth.example/oauth/token";

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
    ["2h", 7_200_000],
  ];
  test.for(ROWS)("%s", ([text, ms]) => {
    expect(parseDuration(text)).toBe(ms);
  });

  test.for([
    ["90m", 5_400_000],
    ["-30s", -30_000],
    ["+2h", 7_200_000],
    ["0s", 0],
    ["soon", undefined],
  ] as const)("--clock-offset %s", ([text, ms]) => {
    expect(parseSignedDuration(text)).toBe(ms);
  });
});
