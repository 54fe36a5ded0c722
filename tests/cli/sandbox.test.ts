/**
 * `npm run sandbox -- --port P` in one process, every module judged against it: green. Judged by the
 * engine in this process (engine-run.ts), as a run's workers judge: a whole `npm run conformance`
 * against a target it does not start is proven by the CLI runs against other targets (the foreign,
 * third and fourth targets'; that the summary names TARGET_BASE_URL: tests/safety/cli-limits.test.ts).
 */
import { once } from "node:events";
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { TEST_LATENCY_BUDGET } from "../support/budget.ts";
import { runCli, spawnCommand } from "../support/cli.ts";
import { judgeModules, notPassed, shown } from "../support/engine-run.ts";
import { runVerdict } from "../support/run-verdict.ts";

test("a separately started sandbox gives the same green verdict, and stops cleanly on SIGTERM", async () => {
  const sandbox = spawnCommand("sandbox.ts", ["--port", "0"]);
  try {
    let out = "";
    sandbox.stdout.on("data", (d: Buffer) => (out += d));
    await expect.poll(() => out, { timeout: 20_000 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)![0];
    // As a CLI test's run is configured (tests/support/cli.ts): few property cases, the tests' latency budget.
    const env = { TARGET_BASE_URL: url, PROPERTY_RUNS: "5", ...TEST_LATENCY_BUDGET };
    const results = await judgeModules(loadConfig(env), undefined, env);
    expect(notPassed(results), shown(results)).toEqual([]);
    expect(runVerdict(results, false)).toMatchObject({ summary: { verdict: "conformant" }, exit: 0 });
  } finally {
    sandbox.kill("SIGTERM");
  }
  const [code] = await once(sandbox, "exit");
  expect(code).toBe(0);
});

test("a bad port is a usage error (exit 2)", async () => {
  const { code, stderr } = await runCli("sandbox.ts", ["--port", "http"]);
  expect(code).toBe(2);
  expect(stderr).toMatch(/--port http is not a TCP port/);
});

test("--clock-offset runs the sandbox's clock ahead: its dt is that much later", async () => {
  const sandbox = spawnCommand("sandbox.ts", ["--port", "0", "--clock-offset", "90m"]);
  try {
    let out = "";
    sandbox.stdout.on("data", (d: Buffer) => (out += d));
    await expect.poll(() => out, { timeout: 20_000 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(out).toMatch(/clock offset 5400000 ms/);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)![0];
    const body = { request_id: "6f1c9a57-3c1e-4d49-9f1a-2b7a3f0c9d10", object: { type: "card", value: "nope" } };
    const sent = Date.now();
    const answer = (await (
      await fetch(`${url}/v5/card-api/limits/list`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
    ).json()) as { dt: string };
    expect(Date.parse(answer.dt) - sent).toBeGreaterThan(89 * 60_000);
    expect(Date.parse(answer.dt) - sent).toBeLessThan(91 * 60_000);
  } finally {
    sandbox.kill("SIGTERM");
  }
  await once(sandbox, "exit");
});

test("a clock offset that is no duration is a usage error (exit 2)", async () => {
  const { code, stderr } = await runCli("sandbox.ts", ["--port", "0", "--clock-offset", "soon"]);
  expect(code).toBe(2);
  expect(stderr).toMatch(/--clock-offset soon is not a duration such as 90m, -30s or 500ms/);
});
