/**
 * Access tokens against in-process sandboxes: the sandbox's token endpoint (client credentials,
 * basic and post; short-lived tokens refused once expired), the target's renewal after a 401 —
 * and none for a request whose token a check set or removed on purpose —, the broker that serves
 * one token to every worker, and card API auth chosen apart from the partner profile (jws, and
 * bearer with the fetched token: every check of every module passes). With tokens that expire, the
 * auth checks' own wrong or missing token is never repaired.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { CARD_STATEMENT, REGISTER_BUSINESS } from "../../lib/catalogue/index.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { RenewingTokens } from "../../lib/http/auth/access-tokens.ts";
import { BrokeredTokens, startTokenBroker } from "../../lib/http/auth/token-broker.ts";
import { Pace } from "../../lib/http/coordination/pace.ts";
import { HttpClient } from "../../lib/http/transport/client.ts";
import { SANDBOX_PARTNER, SANDBOX_TOKEN_CLIENT } from "../../lib/test-data/published.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { judgeModules, onlyChecks, shown } from "../support/engine-run.ts";
import { configFor, withSandbox } from "../support/harness.ts";
import type { RunningSandbox } from "../../sandbox/server.ts";
import { ROOT } from "../support/cli.ts";

const { clientId, clientSecret, tokenPath } = SANDBOX_TOKEN_CLIENT;
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

async function askToken(sandbox: RunningSandbox, headers: Record<string, string>, body: string) {
  const res = await fetch(sandbox.url + tokenPath, { method: "POST", headers: { ...FORM, ...headers }, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A registration with only a bearer header: 401 when the token is refused, 400 once past auth. */
async function registerStatus(sandbox: RunningSandbox, token: string): Promise<number> {
  const res = await fetch(sandbox.url + REGISTER_BUSINESS.path, {
    method: "POST",
    headers: { "content-type": "application/json", "authorization": `Bearer ${token}` },
    body: "{}",
  });
  return res.status;
}

describe("the sandbox's token endpoint", () => {
  const GRANT = "grant_type=client_credentials";

  test("grants a client authenticated by HTTP Basic or in the body, with the lifetime in expires_in", async () => {
    await withSandbox({ tokenTtlMs: 5_000 }, async (sandbox) => {
      const byBasic = await askToken(sandbox, { authorization: basic(clientId, clientSecret) }, GRANT);
      const byPost = await askToken(sandbox, {}, `${GRANT}&client_id=${clientId}&client_secret=${clientSecret}`);
      for (const answer of [byBasic, byPost]) {
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ token_type: "Bearer", expires_in: 5 });
        expect(await registerStatus(sandbox, String(answer.body.access_token))).toBe(400);
      }
    });
  });

  test.for([
    ["a wrong secret", { authorization: basic(clientId, "wrong") }, GRANT, 401, "invalid_client"],
    ["no client at all", {}, GRANT, 401, "invalid_client"],
    [
      "another grant",
      { authorization: basic(clientId, clientSecret) },
      "grant_type=password",
      400,
      "unsupported_grant_type",
    ],
  ] as const)("refuses %s", async ([, headers, body, status, error]) => {
    await withSandbox({ tokenTtlMs: 5_000 }, async (sandbox) => {
      expect(await askToken(sandbox, headers, body)).toMatchObject({ status, body: { error } });
    });
  });

  // Tokens age on the sandbox's clock: moved a minute on, not slept through (a loaded machine can
  // stretch a short sleep, or the time before the first use, past a short lifetime).
  test("with a ttl, refuses its tokens once expired and the published static token always", async () => {
    await withSandbox({ tokenTtlMs: 60_000 }, async (sandbox) => {
      const { body } = await askToken(sandbox, { authorization: basic(clientId, clientSecret) }, GRANT);
      expect(await registerStatus(sandbox, String(body.access_token))).toBe(400);
      expect(await registerStatus(sandbox, SANDBOX_PARTNER.accessToken)).toBe(401);
      sandbox.setClockOffset(59_000);
      expect(await registerStatus(sandbox, String(body.access_token))).toBe(400);
      sandbox.setClockOffset(60_001);
      expect(await registerStatus(sandbox, String(body.access_token))).toBe(401);
    });
  });

  test("without a ttl, the published static token keeps working", async () => {
    await withSandbox({}, async (sandbox) => {
      expect(await registerStatus(sandbox, SANDBOX_PARTNER.accessToken)).toBe(400);
    });
  });
});

/** Every check of every module judged against the configuration, and none but passed. */
async function expectEveryCheckPassed(config: Parameters<typeof judgeModules>[0]): Promise<void> {
  const results = await judgeModules(config);
  expect(
    results.filter((r) => r.outcome !== "passed").map((r) => r.id),
    shown(results),
  ).toEqual([]);
}

