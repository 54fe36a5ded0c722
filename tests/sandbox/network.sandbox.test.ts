/**
 * The one client on real networks, in-process: each TLS and proxy failure gets its own
 * transport error kind, and the preflight's line for it names the variable to set; NO_PROXY sends
 * around the proxy; a family's own client certificate wins over the common one; the negotiated
 * session is recorded; a certificate expiring within 30 days is an info observation; a broken
 * target behind mutual TLS and a proxy fails its check for what it answers. Through the command:
 * tests/network/network-cli.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Family } from "../../lib/catalogue/types.ts";
import { loadConfig, type Config } from "../../lib/config/load.ts";
import type { NetworkConfig } from "../../lib/config/network.ts";
import { HttpClient } from "../../lib/http/transport/client.ts";
import type { Exchange, TransportErrorKind } from "../../lib/http/exchange.ts";
import { tlsSessions } from "../../lib/http/transport/tls-session.ts";
import { renewingTokensOf } from "../../lib/http/auth/token-fetch.ts";
import { SANDBOX_TOKEN_CLIENT } from "../../lib/test-data/published.ts";
import { networkReport } from "../../lib/reporting/network.ts";
import { networkProblem } from "../../lib/http/transport/network-problem.ts";
import { startSandbox } from "../../sandbox/server.ts";
import { LIMITS_LIST } from "../../lib/catalogue/index.ts";
import { judgeModules, onlyChecks } from "../support/engine-run.ts";
import { configFor } from "../support/harness.ts";
import { startForwardProxy, startHttpsTarget, type ForwardProxy, type HttpsTarget } from "../support/network.ts";

let mtls: HttpsTarget;
let expired: HttpsTarget;
let misnamed: HttpsTarget;
let proxy: ForwardProxy;
let refusingProxy: ForwardProxy;

beforeAll(async () => {
  [mtls, expired, misnamed, proxy, refusingProxy] = await Promise.all([
    startHttpsTarget({ mtls: true }),
    startHttpsTarget({ expiredServer: true }),
    startHttpsTarget({ serverHost: "other.example" }),
    startForwardProxy(),
    startForwardProxy({ refuseAll: true }),
  ]);
}, 60_000);
afterAll(() => Promise.all([mtls, expired, misnamed, proxy, refusingProxy].map((t) => t.close())));

/** The configuration a user would write, through the one loader. */
function config(env: Record<string, string>): Config {
  return loadConfig(env);
}

function pem(target: HttpsTarget): Record<string, string> {
  return { TLS_CA_FILE: target.files.ca, TLS_CLIENT_CERT: target.files.cert, TLS_CLIENT_KEY: target.files.key };
}

async function post(url: string, network: NetworkConfig, family?: Family): Promise<Exchange> {
  const client = new HttpClient({ timeoutMs: 5_000, network });
  try {
    return await client.post(`${url}/card/limits`, {
      headers: { "content-type": "application/json" },
      bodyText: "{}",
      ...(family ? { family } : {}),
    });
  } finally {
    await client.close();
  }
}

interface Row {
  name: string;
  target: () => HttpsTarget;
  env: () => Record<string, string>;
  kind: TransportErrorKind;
  variable: string;
}

const ROWS: Row[] = [
  { name: "no TLS_CA_FILE", target: () => mtls, env: () => ({}), kind: "tls-unknown-ca", variable: "TLS_CA_FILE:" },
  {
    name: "another CA in TLS_CA_FILE",
    target: () => mtls,
    env: () => ({ TLS_CA_FILE: expired.files.ca }),
    kind: "tls-unknown-ca",
    variable: "TLS_CA_FILE:",
  },
  {
    name: "no client certificate",
    target: () => mtls,
    env: () => ({ TLS_CA_FILE: mtls.files.ca }),
    kind: "tls-client-certificate",
    variable: "TLS_CLIENT_CERT / TLS_CLIENT_KEY:",
  },
  {
    name: "an expired server certificate",
    target: () => expired,
    env: () => ({ TLS_CA_FILE: expired.files.ca }),
    kind: "tls-certificate-expired",
    variable: "TARGET_BASE_URL:",
  },
  {
    name: "a certificate for another host",
    target: () => misnamed,
    env: () => ({ TLS_CA_FILE: misnamed.files.ca }),
    kind: "tls-hostname-mismatch",
    variable: "TARGET_BASE_URL:",
  },
  {
    name: "a proxy answering 407",
    target: () => mtls,
    env: () => ({ ...pem(mtls), HTTPS_PROXY: refusingProxy.url }),
    kind: "proxy-refused",
    variable: "HTTPS_PROXY:",
  },
  {
    name: "a proxy nobody listens on",
    target: () => mtls,
    env: () => ({ ...pem(mtls), https_proxy: "http://127.0.0.1:9" }),
    kind: "proxy-unreachable",
    variable: "HTTPS_PROXY:",
  },
];

