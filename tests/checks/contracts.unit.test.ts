/**
 * Every answer judged (lib/checks/contract-book.ts), in-process: a real Target whose client is a
 * fake answering from a script, so that which answers are wrong is exact. A contract check judges
 * every success answer of its operation whichever check sent the request, after every other check
 * has finished sending; an answer to a request meant to be refused is not held to the success
 * contract; "k of N" names the first and the last offending exchange with the sender and its seed;
 * a contract that judged no answer is not judged; with --retries the re-run judges only its own
 * answers, and passing then is flaky.
 */
import { describe, expect, test } from "vitest";
import { LIMITS_LIST } from "../../lib/catalogue/index.ts";
import { answerContract, defineCheck, defineContractCheck } from "../../lib/checks/define.ts";
import { evaluateModules, type CheckResult } from "../../lib/checks/evaluate.ts";
import { fail } from "../../lib/checks/failure.ts";
import { reportedOutcome } from "../../lib/checks/levels.ts";
import { NOT_JUDGED } from "../../lib/checks/precondition.ts";
import { evaluateWithRetries } from "../../lib/checks/retry.ts";
import { ContractBook } from "../../lib/checks/contract-book.ts";
import type { ContractSpec } from "../../lib/checks/contract-types.ts";
import type { Check, ContractCheck, Module, RunContext } from "../../lib/checks/types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { loadProfile } from "../../lib/crypto/index.ts";
import { profileKeysOf } from "../../lib/checks/run-context.ts";
import type { Exchange, Intent } from "../../lib/http/exchange.ts";
import { Target } from "../../lib/http/target.ts";
import { validators } from "../../lib/validation/registry.ts";
import { runAnswering as scriptedRun, type ScriptedAnswer } from "../support/scripted-run.ts";

const config = loadConfig({ TARGET_BASE_URL: "http://target.test", SEED: "5" });
const profile = await loadProfile("default", profileKeysOf(config));
const op = LIMITS_LIST;

/** A limits answer: `dt` present or not, with `status` (a 4xx when refused). */
function answer(seq: number, { dt = true, status = 200 } = {}): Omit<Exchange, "request"> {
  const body = { status: status === 200 ? "ok" : "error", request_status: status === 200 ? "success" : "failed" };
  const json = dt ? { ...body, dt: "2026-11-25T10:00:00+05:00" } : body;
  return {
    seq,
    startedAt: 0,
    durationMs: 1,
    response: { status, headers: { "content-type": "application/json" }, bodyText: JSON.stringify(json), json },
  };
}

/** A run whose target answers the nth request with script(n), with a contract book. */
const runAnswering = (script: ScriptedAnswer): RunContext => scriptedRun(config, profile, script);

const dtContract: ContractSpec = {
  answers: "success",
  judge: (exchange) => {
    if (!("dt" in (exchange.response?.json as object))) fail("schema", "/dt is required but missing");
  },
};

/** A contract check on the limits list: its own reading is `own` (default: none). */
function contractCheck(id: string, own: ContractCheck["run"] = () => undefined, contract = dtContract): Check {
  return defineContractCheck({ id, level: "must", spec: "§2.4", basis: "spec", title: id, contract, run: own });
}

/** A check that sends `count` limits requests, after `delayMs`, meant to get `intent`. */
function sender(id: string, count: number, intent?: Intent, delayMs = 0): Check {
  return defineCheck({
    id,
    level: "should",
    spec: "§2.4",
    basis: "spec",
    title: id,
    async run(ctx) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      for (let i = 0; i < count; i++) await ctx.send(op, { request_id: String(i) }, intent ? { intent } : {});
    },
  });
}

const moduleOf = (...checks: Check[]): Module => ({ operation: op, scenarios: {}, checks });
const byId = (results: CheckResult[], id: string) => results.find((r) => r.id === id)!;

