/**
 * The command's endings before any check, with its main called in-process
 * (tests/support/in-process-command.ts): a token source that fails (exit 2, one line naming the
 * variable; an endpoint that is down exit 3), a target that is down (exit 3, not 2), a network
 * misconfiguration (exit 2 naming the variable), the preflight's refusal of canary credentials
 * (nothing it prints holds a canary), certify's usage errors, the sandbox's refused token options.
 * These endings come before any check, so a process adds nothing but its start: the process path
 * of exit 2 and 3 and their one line is proven once each through the command
 * (tests/cli/conformance.test.ts; certify's: tests/certify/certify.test.ts; the sandbox's:
 * tests/cli/sandbox.test.ts). One file, so that the command's modules load once for all of them.
 */
import { readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { Summary } from "../../lib/reporting/summary.ts";
import { SANDBOX_TOKEN_CLIENT } from "../../lib/test-data/published.ts";
import type { RunningSandbox } from "../../sandbox/server.ts";
import { CANARY_ENV, scanForCanaries } from "../leak/canaries.ts";
import { withSandbox } from "../support/harness.ts";
import { inProcess } from "../support/in-process-command.ts";
import { startForwardProxy, startHttpsTarget } from "../support/network.ts";
import { startMisbehavingTarget } from "../support/targets.ts";
import { tempReportsDir } from "../support/temp-dirs.ts";

const { clientId, clientSecret, tokenPath } = SANDBOX_TOKEN_CLIENT;

const endpoint = (sandbox: RunningSandbox) => ({
  TARGET_BASE_URL: sandbox.url,
  PARTNER_TOKEN_URL: sandbox.url + tokenPath,
  PARTNER_CLIENT_ID: clientId,
  PARTNER_CLIENT_SECRET: clientSecret,
});

const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));

describe("a token source that fails is exit 2, one line naming the variable, before any check", () => {
  test("the token endpoint refuses the client credentials: its own error text, no secret", async () => {
    await withSandbox({ tokenTtlMs: 5_000 }, async (sandbox) => {
      const secret = "wrong-client-secret-4711";
      const { code, stdout, stderr } = await inProcess("conformance", ["--quiet"], {
        ...endpoint(sandbox),
        PARTNER_CLIENT_SECRET: secret,
      });
      expect(code).toBe(2);
      expect(stderr.trim()).toMatch(
        /^conformance: configuration error: PARTNER_CLIENT_ID \/ PARTNER_CLIENT_SECRET: the token endpoint .* refused the client credentials: HTTP 401 .*invalid_client/,
      );
      expect(stdout + stderr).not.toContain(secret);
    });
  });

  test("a fetched token the target refuses even after one renewal: the preflight names the token's source", async () => {
    await withSandbox({ tokenTtlMs: 5_000 }, async (sandbox) => {
      const { code, stderr } = await inProcess("conformance", ["--quiet"], {
        TARGET_BASE_URL: sandbox.url,
        PARTNER_TOKEN_COMMAND: `node -e "console.log('a-token-nobody-issued-0001')"`,
      });
      expect(code).toBe(2);
      expect(stderr.trim()).toMatch(
        /^conformance: preflight: PARTNER_TOKEN_COMMAND: the target refused the access token .*\(HTTP 401\)$/,
      );
    });
  });

  test("a token endpoint that is down is no configuration error: target unavailable, exit 3", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await withSandbox({ tokenTtlMs: 5_000 }, async (sandbox) => {
      const dir = tempReportsDir();
      const { code, stderr } = await inProcess("conformance", ["--quiet"], {
        ...endpoint(sandbox),
        PARTNER_TOKEN_URL: `http://127.0.0.1:${port}${tokenPath}`,
        REPORTS_DIR: dir,
      });
      expect(code).toBe(3);
      expect(stderr).toMatch(
        /target unavailable: the token endpoint .* \(PARTNER_TOKEN_URL\) did not answer \(connection refused\)/,
      );
      expect(summaryOf(dir).verdict).toBe("target unavailable");
    });
  });

  test("the token command fails", async () => {
    const { code, stderr } = await inProcess("conformance", ["--quiet"], {
      PARTNER_TOKEN_COMMAND: `node -e "process.stderr.write('vault: permission denied'); process.exit(3)"`,
    });
    expect(code).toBe(2);
    expect(stderr.trim()).toMatch(
      /^conformance: configuration error: PARTNER_TOKEN_COMMAND: the command exited with 3: vault: permission denied$/,
    );
  });
});

