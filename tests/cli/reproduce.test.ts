/**
 * A failure can be reproduced: it prints the seed, the fast-check path and a curl line, and a
 * rerun with that SEED fails the same way (same case, same path). The curl line itself, with its
 * placeholders filled from the configuration, gets the answer that failed the check.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";

const CASE = /case "([^"]+)" \(shrunk\) after \d+ cases; fast-check seed (\d+), path "([^"]+)"/;

test("a generated-request failure prints seed, path and curl, and reproduces with SEED", async () => {
  await withSandbox({ faults: [{ kind: "behaviour", name: "rejects-amounts-above-50" }] }, async (sandbox) => {
    const env = { TARGET_BASE_URL: sandbox.url, SEED: "424242", PROPERTY_RUNS: "40", CONFORMANCE_STRICT: "true" };
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const { code, stdout, stderr } = await runCli("conformance.ts", ["--check", "CARD-TXN-POSITIVE"], {
        ...env,
        REPORTS_DIR: tempReportsDir(),
      });
      const output = stdout + stderr;
      expect(code).toBe(1);
      expect(output).toMatch(/reproduce: SEED=424242 npm run conformance -- --check CARD-TXN-POSITIVE/);
      expect(output).toMatch(/curl -sS -X POST '[^']*\/v5\/card-api\/transaction\/create'/);
      expect(output).not.toMatch(/4400430000000023/);
      runs.push(CASE.exec(output)?.slice(1));
      if (i === 0) await expectCurlReproduces(output, "422");
    }
    expect(runs[0]).toBeDefined();
    expect(runs[1]).toEqual(runs[0]);
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
