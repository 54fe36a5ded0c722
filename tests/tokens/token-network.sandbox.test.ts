/**
 * The token endpoint is reached like the target: over HTTPS with the private CA of TLS_CA_FILE,
 * with the client certificate where the server demands one, and through the outbound proxy — the
 * token requests go through the one client with the configuration's network settings.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REGISTER_BUSINESS } from "../../lib/catalogue/index.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { SANDBOX_TOKEN_CLIENT } from "../../lib/test-data/published.ts";
import { configFor } from "../support/harness.ts";
import { startForwardProxy, startHttpsTarget, type ForwardProxy, type HttpsTarget } from "../support/network.ts";

const { clientId, clientSecret, tokenPath } = SANDBOX_TOKEN_CLIENT;

describe("a token endpoint behind a private CA, mutual TLS and a proxy", () => {
  let https: HttpsTarget;
  let proxy: ForwardProxy;
  beforeAll(async () => {
    https = await startHttpsTarget({ mtls: true, sandbox: { tokenTtlMs: 60_000 } });
    proxy = await startForwardProxy();
  });
  afterAll(async () => {
    await Promise.all([https.close(), proxy.close()]);
  });

  /** A registration with the fetched token: 400 once past auth (the body is empty on purpose). */
  async function registrationStatus(env: Record<string, string>): Promise<number | string | undefined> {
    const run = await createRunContext(
      configFor(https.sandbox.url, {
        PARTNER_TOKEN_URL: https.sandbox.url + tokenPath,
        PARTNER_CLIENT_ID: clientId,
        PARTNER_CLIENT_SECRET: clientSecret,
        TLS_CLIENT_CERT: https.files.cert,
        TLS_CLIENT_KEY: https.files.key,
        ...env,
      }),
    );
    try {
      return (await run.target.send(REGISTER_BUSINESS, {})).response?.status;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await run.target.close();
    }
  }

  test("with TLS_CA_FILE the token is fetched and accepted", async () => {
    const before = https.sandbox.tokens.requests;
    expect(await registrationStatus({ TLS_CA_FILE: https.files.ca })).toBe(400);
    expect(https.sandbox.tokens.requests).toBe(before + 1);
  });

  test("without it the token endpoint is not trusted: the line names TLS_CA_FILE, the variable to set", async () => {
    expect(await registrationStatus({})).toMatch(
      /^TLS_CA_FILE: the token endpoint https:\/\/127\.0\.0\.1:\d+\S*: the server's certificate at .* is not signed by a CA the harness trusts/,
    );
  });

  test("through HTTPS_PROXY: the token request tunnels through the proxy too", async () => {
    const tunnels = proxy.tunnels();
    const before = https.sandbox.tokens.requests;
    expect(await registrationStatus({ TLS_CA_FILE: https.files.ca, HTTPS_PROXY: proxy.url })).toBe(400);
    expect(https.sandbox.tokens.requests).toBe(before + 1);
    // One tunnel for the token endpoint's client, one for the target's.
    expect(proxy.tunnels() - tunnels).toBeGreaterThanOrEqual(2);
  });
});
