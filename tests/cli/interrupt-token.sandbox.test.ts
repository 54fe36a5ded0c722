/**
 * SIGINT while the run fetches its access token from an endpoint that never answers, through the
 * command's pipeline in this process (lib/runner/pipeline.ts, as tests/runner/pipeline.sandbox.test.ts
 * runs it): exit 130, the one line saying nothing was judged, verdict interrupted with no check,
 * the cleanup stack unwound (the run's files gone). A real signal to the real process, and the
 * checks' own interruption: tests/cli/interrupt-retries.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, test, vi } from "vitest";
import { settleCommand } from "../../lib/runner/cli-errors.ts";
import { runConformance } from "../../lib/runner/pipeline.ts";
import type { RunParts } from "../../lib/runner/run-state.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { startMisbehavingTarget } from "../support/targets.ts";
import { tempReportsDir } from "../support/temp-dirs.ts";

afterEach(() => void vi.unstubAllEnvs());

test("SIGINT while the access token is fetched (an endpoint that never answers): exit 130, verdict interrupted, nothing judged", async () => {
  const silent = await startMisbehavingTarget("never answers");
  try {
    const dir = tempReportsDir();
    const env = {
      TARGET_BASE_URL: "",
      REPORTS_DIR: dir,
      PARTNER_TOKEN_URL: `${silent.url}/oauth/token`,
      PARTNER_CLIENT_ID: "partner-0042",
      PARTNER_CLIENT_SECRET: "not-a-real-secret",
      REQUEST_TIMEOUT_MS: "60000",
    };
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    // The command's parts, with a stand-in for the embedded sandbox that counts its closing.
    const closed = { count: 0 };
    const parts: RunParts = {
      modules: ALL_MODULES,
      moduleIndex: "suites/modules.ts",
      preflightRequests: PREFLIGHT_REQUESTS,
      checkDeclarations: async () => undefined,
      checkLateDeclarations: async () => undefined,
      startSandbox: async () => ({ url: "http://127.0.0.1:9", close: async () => void closed.count++ }),
    };
    // The pipeline's own SIGINT handler, called as the signal would be once the token endpoint is reached.
    const before = process.listeners("SIGINT");
    const poll = setInterval(() => {
      if (!silent.received.length) return;
      clearInterval(poll);
      const ours = process.listeners("SIGINT").find((l) => !before.includes(l));
      (ours as (signal: string) => void)("SIGINT");
    }, 20);
    let stderr = "";
    const quiet = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const said = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
    const end = await settleCommand("conformance", () => runConformance({ quiet: true }, parts)).finally(() => {
      clearInterval(poll);
      quiet.mockRestore();
      said.mockRestore();
    });
    expect(end.code, `${end.line}\n${stderr}`).toBe(130);
    expect(stderr).toMatch(/interrupted by SIGINT before any check ran: nothing was judged/);
    const summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as Summary;
    expect(summary).toMatchObject({ verdict: "interrupted", checks: [] });
    // Ended through the same cleanup stack as any run: the sandbox closed, the run's files gone.
    expect(closed.count).toBe(1);
    expect(existsSync(join(dir, ".run")) ? readdirSync(join(dir, ".run")) : []).toEqual([]);
    expect(process.listeners("SIGINT")).toEqual(before);
  } finally {
    await silent.close();
  }
});
