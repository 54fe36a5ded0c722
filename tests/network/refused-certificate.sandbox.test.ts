/**
 * A client certificate the server does not accept (issued by another CA): a Node HTTPS server
 * closes such a connection without a TLS alert, so the request sees only a reset. The harness asks
 * with two handshakes: ours closed at once, none refused for the missing certificate — exit 2
 * naming TLS_CLIENT_CERT, for the target (preflight) and for the token endpoint alike. A reset from
 * a server that demands no certificate, or that accepts ours, stays the target's (the checks report it).
 */
import { createServer, type Server } from "node:tls";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { refusedClientCertificate } from "../../lib/http/auth/client-certificate-probe.ts";
import { HttpClient } from "../../lib/http/transport/client.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { renewingTokensOf } from "../../lib/http/auth/token-fetch.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { runPreflight } from "../../lib/runner/preflight.ts";
import { SANDBOX_TOKEN_CLIENT } from "../../lib/test-data/published.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { configFor } from "../support/harness.ts";
import { startHttpsTarget, type HttpsTarget } from "../support/network.ts";

let mtls: HttpsTarget;
/** A second platform: its client certificate is of another CA, as far as `mtls` is concerned. */
let other: HttpsTarget;
/** Completes every TLS handshake (no client certificate asked), then closes the connection. */
let closer: { url: string; server: Server };

beforeAll(async () => {
  [mtls, other] = await Promise.all([startHttpsTarget({ mtls: true }), startHttpsTarget({})]);
  const { certificates } = other;
  const server = createServer({ cert: certificates.serverCert, key: certificates.serverKey }, (s) => s.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closer = { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}, 60_000);
afterAll(async () => {
  await Promise.all([mtls.close(), other.close()]);
  await new Promise((resolve) => closer.server.close(resolve));
});

const otherIdentity = () => ({ TLS_CLIENT_CERT: other.files.cert, TLS_CLIENT_KEY: other.files.key });

async function post(url: string, env: Record<string, string>): Promise<Exchange> {
  const client = new HttpClient({ timeoutMs: 5_000, network: loadConfig(env).network });
  try {
    return await client.post(`${url}/card/limits`, { headers: { "content-type": "application/json" }, bodyText: "{}" });
  } finally {
    await client.close();
  }
}

test("another CA's certificate: the request sees a reset, and the server's demand names TLS_CLIENT_CERT", async () => {
  const env = { TLS_CA_FILE: mtls.files.ca, ...otherIdentity() };
  const exchange = await post(mtls.sandbox.url, env);
  expect(exchange.transportError?.kind).toBe("connection-reset");
  const problem = await refusedClientCertificate(exchange, loadConfig(env).network, undefined);
  expect(problem?.variable).toBe("TLS_CLIENT_CERT");
  expect(problem?.problem).toMatch(/demands a certificate when none is given: it does not accept this one/);
});

test("a reset from a server that demands no certificate is not blamed on the certificate", async () => {
  const env = { TLS_CA_FILE: other.files.ca, ...otherIdentity() };
  const exchange = await post(closer.url, env);
  expect(exchange.transportError?.kind).toBe("connection-reset");
  expect(await refusedClientCertificate(exchange, loadConfig(env).network, undefined)).toBeUndefined();
});

test("a reset from a server that accepts the configured certificate (a flaky target) is not blamed on it", async () => {
  const env = { TLS_CA_FILE: mtls.files.ca, TLS_CLIENT_CERT: mtls.files.cert, TLS_CLIENT_KEY: mtls.files.key };
  const answered = await post(mtls.sandbox.url, env);
  expect(answered.response?.status).toBeDefined();
  const reset: Exchange = { ...answered, transportError: { kind: "connection-reset", message: "connection closed" } };
  expect(await refusedClientCertificate(reset, loadConfig(env).network, undefined)).toBeUndefined();
});

test("without a configured certificate, or through a proxy, nothing is asked", async () => {
  const env = { TLS_CA_FILE: mtls.files.ca, ...otherIdentity() };
  const exchange = await post(mtls.sandbox.url, env);
  const { network } = loadConfig({ TLS_CA_FILE: mtls.files.ca });
  expect(await refusedClientCertificate(exchange, network, undefined)).toBeUndefined();
  const proxied = loadConfig({ ...env, HTTPS_PROXY: "http://127.0.0.1:9" }).network;
  expect(await refusedClientCertificate(exchange, proxied, undefined)).toBeUndefined();
});

test("the preflight: exit 2 (a PreflightProblem) naming TLS_CLIENT_CERT, not a run of failed checks", async () => {
  const run = await createRunContext(configFor(mtls.sandbox.url, { TLS_CA_FILE: mtls.files.ca, ...otherIdentity() }));
  try {
    await expect(runPreflight(run, PREFLIGHT_REQUESTS)).rejects.toThrow(
      /^preflight: TLS_CLIENT_CERT: the server at https:\/\/127\.0\.0\.1:\d+ closes every connection that presents this client certificate/,
    );
  } finally {
    await run.target.close();
  }
});

test("the token endpoint: the line names TLS_CLIENT_CERT", async () => {
  const tokens = renewingTokensOf(
    loadConfig({
      PARTNER_TOKEN_URL: mtls.sandbox.url + SANDBOX_TOKEN_CLIENT.tokenPath,
      PARTNER_CLIENT_ID: SANDBOX_TOKEN_CLIENT.clientId,
      PARTNER_CLIENT_SECRET: SANDBOX_TOKEN_CLIENT.clientSecret,
      TLS_CA_FILE: mtls.files.ca,
      ...otherIdentity(),
    }),
  );
  try {
    await expect(tokens.current()).rejects.toThrow(/^TLS_CLIENT_CERT: the token endpoint .* does not accept this one/);
  } finally {
    await tokens.close();
  }
});