describe("each network failure has its own kind, and the preflight line names the variable", () => {
  test.for(ROWS.map((row) => [row.name, row] as const))("%s", async ([, row]) => {
    const cfg = config({ ...row.env(), TARGET_BASE_URL: row.target().sandbox.url });
    const exchange = await post(row.target().sandbox.url, cfg.network, "card-api");
    expect(exchange.transportError?.kind, JSON.stringify(exchange.transportError)).toBe(row.kind);
    expect(networkProblem(exchange, cfg, "card-api", "TARGET_BASE_URL")).toMatch(new RegExp(`^${row.variable}`));
  });
});

test("a TLS front end's HTTP 400 for a missing client certificate (nginx) names TLS_CLIENT_CERT", () => {
  const cfg = config({});
  const exchange: Exchange = {
    seq: 1,
    startedAt: 0,
    durationMs: 1,
    request: { method: "POST", url: "https://platform.example/card/limits", headers: {}, bodyText: "{}" },
    response: { status: 400, headers: {}, bodyText: "<html>400 No required SSL certificate was sent</html>" },
  };
  expect(networkProblem(exchange, cfg, "card-api", "TARGET_BASE_URL")).toMatch(/^TLS_CLIENT_CERT \/ TLS_CLIENT_KEY:/);
  exchange.response!.bodyText = '{"error":"bad request"}';
  expect(networkProblem(exchange, cfg, "card-api", "TARGET_BASE_URL")).toBeUndefined();
});

test("a target that is down is not read as a network configuration problem", async () => {
  const cfg = config({ TLS_CA_FILE: mtls.files.ca });
  const exchange = await post("https://127.0.0.1:9", cfg.network);
  expect(exchange.transportError?.kind).toBe("connection-refused");
  expect(networkProblem(exchange, cfg, "card-api", "TARGET_BASE_URL")).toBeUndefined();
});

test("a target that is down behind a working proxy is not the proxy's configuration either", async () => {
  const cfg = config({ TLS_CA_FILE: mtls.files.ca, HTTPS_PROXY: proxy.url });
  const exchange = await post("https://127.0.0.1:9", cfg.network);
  expect(exchange.transportError?.kind, JSON.stringify(exchange.transportError)).toBe("connection-refused");
  expect(networkProblem(exchange, cfg, "card-api", "TARGET_BASE_URL")).toBeUndefined();
});

describe("the proxy", () => {
  test("carries the requests through its tunnel, unless NO_PROXY names the host", async () => {
    const before = proxy.tunnels();
    const through = await post(mtls.sandbox.url, config({ ...pem(mtls), HTTPS_PROXY: proxy.url }).network);
    expect(through.response?.status).toBeDefined();
    expect(proxy.tunnels()).toBe(before + 1);
    const around = await post(
      mtls.sandbox.url,
      config({ ...pem(mtls), HTTPS_PROXY: proxy.url, NO_PROXY: "localhost,127.0.0.1" }).network,
    );
    expect(around.response?.status).toBeDefined();
    expect(proxy.tunnels()).toBe(before + 1);
  });
});

test("an http:// target through HTTP_PROXY: each request forwarded in absolute form, as curl does, not tunnelled", async () => {
  const plain = await startSandbox();
  try {
    const [tunnels, forwarded] = [proxy.tunnels(), proxy.forwarded()];
    const cfg = config({ HTTP_PROXY: proxy.url });
    const answers = [await post(plain.url, cfg.network), await post(plain.url, cfg.network)];
    // The sandbox's own JSON answer (a 404 for this path): the requests reached it.
    expect(answers.map((a) => a.response?.json !== undefined)).toEqual([true, true]);
    expect([proxy.tunnels() - tunnels, proxy.forwarded() - forwarded]).toEqual([0, 2]);
  } finally {
    await plain.close();
  }
});

describe("the token endpoint", () => {
  const tokenEnv = () => ({
    PARTNER_TOKEN_URL: mtls.sandbox.url + SANDBOX_TOKEN_CLIENT.tokenPath,
    PARTNER_CLIENT_ID: SANDBOX_TOKEN_CLIENT.clientId,
    PARTNER_CLIENT_SECRET: SANDBOX_TOKEN_CLIENT.clientSecret,
  });

  test("is reached with the same CA, client certificate and proxy as the target", async () => {
    const tokens = renewingTokensOf(config({ ...tokenEnv(), ...pem(mtls), HTTPS_PROXY: proxy.url }));
    const before = proxy.tunnels();
    try {
      expect(await tokens.current()).toMatch(/\S{8,}/);
    } finally {
      await tokens.close();
    }
    expect(proxy.tunnels()).toBe(before + 1);
  });

  test("trusted by the families' own CAs only, not by the common one: the line names TLS_CA_FILE, for the token endpoint", async () => {
    const ca = mtls.files.ca;
    const tokens = renewingTokensOf(
      config({
        ...tokenEnv(),
        ...pem(mtls),
        TLS_CA_FILE: "",
        CARD_API_TLS_CA_FILE: ca,
        PARTNER_API_TLS_CA_FILE: ca,
        MERCHANT_API_TLS_CA_FILE: ca,
      }),
    );
    try {
      await expect(tokens.current()).rejects.toThrow(/^TLS_CA_FILE: the token endpoint/);
    } finally {
      await tokens.close();
    }
  });

  test("without the client certificate it cannot be reached, and the line names the variables to set", async () => {
    const tokens = renewingTokensOf(config({ ...tokenEnv(), TLS_CA_FILE: mtls.files.ca }));
    try {
      await expect(tokens.current()).rejects.toThrow(
        /^TLS_CLIENT_CERT \/ TLS_CLIENT_KEY: the token endpoint .* demands a client certificate/,
      );
    } finally {
      await tokens.close();
    }
  });
});