// A request that waits for its slot (a busy target, CONCURRENCY) must not go out with a token read
// before the wait: with tokens of a few seconds it would have expired on the way (seen under load).
test("a request that waited for its slot reads the token once it has it, not before", async () => {
  await withSandbox({}, async (sandbox) => {
    const pace = new Pace({ concurrency: 1 });
    const client = new HttpClient({ timeoutMs: 10_000, pace });
    try {
      expect(await pace.acquire()).toBe(true);
      let readAt = 0;
      const bearer = async () => ((readAt = Date.now()), SANDBOX_PARTNER.accessToken);
      const headers = { "Content-Type": "application/json" };
      const sent = client.post(sandbox.url + REGISTER_BUSINESS.path, { headers, bodyText: "{}", bearer });
      await sleep(300);
      expect(readAt).toBe(0);
      const releasedAt = Date.now();
      pace.release();
      const exchange = await sent;
      expect(readAt).toBeGreaterThanOrEqual(releasedAt);
      expect(exchange.request.headers.Authorization).toBe(`Bearer ${SANDBOX_PARTNER.accessToken}`);
      // Past auth: the empty body is refused as a bad request, not as a missing token.
      expect(exchange.response?.status).toBe(400);
    } finally {
      await client.close();
    }
  });
});

describe("the target renews an expired token after a 401, once, and only its own", () => {
  /** A token command that claims ten minutes for a token the sandbox lets live one (its clock moved past it below): only a 401 can renew it. */
  const overclaiming = (sandbox: RunningSandbox) =>
    configFor(sandbox.url, {
      PARTNER_TOKEN_COMMAND: `node ${ROOT}tests/tokens/token-command.mjs ${sandbox.url}${tokenPath} 600`,
    });

  test("the request is sent again with a new token and that answer is the exchange", async () => {
    // The token expires by the sandbox's clock moving a minute on, not by sleeping: a short lifetime
    // could run out before the first request on a loaded machine (the command is a node process).
    await withSandbox({ tokenTtlMs: 60_000 }, async (sandbox) => {
      const run = await createRunContext(overclaiming(sandbox));
      try {
        expect((await run.target.send(REGISTER_BUSINESS, {})).response?.status).toBe(400);
        sandbox.setClockOffset(60_001);
        const again = await run.target.send(REGISTER_BUSINESS, {});
        expect(again.response?.status).toBe(400);
        expect(again.notes?.join(" ")).toMatch(/renewed and the request sent again/);
        expect(sandbox.tokens.requests).toBe(2);
      } finally {
        await run.target.close();
      }
    });
  });

  test("a request with a token set or removed on purpose keeps its 401, and nothing is renewed", async () => {
    await withSandbox({ tokenTtlMs: 60_000 }, async (sandbox) => {
      const run = await createRunContext(overclaiming(sandbox));
      try {
        expect((await run.target.send(REGISTER_BUSINESS, {})).response?.status).toBe(400);
        for (const Authorization of ["Bearer not-a-partner-token-000000", undefined]) {
          const exchange = await run.target.send(REGISTER_BUSINESS, {}, { headers: { Authorization } });
          expect(exchange.response?.status).toBe(401);
          expect(exchange.notes ?? []).toEqual([]);
        }
        expect(sandbox.tokens.requests).toBe(1);
      } finally {
        await run.target.close();
      }
    });
  });
});

describe("a check's own wrong or missing token is not repaired, with tokens that expire", () => {
  // With a target that accepts any token, only the auth checks' deliberate tokens can tell: a
  // renewal of theirs would make them pass.
  test("the auth checks fail a target that accepts any token", async () => {
    const faults = [{ kind: "behaviour" as const, name: "skips-bearer-check" as const }];
    await withSandbox({ tokenTtlMs: 5_000, faults }, async (sandbox) => {
      const ids = ["PT-BIZ-AUTH-NO-BEARER", "PT-BIZ-AUTH-WRONG-BEARER"];
      const config = configFor(sandbox.url, {
        PARTNER_TOKEN_URL: sandbox.url + tokenPath,
        PARTNER_CLIENT_ID: clientId,
        PARTNER_CLIENT_SECRET: clientSecret,
      });
      const results = await judgeModules(config, onlyChecks(ids));
      expect(results.map((r) => `${r.id} ${r.outcome}`).sort(), shown(results)).toEqual(
        ids.map((id) => `${id} failed`),
      );
      // One token, for the untampered registration each refusal is judged against
      // (requireValidAccepted); nothing renewed: a renewal would have asked the token endpoint again.
      expect(sandbox.tokens.requests).toBe(1);
    });
  });
});

