/**
 * As a user runs it: `npm run conformance` against an HTTPS target with a private CA that
 * demands a client certificate, reached through a real forward proxy with credentials — configured
 * with the variables only. A conformant target is conformant, every connection went through the
 * proxy, the summary shows the TLS session, and no passphrase or proxy credential reaches reports/.
 * The same run is the one of tokens that live 5 s during a run several times longer (MAX_RPS
 * stretches its requests over 15 s or more; nothing here measures time): the token endpoint asked
 * more than once, one token for every worker (the broker), no check failed or left not judged
 * because a token expired (tests/tokens/tokens-cli.test.ts names the rest of the token proofs).
 * A network misconfiguration is exit 2 with one line naming the variable, before any check: each
 * kind in-process (tests/sandbox/network.sandbox.test.ts, which also fails a broken target's check
 * behind the same network for its value; tests/network/refused-certificate.sandbox.test.ts; a wrong
 * key passphrase: tests/config/network.unit.test.ts), and a proxy answering 407 with the command's
 * main in-process (tests/cli/endings.sandbox.test.ts; exit 2 through the process: tests/cli/conformance.test.ts).
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Summary } from "../../lib/reporting/summary.ts";
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
      // Spreads the run's requests over several token lifetimes.
      MAX_RPS: "30",
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

  test("tokens from the endpoint, renewed before they expire and shared by every worker: every check passed", () => {
    const summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as Summary;
    expect(summary.verdict).toBe("conformant");
    const notPassed = summary.checks.filter((c) => c.outcome !== "passed");
    expect(
      notPassed.map((c) => `${c.id}: ${c.outcome}`),
      notPassed.map((c) => `${c.id}: ${c.message ?? ""}`).join("\n"),
    ).toEqual([]);
    expect(summary.bearerSource).toMatch(/^fetched from PARTNER_TOKEN_URL, one token shared by every worker/);
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
