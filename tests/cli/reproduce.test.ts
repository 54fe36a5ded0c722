/**
 * A failure can be reproduced: it prints the seed, the fast-check path and a curl line, and a
 * rerun with that SEED fails the same way (same case, same path).
 */
import { expect, test } from "vitest";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";

const CASE = /case "([^"]+)" \(shrunk\) after \d+ cases; fast-check seed (\d+), path "([^"]+)"/;

test("a generated-request failure prints seed, path and curl, and reproduces with SEED", async () => {
  await withSandbox({ faults: [{ kind: "behaviour", name: "rejects-amounts-above-50" }] }, async (sandbox) => {
    const env = { TARGET_BASE_URL: sandbox.url, SEED: "424242", PROPERTY_RUNS: "40", CONFORMANCE_STRICT: "true" };
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const { code, stdout, stderr } = await runCli("conformance.ts", ["--check", "CARD-TXN-POSITIVE"], { ...env, REPORTS_DIR: tempReportsDir() });
      const output = stdout + stderr;
      expect(code).toBe(1);
      expect(output).toMatch(/reproduce: SEED=424242 npm run conformance -- --check CARD-TXN-POSITIVE/);
      expect(output).toMatch(/curl -sS -X POST '[^']*\/v5\/card-api\/transaction\/create'/);
      expect(output).not.toMatch(/4400430000000023/);
      runs.push(CASE.exec(output)?.slice(1));
    }
    expect(runs[0]).toBeDefined();
    expect(runs[1]).toEqual(runs[0]);
  });
});
