/**
 * As a user runs it: `npm run conformance` against an HTTPS target with a private CA that
 * demands a client certificate, reached through a real forward proxy with credentials — configured
 * with the variables only. A conformant target is conformant, every connection went through the
 * proxy, the summary shows the TLS session, and no passphrase or proxy credential reaches reports/.
 * Each network misconfiguration is exit 2 with one line naming the variable, before any check.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LIMITS_LIST } from "../../lib/catalogue/index.ts";
import { SANDBOX_TOKEN_CLIENT } from "../../lib/test-data/published.ts";
import { CANARY, scanForCanaries } from "../leak/canaries.ts";
import { folderTexts } from "../leak/texts.ts";
import { runCli, tempReportsDir, type CliResult } from "../support/cli.ts";
import { startForwardProxy, startHttpsTarget, type ForwardProxy, type HttpsTarget } from "../support/network.ts";

const PROXY_USER = "partner";

/** The variables of a partner's run against `target`, with the client's PEM pair (its key encrypted). */
function pemEnv(target: HttpsTarget, dir: string): Record<string, string> {
  return {
    REPORTS_DIR: dir,
    SEED: "19",
    TARGET_BASE_URL: target.sandbox.url,
    TLS_CA_FILE: target.files.ca,
    TLS_CLIENT_CERT: target.files.cert,
    TLS_CLIENT_KEY: target.files.encryptedKey,
    TLS_CLIENT_KEY_PASSPHRASE: target.keyPassphrase,
  };
}

/** The one line a configuration problem prints, and that no check ran. */
function expectConfigLine(result: CliResult, variable: string): void {
  expect(result.code, result.stdout + result.stderr).toBe(2);
  const line = result.stderr.split("\n").find((l) => l.includes("preflight:") || l.includes("configuration error"));
  expect(line, result.stderr).toContain(variable);
  expect(result.stdout).not.toMatch(/checks? (passed|failed)/);
}