describe("npm run sandbox: an option it cannot read", () => {
  test.for([
    ["--token-ttl five", ["--token-ttl", "five"], /--token-ttl five: not a duration such as 5s, 500ms or 2m/],
    [
      "--card-api-auth mtls",
      ["--card-api-auth", "mtls"],
      /--card-api-auth mtls: must be one of profile, none, jws, bearer/,
    ],
    [
      "--delay with a mix of no slow share",
      ["--delay", "card-api.statement:20/400@0%"],
      /--delay card-api\.statement:20\/400@0%: "card-api\.statement:20\/400@0%" has no valid value after the colon/,
    ],
  ] as const)("%s is a usage error (exit 2)", async ([, args, line]) => {
    const { code, stderr } = await inProcess("sandbox", ["--port", "0", ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(line);
  });
});

describe("a target that is down: exit 3, not 2", () => {
  test("nothing listens on the port", async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const dir = tempReportsDir();
    const { code, stderr } = await inProcess("conformance", [], {
      REPORTS_DIR: dir,
      TARGET_BASE_URL: `http://127.0.0.1:${port}`,
    });
    expect(code).toBe(3);
    expect(stderr).toMatch(/target unavailable: .* did not answer any preflight request \(connection refused\)/);
    // CI reads the verdict where it always does.
    expect(summaryOf(dir)).toMatchObject({ verdict: "target unavailable", checks: [] });
    expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(/\*\*Verdict: target unavailable\*\*/);
  });

  test("every request answered 503 by a gateway with nothing behind it", async () => {
    const gateway = await startMisbehavingTarget("503");
    try {
      const { code, stderr } = await inProcess("conformance", [], { TARGET_BASE_URL: gateway.url });
      expect(code).toBe(3);
      expect(stderr).toMatch(/target unavailable: .*\(HTTP 503\)/);
    } finally {
      await gateway.close();
    }
  });
});

describe("a network misconfiguration is exit 2 with one line naming the variable, before any check", () => {
  // Each kind's line as the preflight meets it: tests/sandbox/network.sandbox.test.ts; the working
  // network through the command: tests/network/network-cli.test.ts.
  test("a proxy that answers 407: HTTPS_PROXY", async () => {
    const [mtls, proxy] = await Promise.all([startHttpsTarget({ mtls: true }), startForwardProxy({ refuseAll: true })]);
    try {
      const { code, stdout, stderr } = await inProcess("conformance", [], {
        SEED: "19",
        TARGET_BASE_URL: mtls.sandbox.url,
        TLS_CA_FILE: mtls.files.ca,
        TLS_CLIENT_CERT: mtls.files.cert,
        TLS_CLIENT_KEY: mtls.files.encryptedKey,
        TLS_CLIENT_KEY_PASSPHRASE: mtls.keyPassphrase,
        HTTPS_PROXY: proxy.url,
      });
      expect(code, stdout + stderr).toBe(2);
      expect(stderr.trim().split("\n")).toEqual([
        expect.stringMatching(/(preflight:|configuration error).*HTTPS_PROXY/),
      ]);
      expect(stdout).not.toMatch(/checks? (passed|failed)/);
      expect(proxy.refused()).toBeGreaterThan(0);
    } finally {
      await Promise.all([mtls.close(), proxy.close()]);
    }
  });
});

test("the preflight's refusal of a canary token prints no canary", async () => {
  // The suites' canaries (tests/leak/canaries.ts) are not the embedded sandbox's credentials.
  const { code, stdout, stderr } = await inProcess("conformance", [], { SEED: "17", ...CANARY_ENV });
  expect(code).toBe(2);
  expect(scanForCanaries([{ file: "preflight console", text: stdout + stderr }])).toEqual([]);
});

describe("certify: usage errors are exit 2 with one line", () => {
  test("no finished run in REPORTS_DIR", async () => {
    const empty = tempReportsDir();
    const { code, stderr } = await inProcess("certify", [], { REPORTS_DIR: empty });
    expect(code).toBe(2);
    expect(stderr.trim()).toMatch(
      /^certify: no finished run in .* \(missing summary\.json, summary\.md, junit\.xml, allure-results\): run `npm run conformance` first$/,
    );
    rmSync(empty, { recursive: true, force: true });
  });

  test("a path to verify that does not exist", async () => {
    const dir = tempReportsDir();
    const { code, stderr } = await inProcess("certify", ["--verify", join(dir, "nowhere.zip")], { REPORTS_DIR: dir });
    expect(code).toBe(2);
    expect(stderr.trim()).toMatch(/^certify: --verify .*nowhere\.zip: no such file or folder$/);
    rmSync(dir, { recursive: true, force: true });
  });
});
