/**
 * Preflight: a configuration problem — a wrong token or key, a missing fixture, a URL where
 * nothing listens, a token that cannot be right — is one line naming the variable (exit 2 from
 * the CLI), before any check runs. On the sandbox it passes and measures the clock.
 */
import { createServer } from "node:net";
import { describe, expect, test } from "vitest";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { TargetUnavailable } from "../../lib/runner/target-down.ts";
import { PreflightProblem, runPreflight, type PreflightReport } from "../../lib/runner/preflight.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import type { SandboxOptions } from "../../sandbox/server.ts";
import { NOT_JUDGED } from "../../lib/checks/precondition.ts";
import { judgeModules, onlyChecks } from "../support/engine-run.ts";
import { configFor, withSandbox } from "../support/harness.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";

async function preflightAgainst(url: string, env: Record<string, string>): Promise<PreflightReport> {
  const run = await createRunContext(configFor(url, env));
  return runPreflight(run, PREFLIGHT_REQUESTS).finally(() => run.target.close());
}

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
const EXPIRED_JWT = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: "partner", exp: 1_700_000_000 })}.c2ln`;
const UNKNOWN = "c0ffee00-0000-4000-8000-000000000999";

const PROBLEMS: Array<[string, { env: Record<string, string>; sandbox?: SandboxOptions; line: RegExp }]> = [
  [
    "a wrong partner token",
    {
      env: { PARTNER_ACCESS_TOKEN: "not-the-sandbox-token-0001" },
      line: /^preflight: PARTNER_ACCESS_TOKEN: the target refused the access token .* \(HTTP 401\)$/,
    },
  ],
  [
    "a wrong signing key",
    {
      env: { PARTNER_SIGNING_KEY: "11".repeat(32) },
      line: /^preflight: PARTNER_SIGNING_KEY: the target refused the signature .* \(HTTP 401\)$/,
    },
  ],
  [
    "a statement card the target does not know",
    {
      env: { STATEMENT_CARD_ID: UNKNOWN },
      line: /^preflight: STATEMENT_CARD_ID: the target rejected the statement of this card .* \(HTTP 404 .*CARD_NOT_FOUND.*\), and accepted the same period in the same form for PAYMENT_CARD_ID/,
    },
  ],
  [
    "a payment card the target does not know",
    {
      env: { PAYMENT_CARD_ID: UNKNOWN },
      line: /^preflight: PAYMENT_CARD_ID: the target rejected the limits of this card; .* \(HTTP 404: .*OBJECT_NOT_FOUND/,
    },
  ],
  [
    "card API auth the target demands but the configuration lacks",
    {
      env: {},
      sandbox: { cardApiHeader: { name: "X-Api-Key", value: "k-0001" } },
      line: /^preflight: CARD_API_HEADERS: the card API refused the statement request; .* \(HTTP 401\)$/,
    },
  ],
  [
    "the token given with its Bearer prefix",
    {
      env: { PARTNER_ACCESS_TOKEN: "Bearer sandbox-partner-access-token-0001" },
      line: /^preflight: PARTNER_ACCESS_TOKEN: starts with "Bearer "; give the token alone$/,
    },
  ],
  [
    "an expired JWT as the token",
    {
      env: { PARTNER_ACCESS_TOKEN: EXPIRED_JWT },
      line: /^preflight: PARTNER_ACCESS_TOKEN: the JWT expired at 2023-11-14T22:13:20.000Z$/,
    },
  ],
];

describe("a configuration problem is one line naming what to fix", () => {
  test.for(PROBLEMS)("%s", async ([, row]) => {
    await withSandbox(row.sandbox ?? {}, async (sandbox) => {
      const error = await preflightAgainst(sandbox.url, row.env).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PreflightProblem);
      expect((error as Error).message).toMatch(row.line);
      expect((error as Error).message).not.toContain("\n");
    });
  });

  // Not configuration: a target that is down is "target unavailable", exit 3 (lib/runner/target-down.ts).
  test("nothing listens at TARGET_BASE_URL: target unavailable, not a configuration problem", async () => {
    const url = await closedPortUrl();
    const error = await preflightAgainst(url, {}).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TargetUnavailable);
    expect((error as Error).message).toBe(
      `target unavailable: ${url} did not answer any preflight request (connection refused); nothing was judged: check that the target is running (and TARGET_BASE_URL), or try again later`,
    );
  });
});

test("the sandbox passes, with the clock skew measured from its timestamps", async () => {
  await withSandbox({}, async (sandbox) => {
    const report = await preflightAgainst(sandbox.url, {});
    expect(report.unverified).toEqual([]);
    expect(Math.abs(report.skewMs!)).toBeLessThan(5_000);
  });
});

test("production without ALLOW_MUTATIONS: the partner credentials are not probed (the guard sends nothing there), and it says so", async () => {
  await withSandbox({}, async (sandbox) => {
    const report = await preflightAgainst(sandbox.url, { TARGET_ENV: "production" });
    expect(report.unverified).toEqual([
      expect.stringMatching(/^Register business client: not sent: TARGET_ENV=production/),
      // Nor the fixture debit (the fixture registration's line is the same as the one above).
      expect.stringMatching(/^Create transaction: not sent: TARGET_ENV=production/),
      // The sandbox signs with its published key, which a production target would not.
      expect.stringMatching(/^response signatures: the platform key is the reference sandbox's published one/),
    ]);
  });
});

describe("npm run conformance: a preflight problem is exit 2 and one line, before any check", () => {
  // One problem through the command: the others' lines are proven above, and the command prints
  // whichever PreflightProblem it gets the same way.
  test("a wrong token", async () => {
    const env = { PARTNER_ACCESS_TOKEN: "not-the-sandbox-token-0001" };
    const { code, stdout, stderr } = await runCli("conformance.ts", [], { REPORTS_DIR: tempReportsDir(), ...env });
    expect(code, stdout + stderr).toBe(2);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^conformance: preflight: PARTNER_ACCESS_TOKEN: /);
    expect(stdout).not.toMatch(/RUN|verdict/);
  });
});

// As with --no-preflight: the wrong token is left to the checks. How a not-judged check and an
// incomplete verdict are printed: tests/fixtures-fit/preflight-fixtures-cli.test.ts.
test("a wrong token left to the checks: not judged with the target's 401, naming the credentials", async () => {
  await withSandbox({}, async (sandbox) => {
    const config = configFor(sandbox.url, { PARTNER_ACCESS_TOKEN: "not-the-sandbox-token-0001" });
    const [result] = await judgeModules(config, onlyChecks(["PT-BIZ-HTTP-200"]));
    expect(result).toMatchObject({ id: "PT-BIZ-HTTP-200", category: NOT_JUDGED });
    expect(result!.message).toMatch(
      /the target refused the registration of a client from the configured client data: HTTP 401 .*; see the credentials \(PARTNER_ACCESS_TOKEN/,
    );
  });
});
