/**
 * The curl line of an exchange over mutual TLS reproduces it: it takes the CA and the client
 * certificate from the same variables (filled in from the environment, like the secrets), and curl
 * reads the proxy from HTTPS_PROXY as the harness does. Run with the real curl when it is installed.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Family } from "../../lib/catalogue/types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { HttpClient } from "../../lib/http/transport/client.ts";
import { toCurl } from "../../lib/http/curl.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { Redactor } from "../../lib/redaction/redact.ts";
import { startForwardProxy, startHttpsTarget, type ForwardProxy, type HttpsTarget } from "../support/network.ts";

let target: HttpsTarget;
let proxy: ForwardProxy;
beforeAll(async () => {
  [target, proxy] = await Promise.all([startHttpsTarget({ mtls: true }), startForwardProxy()]);
}, 60_000);
afterAll(() => Promise.all([target.close(), proxy.close()]));

async function exchangeWith(
  env: Record<string, string>,
  family?: Family,
): Promise<{ exchange: Exchange; curl: string }> {
  const config = loadConfig(env);
  const redactor = new Redactor();
  redactor.addSecrets(config.secrets);
  const client = new HttpClient({ timeoutMs: 5_000, network: config.network });
  try {
    const exchange = await client.post(`${target.sandbox.url}/card/limits`, {
      headers: { "content-type": "application/json" },
      bodyText: "{}",
      ...(family ? { family } : {}),
    });
    return { exchange, curl: toCurl(exchange, redactor) };
  } finally {
    await client.close();
  }
}

/** The mutual-TLS variables with the client key encrypted: the passphrase goes to curl by name. */
const encryptedPemEnv = () => ({
  TLS_CA_FILE: target.files.ca,
  TLS_CLIENT_CERT: target.files.cert,
  TLS_CLIENT_KEY: target.files.encryptedKey,
  TLS_CLIENT_KEY_PASSPHRASE: target.keyPassphrase,
});

describe("the curl line over mutual TLS", () => {
  test("names the CA, the client certificate, its key and passphrase by variable", async () => {
    const env = encryptedPemEnv();
    const { exchange, curl } = await exchangeWith(env);
    expect(exchange.response?.status).toBeDefined();
    expect(curl).toContain(
      '--cacert "${TLS_CA_FILE}" --cert "${TLS_CLIENT_CERT}" --key "${TLS_CLIENT_KEY}" --pass "${TLS_CLIENT_KEY_PASSPHRASE}"',
    );
    expect(curl).not.toContain(target.keyPassphrase);
  });

  test("a family's PKCS#12 as curl's P12 certificate", async () => {
    const env = {
      TLS_CA_FILE: target.files.ca,
      CARD_API_TLS_CLIENT_PFX: target.files.pfx,
      CARD_API_TLS_CLIENT_PFX_PASSPHRASE: target.certificates.pfxPassphrase,
    };
    const { curl } = await exchangeWith(env, "card-api");
    expect(curl).toContain('--cert-type P12 --cert "${CARD_API_TLS_CLIENT_PFX}:${CARD_API_TLS_CLIENT_PFX_PASSPHRASE}"');
  });

  test.runIf(existsSync("/usr/bin/curl"))("run by curl through the proxy, it gets the same answer", async () => {
    const env = encryptedPemEnv();
    const { exchange, curl } = await exchangeWith(env);
    const before = proxy.tunnels();
    // Asynchronous: the proxy and the target answer from this very process.
    const { stdout: out } = await promisify(execFile)("bash", ["-c", `${curl} --max-time 10 -w '\\n%{http_code}'`], {
      env: { PATH: process.env.PATH, ...env, HTTPS_PROXY: proxy.url },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(out.trim().split("\n").at(-1)).toBe(String(exchange.response?.status));
    expect(proxy.tunnels()).toBe(before + 1);
  });
});
