/**
 * The stable-read checks (CARD-STMT-RECORD-STABLE, CARD-LIM-RECORDS-STABLE) judge readings, so a
 * reading that got no answer is no reading: it fails as the transport did — their own reading and
 * their last one at the end alike — and never passes on answers read by others (here the
 * preflight's, whose tallies the worker's book absorbs as in a run). In-process: a real Target
 * whose client is a fake answering from a script.
 */
import { describe, expect, test } from "vitest";
import type { Operation } from "../../lib/catalogue/index.ts";
import { evaluateModules } from "../../lib/checks/evaluate.ts";
import { profileKeysOf } from "../../lib/checks/run-context.ts";
import type { Check, Module, RunContext } from "../../lib/checks/types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { loadProfile } from "../../lib/crypto/index.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { Target } from "../../lib/http/target.ts";
import { judgedAsPreflight } from "../../lib/runner/preflight.ts";
import { runAnswering as scriptedRun, type ScriptedAnswer } from "../support/scripted-run.ts";
import { limitsListModule } from "../../suites/card-api/limits-list.module.ts";
import { limitRecordsStable, statementRecordStable } from "../../suites/card-api/stable-reads.checks.ts";
import { statementModule } from "../../suites/card-api/statement.module.ts";

const config = loadConfig({ TARGET_BASE_URL: "http://target.test", SEED: "7" });
const profile = await loadProfile("default", profileKeysOf(config));

/** A success answer that lists nothing: every reading of it agrees with every other. */
function success(seq: number): Omit<Exchange, "request"> {
  const json = { status: "ok", request_status: "success", dt: "2026-11-25T10:00:00+05:00", operations: [] };
  const response = { status: 200, headers: { "content-type": "application/json" }, bodyText: JSON.stringify(json) };
  return { seq, startedAt: 0, durationMs: 1, response: { ...response, json } };
}

/** No answer: the request timed out. */
function timedOut(seq: number): Omit<Exchange, "request"> {
  return { seq, startedAt: 0, durationMs: 1, transportError: { kind: "timeout", message: "no answer in 5000 ms" } };
}

/** A run whose target answers the nth request with script(n), with a contract book. */
const runAnswering = (script: ScriptedAnswer): RunContext => scriptedRun(config, profile, script);

/**
 * The check alone in its module, in a worker whose book has absorbed a preflight that read the
 * same record once, answered well (so its tally has judged one answer, none broke it).
 */
async function judgedAfterAGoodPreflight(base: Module, check: Check, worker: (n: number) => Omit<Exchange, "request">) {
  const module: Module = { ...base, checks: [check] };
  const preflight = runAnswering(success);
  const { answers } = await judgedAsPreflight(preflight, [module], async () => {
    const send = (op: Operation, body: unknown) => preflight.target.send(op, body);
    await module.scenarios.success!({ config, send } as never);
  });
  const run = runAnswering(worker);
  run.contracts!.absorb(answers!);
  expect(run.contracts!.tally(check.id)).toMatchObject({ judged: 1, violations: 0 });
  const [result] = await evaluateModules([module], run);
  return result!;
}

const CASES = [
  { check: statementRecordStable, module: statementModule },
  { check: limitRecordsStable, module: limitsListModule },
] as const;

describe.each(CASES)(
  "$check.id: a reading that got no answer fails, never passes on others' answers",
  ({ check, module }) => {
    test("its own reading timed out: failed as the transport did", async () => {
      const result = await judgedAfterAGoodPreflight(module, check, timedOut);
      expect(result).toMatchObject({ outcome: "failed", category: "transport" });
    });

    test("its last reading at the end timed out: failed as the transport did", async () => {
      // The first request (its own reading) is answered; the one at the end is not.
      const result = await judgedAfterAGoodPreflight(module, check, (n) => (n === 1 ? success(n) : timedOut(n)));
      expect(result).toMatchObject({ outcome: "failed", category: "transport" });
    });

    test("every reading answered and agreeing: passed", async () => {
      const result = await judgedAfterAGoodPreflight(module, check, success);
      expect(result.outcome).toBe("passed");
      expect(result.contract).toMatchObject({ judged: 3, violations: 0 });
    });
  },
);
