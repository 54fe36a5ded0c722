/**
 * The network variables are read and checked at start (lib/config/network.ts): every bad file or
 * passphrase is a ConfigError naming its variable (exit 2), a family's own value wins, the proxy is
 * read as curl reads it, and its credentials become secrets of the redactor.
 */
import { createPrivateKey } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { withoutProxy } from "../../lib/config/proxy.ts";
import { Redactor } from "../../lib/redaction/redact.ts";
import { makeSandboxCertificates, type SandboxCertificates } from "../../sandbox/certificates.ts";
import { CERTIFICATE_KEYS, throwawayRsaKey } from "../support/throwaway-rsa.ts";
import { KEY_ROLES } from "../support/throwaway-rsa.setup.ts";

let c: SandboxCertificates;
const dir = mkdtempSync(join(tmpdir(), "network-config-"));
const file = (name: string, content: string | Buffer) => (writeFileSync(join(dir, name), content), join(dir, name));
const f: Record<string, string> = {};

beforeAll(() => {
  c = makeSandboxCertificates(CERTIFICATE_KEYS);
  // A key of no certificate here: a second certificate set would cost a PKCS#12 more.
  const otherKey = throwawayRsaKey("no-certificate");
  f.ca = file("ca.pem", c.caCert);
  f.cert = file("cert.pem", c.clientCert);
  f.key = file("key.pem", c.clientKey);
  f.otherKey = file("other-key.pem", otherKey.export({ type: "pkcs8", format: "pem" }));
  f.encrypted = file(
    "encrypted.pem",
    createPrivateKey(c.clientKey).export({
      type: "pkcs8",
      format: "pem",
      cipher: "aes-256-cbc",
      passphrase: "right-one",
    }),
  );
  f.pfx = file("client.p12", c.clientPfx);
  f.text = file("notes.txt", "not a certificate");
});

/** The variable the ConfigError names, or "ok". */
function problemOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return "ok";
  } catch (error) {
    if (error instanceof ConfigError) return error.variable;
    throw error;
  }
}

const ROWS: Array<[string, () => Record<string, string>, string]> = [
  ["an unreadable CA file", () => ({ TLS_CA_FILE: join(dir, "missing.pem") }), "TLS_CA_FILE"],
  ["a CA file that is not PEM", () => ({ TLS_CA_FILE: f.text! }), "TLS_CA_FILE"],
  ["a certificate without its key", () => ({ TLS_CLIENT_CERT: f.cert! }), "TLS_CLIENT_KEY"],
  ["a key without its certificate", () => ({ TLS_CLIENT_KEY: f.key! }), "TLS_CLIENT_CERT"],
  ["a key that is not PEM", () => ({ TLS_CLIENT_CERT: f.cert!, TLS_CLIENT_KEY: f.text! }), "TLS_CLIENT_KEY"],
  ["a key of another certificate", () => ({ TLS_CLIENT_CERT: f.cert!, TLS_CLIENT_KEY: f.otherKey! }), "TLS_CLIENT_KEY"],
  [
    "an encrypted key, no passphrase",
    () => ({ TLS_CLIENT_CERT: f.cert!, TLS_CLIENT_KEY: f.encrypted! }),
    "TLS_CLIENT_KEY_PASSPHRASE",
  ],
  [
    "an encrypted key, wrong passphrase",
    () => ({ TLS_CLIENT_CERT: f.cert!, TLS_CLIENT_KEY: f.encrypted!, TLS_CLIENT_KEY_PASSPHRASE: "wrong-one" }),
    "TLS_CLIENT_KEY_PASSPHRASE",
  ],
  [
    "a PKCS#12, wrong passphrase",
    () => ({ TLS_CLIENT_PFX: f.pfx!, TLS_CLIENT_PFX_PASSPHRASE: "wrong-one" }),
    "TLS_CLIENT_PFX_PASSPHRASE",
  ],
  ["a file that is no PKCS#12", () => ({ TLS_CLIENT_PFX: f.text!, TLS_CLIENT_PFX_PASSPHRASE: "x" }), "TLS_CLIENT_PFX"],
  [
    "both a PEM pair and a PKCS#12",
    () => ({ TLS_CLIENT_CERT: f.cert!, TLS_CLIENT_KEY: f.key!, TLS_CLIENT_PFX: f.pfx! }),
    "TLS_CLIENT_PFX",
  ],
  ["a family's bad file", () => ({ CARD_API_TLS_CA_FILE: f.text! }), "CARD_API_TLS_CA_FILE"],
  ["a proxy that is no URL", () => ({ HTTPS_PROXY: "proxy.example:3128" }), "HTTPS_PROXY"],
  ["a lower-case proxy that is no URL", () => ({ http_proxy: "socks" }), "HTTP_PROXY"],
  [
    "a right encrypted key",
    () => ({
      TLS_CA_FILE: f.ca!,
      TLS_CLIENT_CERT: f.cert!,
      TLS_CLIENT_KEY: f.encrypted!,
      TLS_CLIENT_KEY_PASSPHRASE: "right-one",
    }),
    "ok",
  ],
  ["a right PKCS#12", () => ({ TLS_CLIENT_PFX: f.pfx!, TLS_CLIENT_PFX_PASSPHRASE: c.pfxPassphrase }), "ok"],
];