describe("mutual TLS with a private CA, through a forward proxy with credentials, tokens living 5 s", () => {
  let target: HttpsTarget;
  let proxy: ForwardProxy;
  const dir = tempReportsDir();
  let run: CliResult;
  let certify: CliResult;
  beforeAll(async () => {
    target = await startHttpsTarget({
      mtls: true,
      keyPassphrase: CANARY.keyPassphrase,
      sandbox: { tokenTtlMs: 5_000 },
    });
    proxy = await startForwardProxy({ credentials: `${PROXY_USER}:${CANARY.proxyPassword}` });
    const env = {
      ...pemEnv(target, dir),
      HTTPS_PROXY: proxy.url.replace("http://", `http://${PROXY_USER}:${CANARY.proxyPassword}@`),
      // The token endpoint is the target's own, reached the same way (TLS, client certificate, proxy).
      PARTNER_TOKEN_URL: target.sandbox.url + SANDBOX_TOKEN_CLIENT.tokenPath,
      PARTNER_CLIENT_ID: SANDBOX_TOKEN_CLIENT.clientId,
      PARTNER_CLIENT_SECRET: SANDBOX_TOKEN_CLIENT.clientSecret,
    };
    run = await runCli("conformance.ts", ["--quiet"], env, 180_000);
    certify = await runCli("certify.ts", [], env);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([target.close(), proxy.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  test("the run is conformant (exit 0)", () => {
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });

  test("the tokens were fetched through the same network, more than once (they expire during the run)", () => {
    expect(target.sandbox.tokens.requests).toBeGreaterThan(1);
  });

  test("every connection the target accepted came through the proxy's tunnels", () => {
    expect(proxy.tunnels()).toBeGreaterThan(0);
    expect(target.sandbox.connections()).toBe(proxy.tunnels());
    expect(run.stdout).toMatch(
      /^conformance: target .* · TLS TLS_CA_FILE, TLS_CLIENT_CERT · proxy http:\/\/<[^>]+>@127\.0\.0\.1:\d+/m,
    );
    expect(proxy.refused()).toBe(0);
  });

  test("summary.json names the negotiated TLS session, the server certificate and the proxy without its credentials", () => {
    const summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
    const [session] = summary.network.tls;
    expect(session).toMatchObject({ origin: target.sandbox.url, protocol: expect.stringMatching(/^TLSv1\.[23]$/) });
    expect(session.subject).toContain("CN=127.0.0.1");
    expect(session.issuer).toContain("throwaway CA");
    expect(Date.parse(session.validTo)).toBeGreaterThan(Date.now());
    expect(summary.network.proxy).toMatch(/^http:\/\/<[^>]+>@127\.0\.0\.1:\d+$/);
    expect(readFileSync(join(dir, "summary.md"), "utf8")).toContain(`TLS ${target.sandbox.url}: TLSv1.`);
  });

  test("the certification pack's manifest carries the TLS session too", () => {
    expect(certify.code, certify.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, "certification", "manifest.json"), "utf8"));
    expect(manifest.run.network.tls[0].subject).toContain("CN=127.0.0.1");
  });

  test("no key passphrase or proxy credential under reports/ or on the console, after run and certify", () => {
    expect(certify.code, certify.stderr).toBe(0);
    const texts = [
      ...folderTexts(dir),
      { file: "console", text: run.stdout + run.stderr + certify.stdout + certify.stderr },
    ];
    expect(texts.length).toBeGreaterThan(5);
    expect(scanForCanaries(texts).filter((h) => h.canary === "keyPassphrase" || h.canary === "proxyPassword")).toEqual(
      [],
    );
  });
});

test("a broken target behind the same network (mTLS, private CA, proxy) is not conformant", async () => {
  const broken = await startHttpsTarget({
    mtls: true,
    sandbox: { faults: [{ kind: "set-field", operation: LIMITS_LIST.key, path: ["status"], value: "OK" }] },
  });
  const proxy = await startForwardProxy();
  const dir = tempReportsDir();
  try {
    // --no-preflight: the preflight would stop at the refused-looking limits answer (exit 2), before the check.
    const args = ["--check", "CARD-LIM-STATUS-OK", "--no-preflight", "--quiet"];
    const result = await runCli("conformance.ts", args, { ...pemEnv(broken, dir), HTTPS_PROXY: proxy.url });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
    expect(summary.verdict).toBe("not conformant");
    // Failed for the wrong status value, not for a transport problem on the way.
    const check = summary.checks.find((c: { id: string }) => c.id === "CARD-LIM-STATUS-OK");
    expect(JSON.stringify(check)).toMatch(/OK/);
    expect(JSON.stringify(check)).not.toMatch(/tls-|proxy-|connection-|transport/);
    expect(proxy.tunnels()).toBeGreaterThan(0);
  } finally {
    await Promise.all([broken.close(), proxy.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

describe("each network misconfiguration is exit 2 with one line naming the variable", () => {
  let mtls: HttpsTarget;
  let expired: HttpsTarget;
  let proxy: ForwardProxy;
  const dir = tempReportsDir();
  beforeAll(async () => {
    [mtls, expired, proxy] = await Promise.all([
      startHttpsTarget({ mtls: true }),
      startHttpsTarget({ expiredServer: true }),
      startForwardProxy({ refuseAll: true }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([mtls.close(), expired.close(), proxy.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  test("without the client certificate: TLS_CLIENT_CERT", async () => {
    const { TLS_CLIENT_CERT: _c, TLS_CLIENT_KEY: _k, TLS_CLIENT_KEY_PASSPHRASE: _p, ...env } = pemEnv(mtls, dir);
    expectConfigLine(await runCli("conformance.ts", [], env), "TLS_CLIENT_CERT");
  });

  test("a client certificate of another CA (refused with no alert, only a reset): TLS_CLIENT_CERT", async () => {
    const { TLS_CLIENT_KEY_PASSPHRASE: _p, ...env } = pemEnv(mtls, dir);
    const result = await runCli("conformance.ts", [], {
      ...env,
      TLS_CLIENT_CERT: expired.files.cert,
      TLS_CLIENT_KEY: expired.files.key,
    });
    expectConfigLine(result, "TLS_CLIENT_CERT: the server at");
  });

  test("without TLS_CA_FILE: TLS_CA_FILE", async () => {
    const { TLS_CA_FILE: _ca, ...env } = pemEnv(mtls, dir);
    expectConfigLine(await runCli("conformance.ts", [], env), "TLS_CA_FILE");
  });

  test("a token endpoint only the families' CAs vouch for: TLS_CA_FILE, said of the token endpoint", async () => {
    // Each family trusts the platform's CA; the token endpoint (of no family) uses the common setting, unset.
    const { TLS_CA_FILE: ca, ...env } = pemEnv(mtls, dir);
    const result = await runCli("conformance.ts", [], {
      ...env,
      CARD_API_TLS_CA_FILE: ca!,
      PARTNER_API_TLS_CA_FILE: ca!,
      MERCHANT_API_TLS_CA_FILE: ca!,
      PARTNER_TOKEN_URL: mtls.sandbox.url + SANDBOX_TOKEN_CLIENT.tokenPath,
      PARTNER_CLIENT_ID: SANDBOX_TOKEN_CLIENT.clientId,
      PARTNER_CLIENT_SECRET: SANDBOX_TOKEN_CLIENT.clientSecret,
    });
    expectConfigLine(result, "TLS_CA_FILE: the token endpoint");
  });

  test("an expired server certificate: TARGET_BASE_URL, saying it expired", async () => {
    const result = await runCli("conformance.ts", [], { ...pemEnv(expired, dir) });
    expectConfigLine(result, "TARGET_BASE_URL");
    expect(result.stderr).toMatch(/expired/);
  });

  test("a proxy that answers 407: HTTPS_PROXY", async () => {
    const result = await runCli("conformance.ts", [], { ...pemEnv(mtls, dir), HTTPS_PROXY: proxy.url });
    expectConfigLine(result, "HTTPS_PROXY");
    expect(proxy.refused()).toBeGreaterThan(0);
  });

  test("a wrong key passphrase: TLS_CLIENT_KEY_PASSPHRASE, before anything is sent", async () => {
    const env = { ...pemEnv(mtls, dir), TLS_CLIENT_KEY_PASSPHRASE: "not-the-passphrase" };
    const before = mtls.sandbox.connections();
    expectConfigLine(await runCli("conformance.ts", [], env), "TLS_CLIENT_KEY_PASSPHRASE");
    expect(mtls.sandbox.connections()).toBe(before);
  });

  test("the PKCS#12 variant reaches the mutual-TLS target (one check)", async () => {
    const { TLS_CLIENT_CERT: _c, TLS_CLIENT_KEY: _k, TLS_CLIENT_KEY_PASSPHRASE: _p, ...env } = pemEnv(mtls, dir);
    const result = await runCli("conformance.ts", ["--check", "CARD-LIM-GROUPS", "--quiet"], {
      ...env,
      TLS_CLIENT_PFX: mtls.files.pfx,
      TLS_CLIENT_PFX_PASSPHRASE: mtls.certificates.pfxPassphrase,
    });
    // One check is a partial run: incomplete (exit 1) however it ends; the check itself passed.
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toMatch(/Conformance verdict: INCOMPLETE — selected checks only/);
    expect(result.stdout).toMatch(/info +1 passed, 0 observations/);
  });
});