describe("per family", () => {
  test("a PKCS#12 identity (TLS_CLIENT_PFX) reaches the mutual-TLS target", async () => {
    const cfg = config({
      TLS_CA_FILE: mtls.files.ca,
      TLS_CLIENT_PFX: mtls.files.pfx,
      TLS_CLIENT_PFX_PASSPHRASE: mtls.certificates.pfxPassphrase,
    });
    expect((await post(mtls.sandbox.url, cfg.network, "card-api")).response?.status).toBeDefined();
  });

  test("a family's own client certificate wins over the common setting (none here)", async () => {
    const cfg = config({
      TLS_CA_FILE: mtls.files.ca,
      CARD_API_TLS_CLIENT_PFX: mtls.files.pfx,
      CARD_API_TLS_CLIENT_PFX_PASSPHRASE: mtls.certificates.pfxPassphrase,
    });
    expect((await post(mtls.sandbox.url, cfg.network, "card-api")).response?.status).toBeDefined();
    const partner = await post(mtls.sandbox.url, cfg.network, "partner-transfer-api");
    expect(partner.transportError?.kind).toBe("tls-client-certificate");
    // A request of no family (a token endpoint) takes the common settings too.
    expect((await post(mtls.sandbox.url, cfg.network)).transportError?.kind).toBe("tls-client-certificate");
  });
});

test("a broken target behind mutual TLS and a proxy fails its check for the value, not for the way there", async () => {
  const fault = { kind: "set-field" as const, operation: LIMITS_LIST.key, path: ["status"], value: "OK" };
  const broken = await startHttpsTarget({ mtls: true, sandbox: { faults: [fault] } });
  try {
    const tunnels = proxy.tunnels();
    const cfg = configFor(broken.sandbox.url, { ...pem(broken), HTTPS_PROXY: proxy.url });
    const [result] = await judgeModules(cfg, onlyChecks(["CARD-LIM-STATUS-OK"]));
    expect(result).toMatchObject({ id: "CARD-LIM-STATUS-OK", outcome: "failed", category: "value" });
    expect(result!.message).toMatch(/OK/);
    expect(result!.message).not.toMatch(/tls-|proxy-|connection-|transport/i);
    expect(proxy.tunnels()).toBeGreaterThan(tunnels);
  } finally {
    await broken.close();
  }
});

describe("the negotiated session", () => {
  test("is recorded with the server certificate's subject, issuer and expiry", async () => {
    await post(mtls.sandbox.url, config(pem(mtls)).network);
    const session = tlsSessions().find((s) => s.origin === mtls.sandbox.url);
    expect(session).toMatchObject({
      protocol: expect.stringMatching(/^TLSv1\.[23]$/),
      subject: expect.stringContaining("CN=127.0.0.1"),
    });
    expect(session!.issuer).toContain("throwaway CA");
  });

  test("a target whose certificate expires in 10 days gets the observation from its recorded session", async () => {
    const soon = await startHttpsTarget({ serverDays: 10 });
    try {
      await post(soon.sandbox.url, config({ TLS_CA_FILE: soon.files.ca }).network);
      const report = networkReport(
        tlsSessions().filter((s) => s.origin === soon.sandbox.url),
        "",
      );
      expect(report!.observations).toEqual([expect.stringMatching(/^info: .* in (9|10) day\(s\)/)]);
    } finally {
      await soon.close();
    }
  });

  test("a certificate expiring within 30 days is an info observation, one expiring later is not", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    const session = (validTo: string) => ({
      origin: "https://t",
      protocol: "TLSv1.3",
      cipher: "c",
      subject: "CN=t",
      issuer: "CN=ca",
      validTo,
    });
    expect(networkReport([session("2026-01-20T00:00:00Z")], "", now)!.observations).toEqual([
      expect.stringMatching(/^info: the server certificate of https:\/\/t .* in 19 day/),
    ]);
    expect(networkReport([session("2026-03-01T00:00:00Z")], "", now)!.observations).toEqual([]);
    expect(networkReport([], "", now)).toBeUndefined();
  });
});