test.for(ROWS)("%s: %s", ([, env, variable]) => {
  expect(problemOf(env())).toBe(variable);
});

describe("per family", () => {
  test("a family's own identity and CA win, the others keep the common settings", () => {
    const { network } = loadConfig({
      TLS_CA_FILE: f.ca,
      TLS_CLIENT_CERT: f.cert,
      TLS_CLIENT_KEY: f.key,
      CARD_API_TLS_CLIENT_PFX: f.pfx,
      CARD_API_TLS_CLIENT_PFX_PASSPHRASE: c.pfxPassphrase,
    });
    expect(network.tls.from).toEqual({ ca: "TLS_CA_FILE", identity: "TLS_CLIENT_CERT" });
    expect(network.families["card-api"]?.from).toEqual({ ca: "TLS_CA_FILE", identity: "CARD_API_TLS_CLIENT_PFX" });
    expect(network.families["card-api"]?.cert).toBeUndefined();
    expect(network.families["partner-transfer-api"]).toBeUndefined();
  });
});

describe("the proxy, as curl reads it", () => {
  test("the lower-case name wins; https falls back to HTTP_PROXY; NO_PROXY is kept as written", () => {
    expect(loadConfig({ https_proxy: "http://a:1", HTTPS_PROXY: "http://b:2" }).network.proxy.httpsProxy).toBe(
      "http://a:1",
    );
    expect(loadConfig({ HTTP_PROXY: "http://c:3", no_proxy: ".internal,10.0.0.1" }).network.proxy).toEqual({
      httpProxy: "http://c:3",
      httpsProxy: "http://c:3",
      noProxy: ".internal,10.0.0.1",
    });
  });

  test("the embedded sandbox's configuration goes without it", () => {
    const { network } = loadConfig({ HTTPS_PROXY: "http://proxy.example:3128", TLS_CA_FILE: f.ca! });
    expect(withoutProxy(network).proxy).toEqual({ httpProxy: "", httpsProxy: "", noProxy: "" });
    expect(withoutProxy(network).tls).toEqual(network.tls);
  });

  test("its credentials are secrets: the redactor replaces them, written or decoded", () => {
    const config = loadConfig({ HTTPS_PROXY: "http://partner:pa%40ss-word-42@proxy.example:3128" });
    const redactor = new Redactor();
    redactor.addSecrets(config.secrets);
    const text = redactor.text("password pa@ss-word-42, written pa%40ss-word-42, pair partner:pa@ss-word-42");
    expect(text).not.toMatch(/ss-word-42/);
  });

  test("a passphrase is a secret variable", () => {
    const config = loadConfig({ TLS_CLIENT_PFX: f.pfx!, TLS_CLIENT_PFX_PASSPHRASE: c.pfxPassphrase });
    expect(config.secrets).toContainEqual({ name: "TLS_CLIENT_PFX_PASSPHRASE", value: c.pfxPassphrase });
  });
});

test("the tests' RSA keys come from the tiers' global setup, one per role (tests/support/throwaway-rsa.setup.ts)", () => {
  expect(Object.keys(inject("throwawayRsaKeys")).sort()).toEqual([...KEY_ROLES].sort());
});