describe("the token broker", () => {
  test("serves one token to every worker and renews it once for all who report it stale", async () => {
    let n = 0;
    const tokens = new RenewingTokens(async () => ({ token: `brokered-token-${++n}`, expiresInMs: 60_000 }));
    const broker = await startTokenBroker(tokens);
    const workers = [new BrokeredTokens(broker.address, 2_000), new BrokeredTokens(broker.address, 2_000)];
    try {
      const first = await Promise.all(workers.map((w) => w.current()));
      expect(first).toEqual(["brokered-token-1", "brokered-token-1"]);
      const renewed = await Promise.all(workers.map((w) => w.renew("brokered-token-1")));
      expect(renewed).toEqual(["brokered-token-2", "brokered-token-2"]);
      expect(n).toBe(2);
    } finally {
      await Promise.all([...workers.map((w) => w.close()), broker.close()]);
    }
  });

  test("refuses a caller without the run's secret", async () => {
    const broker = await startTokenBroker(new RenewingTokens(async () => ({ token: "brokered-token-x" })));
    const stranger = new BrokeredTokens({ ...broker.address, secret: "guessed-secret-000000000000" }, 2_000);
    try {
      await expect(stranger.current()).rejects.toThrow(/not a worker of this run/);
    } finally {
      await Promise.all([stranger.close(), broker.close()]);
    }
  });
});

describe("card API auth is its own choice, verified by the sandbox whatever the partner profile", () => {
  async function statementStatus(sandbox: RunningSandbox, env: Record<string, string>): Promise<number | undefined> {
    const config = configFor(sandbox.url, env);
    const run = await createRunContext(config);
    try {
      return (await run.target.send(CARD_STATEMENT, PREFLIGHT_REQUESTS.statement(config))).response?.status;
    } finally {
      await run.target.close();
    }
  }

  test("jws with the default profile: an HMAC detached JWS, refused without it", async () => {
    const cardApiJws = {
      algorithm: "HS256",
      hmacKey: "card-jws-shared-secret-0001",
      header: "X-JWS-Signature",
      fields: {},
    };
    await withSandbox({ cardApiAuth: "jws", cardApiJws }, async (sandbox) => {
      const jws = { CARD_API_AUTH: "jws", CARD_API_JWS_ALGORITHM: "HS256", CARD_API_JWS_KEY: cardApiJws.hmacKey };
      expect(await statementStatus(sandbox, jws)).toBe(200);
      expect(await statementStatus(sandbox, { ...jws, CARD_API_JWS_KEY: "another-secret-0002" })).toBe(401);
      expect(await statementStatus(sandbox, {})).toBe(401);
    });
  });

  test("bearer: the partner's fetched token on card API requests, refused without it", async () => {
    await withSandbox({ cardApiAuth: "bearer", tokenTtlMs: 60_000 }, async (sandbox) => {
      const fetched = {
        PARTNER_TOKEN_URL: sandbox.url + tokenPath,
        PARTNER_CLIENT_ID: clientId,
        PARTNER_CLIENT_SECRET: clientSecret,
      };
      expect(await statementStatus(sandbox, { ...fetched, CARD_API_AUTH: "bearer" })).toBe(200);
      expect(await statementStatus(sandbox, fetched)).toBe(401);
    });
  });

  test("jws (HS512, a protected uri field) with the default profile: every check of every module passes", async () => {
    const cardApiJws = {
      algorithm: "HS512",
      hmacKey: "card-jws-shared-secret-0001",
      header: "X-Card-JWS",
      fields: { uri: "{path}" },
    };
    await withSandbox({ cardApiAuth: "jws", cardApiJws }, async (sandbox) => {
      const config = configFor(sandbox.url, {
        CRYPTO_PROFILE: "default",
        CARD_API_AUTH: "jws",
        CARD_API_JWS_ALGORITHM: "HS512",
        CARD_API_JWS_KEY: cardApiJws.hmacKey,
        CARD_API_JWS_HEADER: "X-Card-JWS",
        CARD_API_JWS_FIELDS: JSON.stringify(cardApiJws.fields),
        PROPERTY_RUNS: "5",
      });
      await expectEveryCheckPassed(config);
    });
  });

  // Renewed as the partner API's is: one token source, one path in Target.send (the CLI run of
  // tokens-cli.test.ts renews it over a long run; the test above after a 401).
  test("bearer: the partner's fetched token on the card API: every check of every module passes", async () => {
    await withSandbox({ cardApiAuth: "bearer", tokenTtlMs: 5_000 }, async (sandbox) => {
      const config = configFor(sandbox.url, {
        PARTNER_TOKEN_URL: sandbox.url + tokenPath,
        PARTNER_CLIENT_ID: clientId,
        PARTNER_CLIENT_SECRET: clientSecret,
        CARD_API_AUTH: "bearer",
        PROPERTY_RUNS: "5",
      });
      await expectEveryCheckPassed(config);
    });
  });

  test("none with the jws profile: no JWS is sent (the profile's card header is not added)", async () => {
    await withSandbox({ profile: "jws", cardApiAuth: "none" }, async (sandbox) => {
      expect(await statementStatus(sandbox, { CRYPTO_PROFILE: "jws", CARD_API_AUTH: "none" })).toBe(200);
    });
    await withSandbox({ profile: "jws" }, async (sandbox) => {
      expect(await statementStatus(sandbox, { CRYPTO_PROFILE: "jws", CARD_API_AUTH: "none" })).toBe(401);
      expect(await statementStatus(sandbox, { CRYPTO_PROFILE: "jws" })).toBe(200);
    });
  });
});
