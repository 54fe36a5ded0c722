/**
 * The latency budget checks (`<CODE>-LATENCY-BUDGET`, suites/generic/latency-budget.ts) judged
 * in-process against a sandbox told to answer one operation late (sandbox/timing.ts): a budget
 * fails only the slow operation, naming the figure, the budget and the slowest exchanges; with no
 * budget declared the check is skipped (not applicable) and the figures are still its reading;
 * the figures match the injected delay within TOLERANCE_MS at the median. The sandbox answers in
 * the test's own thread, beside the harness's work and other test files on a loaded 2-core
 * machine: the delay and the budget stand well apart from that noise (a fast answer there took up
 * to about a second). No request is sent for any of it.
 */
import { beforeAll, describe, expect, test } from "vitest";
import type { CheckResult } from "../../lib/checks/evaluate.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { configFor, withSandbox } from "../support/harness.ts";
import { judgeModules, noCrash, onlyChecks } from "../support/engine-run.ts";

const DELAY_MS = 1_500;
const BUDGET_MS = 1_000;
const TOLERANCE_MS = 1_000;
const BUDGETS = [
  "CARD-STMT-LATENCY-BUDGET",
  "CARD-LIM-LATENCY-BUDGET",
  "CARD-TXN-LATENCY-BUDGET",
  "PT-BIZ-LATENCY-BUDGET",
];
// Each operation's traffic: the success checks and the generated ones send it; the budget checks read it.
const SENDERS = [
  "CARD-STMT-SCHEMA",
  "CARD-STMT-NO-5XX",
  "CARD-LIM-SCHEMA",
  "CARD-LIM-NO-5XX",
  "CARD-TXN-SCHEMA",
  "PT-BIZ-SCHEMA",
];
const MODULES = onlyChecks([...SENDERS, ...BUDGETS], ALL_MODULES);

const byId = (results: CheckResult[], id: string) => results.find((r) => r.id === id)!;
const figures = (results: CheckResult[]) =>
  BUDGETS.map((id) => `${id}: ${JSON.stringify(byId(results, id).latency)}`).join("\n");

let slow: CheckResult[];
let undeclared: CheckResult[];
beforeAll(async () => {
  const judged = (budgets: string) => async (sandbox: { url: string }) =>
    noCrash(await judgeModules(configFor(sandbox.url, { LATENCY_P95_MS: budgets }), MODULES)) as CheckResult[];
  [slow, undeclared] = await Promise.all([
    withSandbox({ timing: { delays: { "card-api.statement": DELAY_MS } } }, judged(String(BUDGET_MS))),
    withSandbox({}, judged("card-api.limits-list:60000")),
  ]);
}, 120_000);

test("a budget for every operation fails only the slow one", () => {
  const failed = slow.filter((r) => r.outcome === "failed").map((r) => r.id);
  expect(failed, figures(slow)).toEqual(["CARD-STMT-LATENCY-BUDGET"]);
  for (const id of BUDGETS.slice(1)) expect(byId(slow, id).outcome).toBe("passed");
});

test("the failure names the p95, the budget and the slowest exchanges, which are its evidence", () => {
  const r = byId(slow, "CARD-STMT-LATENCY-BUDGET");
  expect(r).toMatchObject({ level: "should", basis: "declared", spec: "§8", category: "latency" });
  expect(r.message).toMatch(
    /^Slower than the declared budget: p95 \d+(\.\d)? ms is over the declared budget of 1000 ms \(LATENCY_P95_MS\) — \d+ requests: /,
  );
  expect(r.message).toMatch(/slowest: exchange \d+ \(\d+ ms\)/);
  const slowest = r.evidence.filter((e) => e.operationKey === "card-api.statement");
  expect(slowest.length).toBeGreaterThan(0);
  expect(slowest.every((e) => (e.latencyMs ?? 0) >= DELAY_MS)).toBe(true);
  // It sent nothing itself; what it counts is what it cites, the slowest exchanges.
  expect(r.sent).toBe(0);
  expect(r.requests).toBe(r.evidence.length);
});

test("the figures match the injected delay within the tolerance, the others are faster", () => {
  const statement = byId(slow, "CARD-STMT-LATENCY-BUDGET").latency!;
  expect(statement.p50).toBeGreaterThanOrEqual(DELAY_MS);
  expect(statement.p50).toBeLessThan(DELAY_MS + TOLERANCE_MS);
  expect(statement).toMatchObject({ budgetMs: BUDGET_MS, timeouts: 0, resets: 0, serverErrors: 0, errorShare: 0 });
  expect(byId(slow, "CARD-LIM-LATENCY-BUDGET").latency!.p50, figures(slow)).toBeLessThan(DELAY_MS);
});

describe("more than 5 % of an operation's requests timed out: its p95 lies beyond REQUEST_TIMEOUT_MS", () => {
  // No limits request answered, each cut at 1 s (after two, the hang breaker sends no more): no p95 was measured.
  const judge = (budget: string) =>
    withSandbox({ timing: { stalls: { "card-api.limits-list": 1 } } }, async (sandbox) => {
      const config = configFor(sandbox.url, { LATENCY_P95_MS: budget, REQUEST_TIMEOUT_MS: "1000" });
      const results = await judgeModules(config, onlyChecks(["CARD-LIM-SCHEMA", "CARD-LIM-LATENCY-BUDGET"]));
      return byId(noCrash(results) as CheckResult[], "CARD-LIM-LATENCY-BUDGET");
    });

  test("a budget no longer than the timeout: failed, the timeouts named", async () => {
    const r = await judge("card-api.limits-list:500");
    expect(r).toMatchObject({ outcome: "failed", category: "latency" });
    expect(r.message).toMatch(
      /\d+ of \d+ requests of .* timed out at REQUEST_TIMEOUT_MS=1000, so its p95 lies beyond 1000 ms, over the declared budget of 500 ms/,
    );
    expect(r.latency!.timeouts).toBeGreaterThan(0);
  });

  test("a longer budget: not judged, naming REQUEST_TIMEOUT_MS — a target that never answers never passes it", async () => {
    const r = await judge("card-api.limits-list:60000");
    expect(r).toMatchObject({ outcome: "not judged" });
    expect(r.message).toMatch(/cannot be known; see REQUEST_TIMEOUT_MS/);
  });
});

test("no budget declared for an operation: skipped by rule, its figures still its reading", () => {
  const r = byId(undeclared, "CARD-STMT-LATENCY-BUDGET");
  expect(r.outcome).toBe("skipped");
  expect(r.message).toMatch(
    /no latency budget declared for card-api\.statement \(LATENCY_P95_MS\); the figures are reported: \d+ requests/,
  );
  expect(r.latency?.count).toBeGreaterThan(0);
  expect(r.latency?.budgetMs).toBeUndefined();
  expect(byId(undeclared, "CARD-LIM-LATENCY-BUDGET")).toMatchObject({
    outcome: "passed",
    latency: { budgetMs: 60000 },
  });
});
