/**
 * No body a target sends crashes a run or grows an output without bound. A property over hostile
 * bodies (tests/support/hostile-bodies.ts: depth, width, huge strings, numbers beyond a double,
 * duplicate keys, invalid UTF-8, a BOM, a NUL, more bytes than the client reads, a gzip bomb, and
 * sane JSON as the control) sends each through the whole path a check's answer takes: the one
 * client over a real socket, the target's observers (the contract book judges it against every
 * registered contract), the answer readers, the schema, the evidence and the redactor, the HAR
 * and exchanges writers, the message a worker hands vitest (structured-cloned, as vitest does).
 * Each step ends in bounded time, with a classified failure naming the cause, or with JSON read.
 * The whole run against such a target: tests/misbehaving/hostile-run.test.ts.
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CARD_STATEMENT } from "../../lib/catalogue/index.ts";
import { registerContracts } from "../../lib/checks/contract-verdict.ts";
import { CheckFailure } from "../../lib/checks/failure.ts";
import { requireSchema, requireSuccessBody } from "../../lib/checks/response.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import type { RunContext } from "../../lib/checks/types.ts";
import { EVIDENCE_BODY_CHARS, exchangeEvidence } from "../../lib/http/evidence.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { redactor } from "../../lib/redaction/redact.ts";
import { ExchangeLog } from "../../lib/reporting/exchange-log.ts";
import { harEntry } from "../../lib/reporting/har.ts";
import { MESSAGE_CHARS } from "../../lib/vitest/report-check.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { configFor } from "../support/harness.ts";
import { hostileBody, type HostileBody } from "../support/hostile-bodies.ts";
import { startScriptedTarget, type TestTarget } from "../support/targets.ts";
import { tempReportsDir } from "../support/temp-dirs.ts";

/** One case's whole path; generous for a loaded 2-core machine, far below what an unbounded walk takes. */
const CASE_BOUND_MS = 10_000;
/** A quoted body, its headers and the record around it. */
const EVIDENCE_BOUND = 3 * EVIDENCE_BODY_CHARS;

let current: HostileBody | undefined;
let target: TestTarget;
let run: RunContext;

beforeAll(async () => {
  target = await startScriptedTarget(() => ({ status: 200, headers: current!.headers, body: current!.body }));
  run = await createRunContext(configFor(target.url, { REQUEST_TIMEOUT_MS: "10000" }));
  registerContracts(run.contracts, ALL_MODULES, run);
});

afterAll(async () => {
  await run?.target.close();
  await target?.close();
});

const STATEMENT_REQUEST = {
  card_id: "c0ffee00-0000-4000-8000-000000000001",
  start_date: "2025-06-01T00:00:00+05:00",
  end_date: "2025-06-30T23:59:59+05:00",
};

/** What a check makes of the answer: the body, or its classified failure. */
function read(exchange: Exchange): { failure?: CheckFailure } {
  try {
    const body = requireSuccessBody(exchange);
    requireSchema(run.validators, CARD_STATEMENT.responseSchema!, body, "statement");
    return {};
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error;
    return { failure: error };
  }
}

/** Every output made of the exchange, each bounded, and the message as vitest would clone it. */
function report(exchange: Exchange, message: string | undefined, dir: string): void {
  const evidence = exchangeEvidence(exchange, redactor);
  expect(JSON.stringify(evidence).length).toBeLessThan(EVIDENCE_BOUND);
  const har = harEntry({ startedAt: new Date(exchange.startedAt).toISOString(), checks: ["X"], evidence });
  expect(JSON.stringify(har).length).toBeLessThan(EVIDENCE_BOUND);
  const log = new ExchangeLog(dir, "statement");
  log.add("X", [exchange]);
  log.flush(redactor);
  const preview = redactor.preview(exchange.response?.bodyText ?? "");
  expect(preview.length).toBeLessThanOrEqual(161);
  const bounded = message === undefined ? undefined : redactor.quote(message, MESSAGE_CHARS);
  expect(structuredClone({ meta: { message: bounded }, evidence })).toBeTruthy();
  expect(JSON.stringify(run.contracts!.snapshot(false)).length).toBeLessThan(1_000_000);
}

test("every hostile body: a classified failure naming its cause (or JSON read), every output bounded, in bounded time", async () => {
  const dir = tempReportsDir();
  await fc.assert(
    fc.asyncProperty(hostileBody, async (hostile) => {
      current = hostile;
      const started = Date.now();
      const exchange = await run.target.send(CARD_STATEMENT, STATEMENT_REQUEST, { intent: "success" });
      const { failure } = read(exchange);
      if (hostile.cause === "reads") {
        expect(exchange.response?.jsonError, hostile.name).toBeUndefined();
        // A body that reads may still break the schema: that is the schema's failure, never a crash.
        if (failure) expect(["schema", "value"], hostile.name).toContain(failure.category);
      } else {
        expect(failure?.category, hostile.name).toBe("transport");
        expect(failure?.message, hostile.name).toMatch(hostile.cause);
      }
      report(exchange, failure?.message, dir);
      expect(Date.now() - started, hostile.name).toBeLessThan(CASE_BOUND_MS);
    }),
    { numRuns: 40, seed: 20261202, endOnFailure: true },
  );
}, 120_000);