describe("a contract check reads every answer of its operation", () => {
  test("k of N success answers, whichever check sent them, decided after the others have sent; the first and last offending named with sender and seed", async () => {
    // Answers 2 and 5 lack dt; the sender starts late, so a verdict taken before it finished would miss them.
    const run = runAnswering((n) => answer(n, { dt: n !== 2 && n !== 5 }));
    const results = await evaluateModules(
      [moduleOf(contractCheck("TEST-CONTRACT-DT"), sender("TEST-CONTRACT-SENDER", 6, undefined, 30))],
      run,
    );
    const dt = byId(results, "TEST-CONTRACT-DT");
    expect(dt).toMatchObject({ outcome: "failed", category: "schema" });
    expect(dt.message).toMatch(/^Response violates schema: 2 of 6 success answers: \/dt is required but missing/);
    const seed = byId(results, "TEST-CONTRACT-SENDER").seed;
    expect(dt.message).toMatch(
      new RegExp(
        `first: exchange 2 POST /v5/card-api/limits/list .*sent by TEST-CONTRACT-SENDER \\(check seed ${seed}`,
      ),
    );
    expect(dt.message).toMatch(/; last: exchange 5 .*--check TEST-CONTRACT-SENDER --check TEST-CONTRACT-DT/);
    // The offending exchanges are its evidence (redacted by the report like any other).
    expect(dt.evidence.map((e) => e.seq)).toEqual([2, 5]);
    expect(dt.contract).toMatchObject({ of: "success", judged: 6, violations: 2, byAnswers: true });
    expect(dt.contract?.answers).toMatchObject({ success: 6, refused: 0, other: 0, unanswered: 0 });
  });

  test("an answer to a request meant to be refused is never held to the success contract; a refusal is counted as one", async () => {
    const run = runAnswering((n) => (n <= 3 ? answer(n, { dt: false }) : answer(n, { status: 400 })));
    const results = await evaluateModules(
      [moduleOf(contractCheck("TEST-CONTRACT-REFUSAL"), sender("TEST-CONTRACT-INVALID", 5, "refusal"))],
      run,
    );
    // Nothing it judges was received: not judged, never passed.
    const r = byId(results, "TEST-CONTRACT-REFUSAL");
    expect(r).toMatchObject({ outcome: "not judged", category: NOT_JUDGED });
    expect(r.message).toMatch(/no success answer of Limits list reached this check/);
    expect(r.contract).toMatchObject({ judged: 0, answers: { success: 3, refused: 2 } });
  });

  test("a contract over every answer (no 5xx) reads refusals too", async () => {
    const noServerError: ContractSpec = {
      answers: "every",
      judge: (e) => {
        if ((e.response?.status ?? 0) >= 500) fail("server-error", `HTTP ${e.response!.status}`);
      },
    };
    const run = runAnswering((n) => answer(n, { status: n === 3 ? 503 : 400 }));
    const results = await evaluateModules(
      [
        moduleOf(
          contractCheck("TEST-CONTRACT-5XX", undefined, noServerError),
          sender("TEST-CONTRACT-ANY", 4, "refusal"),
        ),
      ],
      run,
    );
    expect(byId(results, "TEST-CONTRACT-5XX")).toMatchObject({ outcome: "failed", category: "server-error" });
    expect(byId(results, "TEST-CONTRACT-5XX").message).toMatch(/1 of 4 answers: HTTP 503/);
  });
});

test("a judge that crashes is its contract check's harness error, never the sender's", async () => {
  const crashing: ContractSpec = {
    answers: "success",
    judge: () => {
      throw new TypeError("a bug in the judge");
    },
  };
  const run = runAnswering((n) => answer(n));
  const results = await evaluateModules(
    [moduleOf(contractCheck("TEST-CONTRACT-CRASH", undefined, crashing), sender("TEST-CONTRACT-INNOCENT", 2))],
    run,
  );
  expect(byId(results, "TEST-CONTRACT-INNOCENT").outcome).toBe("passed");
  expect(byId(results, "TEST-CONTRACT-CRASH")).toMatchObject({ outcome: "failed", category: "harness" });
  expect(byId(results, "TEST-CONTRACT-CRASH").message).toMatch(/a bug in the judge/);
});

describe("--retries through a contract check", () => {
  test("failed by some answers of the run, its re-run judges only its own answers: all hold, so it is flaky", async () => {
    // The first three answers lack dt (the run's); every later one (the re-run's own readings) is right.
    const run = runAnswering((n) => answer(n, { dt: n > 3 }));
    const reading = contractCheck("TEST-CONTRACT-FLAKY", async (ctx) => void (await ctx.send(op, { own: true })));
    const [result] = await evaluateModules(
      [moduleOf(reading, sender("TEST-CONTRACT-EARLY", 2))],
      run,
      (moduleRun, check, stage) => evaluateWithRetries(moduleRun, check, 2, stage),
    );
    expect(result).toMatchObject({ id: "TEST-CONTRACT-FLAKY", outcome: "passed", attempts: 2 });
    expect(result!.firstFailure).toMatch(/3 of 3 success answers/);
    expect(reportedOutcome(result!, false)).toBe("flaky");
    // The run's figures stay; the re-run's own reading is a note (it reads its own request, judged alone).
    expect(result!.contract).toMatchObject({ judged: 3, violations: 3 });
    expect(result!.notes.join("\n")).toMatch(/attempt 2 judged its own \d+ answer\(s\): 0 broke it/);
  });

  test("its re-run's own answers still break it: failed, the target is not conformant", async () => {
    const run = runAnswering((n) => answer(n, { dt: n % 2 === 0 }));
    const reading = contractCheck("TEST-CONTRACT-STILL", async (ctx) => void (await ctx.send(op, { own: true })));
    const [result] = await evaluateModules([moduleOf(reading)], run, (moduleRun, check, stage) =>
      evaluateWithRetries(moduleRun, check, 1, stage),
    );
    expect(result).toMatchObject({ outcome: "failed", attempts: 2 });
  });
});

test("the preflight's tallies count as the run's (absorbed by the worker's book)", () => {
  const preflight = new ContractBook();
  preflight.register(op.key, "TEST-CONTRACT-PRE", answerContract(dtContract), { config, validators: validators() });
  preflight.observe({
    ...answer(1, { dt: false }),
    operationKey: op.key,
    request: { method: "POST", url: "http://t/x", headers: {}, bodyText: "{}" },
  });
  const worker = new ContractBook();
  worker.absorb(JSON.parse(JSON.stringify(preflight.snapshot())));
  expect(worker.tally("TEST-CONTRACT-PRE")).toMatchObject({ judged: 1, violations: 1 });
  expect(worker.tally("TEST-CONTRACT-PRE").first?.where).toMatch(/sent outside any check/);
  expect(worker.answers(op.key)).toMatchObject({ success: 1 });
});
