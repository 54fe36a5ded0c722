/**
 * A failure can be reproduced: it prints the seed, the fast-check path and a curl line, and a
 * rerun with that SEED fails the same way (same case, same path). The curl line itself, with its
 * placeholders filled from the configuration, gets the answer that failed the check. The rerun is
 * the check judged again in this process (engine-run.ts) with the same variables, as a worker of
 * the rerun would judge it: what the seed fixes is the engine's, the printing is the command's.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { TEST_LATENCY_BUDGET } from "../support/budget.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { judgeModules, onlyChecks } from "../support/engine-run.ts";
import { withSandbox } from "../support/harness.ts";

const CASE = /case "([^"]+)" \(shrunk\) after \d+ cases; fast-check seed (\d+), path "([^"]+)"/;

test("a generated-request failure prints seed, path and curl, and reproduces with SEED", async () => {
  await withSandbox({ faults: [{ kind: "behaviour", name: "rejects-amounts-above-50" }] }, async (sandbox) => {
    const env = { TARGET_BASE_URL: sandbox.url, SEED: "424242", PROPERTY_RUNS: "40", CONFORMANCE_STRICT: "true" };
    const { code, stdout, stderr } = await runCli("conformance.ts", ["--check", "CARD-TXN-POSITIVE"], {
      ...env,
      REPORTS_DIR: tempReportsDir(),
    });
    const output = stdout + stderr;
    expect(code).toBe(1);
    expect(output).toMatch(/reproduce: SEED=424242 npm run conformance -- --check CARD-TXN-POSITIVE/);
    expect(output).toMatch(/curl -sS -X POST '[^']*\/v5\/card-api\/transaction\/create'/);
    expect(output).not.toMatch(/4400430000000023/);
    await expectCurlReproduces(output, "422");
    const printed = CASE.exec(output)?.slice(1);
    expect(printed).toBeDefined();
    // The rerun with that SEED, as the command's worker runs it (the same variables, the CLI tests' latency budget).
    const rerunEnv = { ...env, ...TEST_LATENCY_BUDGET };
    const [rerun] = await judgeModules(loadConfig(rerunEnv), onlyChecks(["CARD-TXN-POSITIVE"]), rerunEnv);
    expect(rerun?.outcome).toBe("failed");
    expect(CASE.exec(rerun?.message ?? "")?.slice(1), rerun?.message).toEqual(printed);
  });
});

/** Runs the printed curl line with the placeholders' variables set as a user's .env would set them. */
async function expectCurlReproduces(output: string, status: string): Promise<void> {
  const line = /^curl -sS .*$/m.exec(output)?.[0];
  expect(line).toBeDefined();
  expect(line).toMatch(/\$\{PAYMENT_CARD_PAN\}/);
  const { fixtures } = loadConfig({});
  const env = { ...process.env, PAYMENT_CARD_PAN: fixtures.payment.pan, PAYMENT_CARD_CVC: fixtures.payment.cvc };
  // Asynchronously: the sandbox answering it runs in this process.
  const run = await promisify(execFile)("bash", ["-c", `${line} -o /dev/null -w '%{http_code}'`], {
    env,
    encoding: "utf8",
    timeout: 10_000,
  });
  expect(run.stdout, line).toBe(status);
}
