/**
 * Tokens that expire, as a user meets them: `npm run conformance` against a sandbox whose tokens
 * live 5 s, during a run several times longer (MAX_RPS stretches ~470 requests over 15 s or
 * more; nothing here measures time). The run is conformant, the token endpoint was asked more
 * than once, and no check failed or was left not judged because a token expired — with the token
 * endpoint. Refused credentials, a token the target refuses and a failing command are exit 2 naming
 * the variable, an endpoint that is down exit 3. In-process
 * (tokens.sandbox.test.ts): the auth checks' deliberately wrong token is never repaired, and card
 * API auth jws, and bearer with the fetched token, pass every check against a sandbox demanding them.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { Summary } from "../../lib/reporting/summary.ts";
import { SANDBOX_TOKEN_CLIENT } from "../../lib/test-data/published.ts";
import type { RunningSandbox } from "../../sandbox/server.ts";
import { ROOT, runCli, tempReportsDir } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";

const { clientId, clientSecret, tokenPath } = SANDBOX_TOKEN_CLIENT;
/** Spreads the run's requests over several token lifetimes. */
const STRETCHED = { MAX_RPS: "30", SEED: "4242" };

const endpoint = (sandbox: RunningSandbox) => ({
  TARGET_BASE_URL: sandbox.url,
  PARTNER_TOKEN_URL: sandbox.url + tokenPath,
  PARTNER_CLIENT_ID: clientId,
  PARTNER_CLIENT_SECRET: clientSecret,
});

const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
const notPassed = (summary: Summary) =>
  summary.checks.filter((c) => c.outcome !== "passed").map((c) => `${c.id}: ${c.outcome}`);
const messages = (summary: Summary) =>
  summary.checks
    .filter((c) => c.outcome !== "passed")
    .map((c) => `${c.id}: ${c.message ?? ""}`)
    .join("\n");

describe("tokens that live 5 s, during a run several times longer", () => {
  // From the token endpoint, renewed before they expire, one token for every worker (the broker).
  // A token command that states no lifetime is renewed after a 401 instead, proven without a second
  // long run: such a token kept until a 401 (tokens.unit.test.ts), the target's renewal and resend
  // with a token command, the broker renewing once for all who report the token stale
  // (tokens.sandbox.test.ts), and a token command through the CLI up to the preflight (below).
  test("from the token endpoint: conformant, the endpoint asked more than once, nothing failed or not judged", async () => {
    await withSandbox({ tokenTtlMs: 5_000 }, async (sandbox) => {
      const dir = tempReportsDir();
      const { code, stdout, stderr } = await runCli("conformance.ts", ["--quiet"], {
        ...endpoint(sandbox),
        ...STRETCHED,
        REPORTS_DIR: dir,
      });
      expect(code, stdout + stderr).toBe(0);
      const summary = summaryOf(dir);
      expect(summary.verdict).toBe("conformant");
      expect(notPassed(summary), messages(summary)).toEqual([]);
      expect(sandbox.tokens.requests).toBeGreaterThan(1);
      expect(summary.bearerSource).toMatch(/^fetched from PARTNER_TOKEN_URL, one token shared by every worker/);
    });
  });
});

describe("a token source that fails is exit 2, one line naming the variable, before any check", () => {
  test("the token endpoint refuses the client credentials: its own error text, no secret", async () => {
    await withSandbox({ tokenTtlMs: 5_000 }, async (sandbox) => {
      const secret = "wrong-client-secret-4711";
      const { code, stderr } = await runCli("conformance.ts", ["--quiet"], {
        ...endpoint(sandbox),
        PARTNER_CLIENT_SECRET: secret,
        REPORTS_DIR: tempReportsDir(),
      });
      expect(code).toBe(2);
      expect(stderr.trim()).toMatch(
        /^conformance: configuration error: PARTNER_CLIENT_ID \/ PARTNER_CLIENT_SECRET: the token endpoint .* refused the client credentials: HTTP 401 .*invalid_client/,
      );
      expect(stderr).not.toContain(secret);
    });
  });

  test("a fetched token the target refuses even after one renewal: the preflight names the token's source", async () => {
    await withSandbox({ tokenTtlMs: 5_000 }, async (sandbox) => {
      const { code, stderr } = await runCli("conformance.ts", ["--quiet"], {
        TARGET_BASE_URL: sandbox.url,
        PARTNER_TOKEN_COMMAND: `node -e "console.log('a-token-nobody-issued-0001')"`,
        REPORTS_DIR: tempReportsDir(),
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
      const { code, stderr } = await runCli("conformance.ts", ["--quiet"], {
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
    const { code, stderr } = await runCli("conformance.ts", ["--quiet"], {
      PARTNER_TOKEN_COMMAND: `node -e "process.stderr.write('vault: permission denied'); process.exit(3)"`,
      REPORTS_DIR: tempReportsDir(),
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
    const { code, stderr } = await runCli("sandbox.ts", ["--port", "0", ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(line);
  });

  test("--token-ttl prints the token variables, and its endpoint grants the published client", async () => {
    const sandbox = spawn(
      process.execPath,
      ["--import", "tsx", join(ROOT, "cli", "sandbox.ts"), "--port", "0", "--token-ttl", "5s"],
      { cwd: ROOT },
    );
    try {
      let out = "";
      sandbox.stdout.on("data", (d: Buffer) => (out += d));
      await expect.poll(() => out, { timeout: 20_000 }).toMatch(/PARTNER_TOKEN_URL=(\S+)/);
      expect(out).toMatch(/tokens live 5 s; the static token is refused/);
      const url = /PARTNER_TOKEN_URL=(\S+)/.exec(out)![1]!;
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}`,
      });
      expect(await res.json()).toMatchObject({ token_type: "Bearer", expires_in: 5 });
    } finally {
      sandbox.kill("SIGTERM");
    }
    await once(sandbox, "exit");
  });
});
