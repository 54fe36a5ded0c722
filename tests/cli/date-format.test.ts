/**
 * A declared statement date pattern, end to end as a partner runs it: the sandbox started with
 * `npm run sandbox -- --date-format DD.MM.YYYY` reads its statement bounds only day first;
 * with STATEMENT_DATE_FORMAT=DD.MM.YYYY the preflight passes and every check passes in strict mode
 * (and so by the default rule) — judged by the engine in this process (engine-run.ts), as a run's
 * workers judge, against the sandbox the command started; with the default form declared, the
 * preflight stops with one line naming STATEMENT_DATE_FORMAT and the form the target accepted,
 * which the command ends with exit 2 (tests/safety/preflight.test.ts: a preflight problem is exit 2
 * and its one line, through the command). A whole run against a target it does not start is proven
 * by the independent targets' CLI runs.
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { PreflightProblem, runPreflight } from "../../lib/runner/preflight.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { TEST_LATENCY_BUDGET } from "../support/budget.ts";
import { runCli, spawnCommand } from "../support/cli.ts";
import { judgeModules, notPassed, shown } from "../support/engine-run.ts";
import { runVerdict } from "../support/run-verdict.ts";

let sandbox: ChildProcess;
let url: string;

beforeAll(async () => {
  sandbox = spawnCommand("sandbox.ts", ["--port", "0", "--date-format", "DD.MM.YYYY"]);
  let out = "";
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start: ${out}`)), 20_000);
    sandbox.stdout!.on("data", (d: Buffer) => {
      out += d;
      const started = /listening on (http:\/\/127\.0\.0\.1:\d+) .*statement dates DD\.MM\.YYYY/.exec(out);
      if (started) resolve(started[1]!);
      if (started) clearTimeout(timer);
    });
  });
}, 30_000);

afterAll(async () => {
  sandbox.kill("SIGTERM");
  await once(sandbox, "exit");
});

// One after the other: the judgements debit the same payment card, and a ledger check counts every debit it sees.
describe("the harness against a target that reads DD.MM.YYYY", () => {
  // Strict only: with --strict a should failure fails the run too, and the same checks are sent either
  // way, so a strict run in which every non-info check passed is conformant by the default rule as well
  // (the level rule itself, lib/checks/levels.ts: tests/reporting/run-verdicts.unit.test.ts).
  test("declared as DD.MM.YYYY, strict: the preflight passes, conformant, every check passed", async () => {
    // As a CLI test's strict run is configured (tests/support/cli.ts): few property cases, the latency budget.
    const env = {
      TARGET_BASE_URL: url,
      STATEMENT_DATE_FORMAT: "DD.MM.YYYY",
      SEED: "20261127",
      CONFORMANCE_STRICT: "true",
      PROPERTY_RUNS: "5",
      ...TEST_LATENCY_BUDGET,
    };
    const config = loadConfig(env);
    const preflight = await createRunContext(config, {}, { env });
    try {
      await runPreflight(preflight, PREFLIGHT_REQUESTS);
    } finally {
      await preflight.target.close();
    }
    const results = await judgeModules(config, undefined, env);
    expect(notPassed(results), shown(results)).toEqual([]);
    expect(runVerdict(results, true)).toMatchObject({ summary: { verdict: "conformant" }, exit: 0 });
  });

  test("declared as the default form: the preflight's one line names STATEMENT_DATE_FORMAT and the form it accepted", async () => {
    const env = { TARGET_BASE_URL: url, ...TEST_LATENCY_BUDGET };
    const run = await createRunContext(loadConfig(env), {}, { env });
    const problem = await runPreflight(run, PREFLIGHT_REQUESTS)
      .catch((e: unknown) => e)
      .finally(() => run.target.close());
    expect(problem).toBeInstanceOf(PreflightProblem);
    const line = (problem as Error).message;
    expect(line.trim().split("\n")).toHaveLength(1);
    expect(line).toMatch(
      /^preflight: STATEMENT_DATE_FORMAT: .*is not a date in the form DD\.MM\.YYYY.*; it accepted the same request with the period as DD\.MM\.YYYY \(start_date "01\.06\.2025"/,
    );
  });
});

test("--date-format that is no date form is a usage error (exit 2) naming the token", async () => {
  const { code, stderr } = await runCli("sandbox.ts", ["--port", "0", "--date-format", "dd.MM.yyyy"]);
  expect(code).toBe(2);
  expect(stderr).toMatch(/--date-format dd\.MM\.yyyy: "dd" cannot be used: days of the month are DD/);
});
