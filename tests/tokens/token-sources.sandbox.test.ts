/**
 * A token source that fails is exit 2, one line naming the variable, before any check — an endpoint
 * that is down exit 3 — with the command's main called in-process (tests/support/in-process-command.ts):
 * these endings come before any check, so the CLI's process adds nothing but its start (the process
 * path of exit 2 and 3 and their one line: tests/cli/conformance.test.ts). The sandbox command's
 * token options refused likewise (its process path: tests/cli/sandbox.test.ts).
 */
import { readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { Summary } from "../../lib/reporting/summary.ts";
import { SANDBOX_TOKEN_CLIENT } from "../../lib/test-data/published.ts";
import type { RunningSandbox } from "../../sandbox/server.ts";
import { withSandbox } from "../support/harness.ts";
import { inProcess } from "../support/in-process-command.ts";
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

describe("npm run sandbox with short-lived tokens", () => {
  test.for([
    ["--token-ttl five", ["--token-ttl", "five"], /--token-ttl five: not a duration such as 5s, 500ms or 2m/],
    [
      "--card-api-auth mtls",
      ["--card-api-auth", "mtls"],
      /--card-api-auth mtls: must be one of profile, none, jws, bearer/,
    ],
  ] as const)("%s is a usage error (exit 2)", async ([, args, line]) => {
    const { code, stderr } = await inProcess("sandbox", ["--port", "0", ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(line);
  });
});
