/**
 * Profiles through the commands users run: `npm run sandbox` refuses a profile it cannot load
 * (exit 2), and `npm run sandbox -- --profile jws` serves a sandbox that a jws harness finds green.
 * That `npm run conformance` starts its embedded sandbox with the configured CRYPTO_PROFILE is
 * proven by jws-hmac.test.ts (CRYPTO_PROFILE=jws, with an HS512 card API JWS besides: conformant).
 */
import { once } from "node:events";
import { expect, test } from "vitest";
import { configFor, evaluateAll, failingIds } from "../support/harness.ts";
import { runCli, spawnCommand, tempReportsDir } from "../support/cli.ts";

// npm run conformance with a module that does not load: in-process, tests/cli/usage.unit.test.ts.
test.for([
  ["sandbox", "sandbox.ts", ["--port", "0", "--profile", "hmac"], {}, /--profile "hmac" must be one of default, jws/],
] as const)("%s: a profile that cannot be loaded is exit 2 with one line", async ([, script, args, env, message]) => {
  const { code, stderr } = await runCli(script, [...args], { REPORTS_DIR: tempReportsDir(), ...env });
  expect(code).toBe(2);
  expect(stderr.trim().split("\n")).toHaveLength(1);
  expect(stderr).toMatch(message);
});

test("npm run sandbox -- --profile jws: green for a jws harness, card API refused for a default one", async () => {
  const sandbox = spawnCommand("sandbox.ts", ["--port", "0", "--profile", "jws"]);
  try {
    let out = "";
    sandbox.stdout.on("data", (d: Buffer) => (out += d));
    await expect
      .poll(() => out, { timeout: 20_000 })
      .toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ with crypto profile jws/);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)![0];
    expect(failingIds(await evaluateAll(configFor(url, { CRYPTO_PROFILE: "jws" })))).toEqual([]);
    // A default harness's statement request is refused (401): its success checks are not judged.
    const results = await evaluateAll(configFor(url));
    expect(failingIds(results)).toContain("CARD-STMT-POSITIVE");
    expect(results.find((r) => r.id === "CARD-STMT-HTTP-200")).toMatchObject({
      outcome: "not judged",
      category: "precondition",
    });
  } finally {
    sandbox.kill("SIGTERM");
  }
  const [code] = await once(sandbox, "exit");
  expect(code).toBe(0);
});
