/**
 * The safety settings: each bad value names its variable (secrets hidden), unsafe combinations
 * are refused at start, and the run-wide bounds split into shares that add up to at most the
 * configured bound.
 */
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { expectConfigError } from "../support/config-error.ts";
import { planRunLimits, workerCount } from "../../lib/http/coordination/run-limits.ts";
import { SANDBOX_CARDS } from "../../lib/test-data/published.ts";

const PAN = SANDBOX_CARDS.payment.pan;

const INVALID: Array<[string, Record<string, string>, string, RegExp]> = [
  [
    "an unknown TARGET_ENV",
    { TARGET_ENV: "prod" },
    "TARGET_ENV",
    /^TARGET_ENV: "prod" must be one of sandbox, staging, production$/,
  ],
  ["ALLOW_MUTATIONS not a boolean", { ALLOW_MUTATIONS: "maybe" }, "ALLOW_MUTATIONS", /must be true or false/],
  [
    "MAX_DEBIT_TOTAL not an amount",
    { MAX_DEBIT_TOTAL: "ten" },
    "MAX_DEBIT_TOTAL",
    /^MAX_DEBIT_TOTAL: "ten" is not an amount such as 500 or 500.00$/,
  ],
  ["MAX_DEBIT_TOTAL with three decimals", { MAX_DEBIT_TOTAL: "1.234" }, "MAX_DEBIT_TOTAL", /is not an amount/],
  [
    "TEST_PANS with something that is no card number",
    { TEST_PANS: `${PAN},4400-abc` },
    "TEST_PANS",
    /^TEST_PANS: \(value hidden\) must list card numbers/,
  ],
  ["MAX_RPS of 0", { MAX_RPS: "0" }, "MAX_RPS", /must be at least 1/],
  ["CONCURRENCY of 0", { CONCURRENCY: "0" }, "CONCURRENCY", /must be at least 1/],
  ["RUN_DEADLINE_MS below a second", { RUN_DEADLINE_MS: "10" }, "RUN_DEADLINE_MS", /must be at least 1000/],
  [
    "staging without the payment card in TEST_PANS",
    { TARGET_ENV: "staging" },
    "TEST_PANS",
    /must list PAYMENT_CARD_PAN: with TARGET_ENV=staging only listed test cards are sent/,
  ],
  [
    "staging with UNKNOWN_CARD_PAN not in TEST_PANS",
    { TARGET_ENV: "staging", TEST_PANS: PAN, UNKNOWN_CARD_PAN: "4000000000000002" },
    "TEST_PANS",
    /must list UNKNOWN_CARD_PAN: with TARGET_ENV=staging only listed test cards are sent/,
  ],
  ["UNKNOWN_CARD_PAN that is no card number", { UNKNOWN_CARD_PAN: "4000-x" }, "UNKNOWN_CARD_PAN", /12 to 19 digits/],
  [
    "UNKNOWN_CARD_PAN that is the payment card's",
    { UNKNOWN_CARD_PAN: PAN },
    "UNKNOWN_CARD_PAN",
    /^UNKNOWN_CARD_PAN: \(value hidden\) is PAYMENT_CARD_PAN/,
  ],
  [
    "production mutations without a debit cap",
    { TARGET_ENV: "production", ALLOW_MUTATIONS: "true", TEST_PANS: PAN },
    "MAX_DEBIT_TOTAL",
    /must be set when TARGET_ENV=production and ALLOW_MUTATIONS=true/,
  ],
];

test.for(INVALID)("%s is refused, naming the variable", ([, env, variable, re]) => {
  const error = expectConfigError(env, variable);
  expect(error.message).toMatch(re);
  expect(error.message).not.toContain(PAN);
});

test("the defaults: the sandbox, no mutation allowed elsewhere, no cap, 16 in flight, 30 minutes", () => {
  expect(loadConfig({}).safety).toEqual({
    targetEnv: "sandbox",
    allowMutations: false,
    maxDebitTotalMinor: undefined,
    testPans: [],
    maxRps: undefined,
    concurrency: 16,
    runDeadlineMs: 1_800_000,
    baselineFile: undefined,
  });
  expect(
    loadConfig({ MAX_DEBIT_TOTAL: "12.5", TEST_PANS: "4400 4300 0000 0023, 4400430000000015" }).safety,
  ).toMatchObject({
    maxDebitTotalMinor: 1250,
    testPans: [PAN, "4400430000000015"],
  });
});

const SHARES: Array<
  [string, { env: Record<string, string>; workers: number; shards: number; rps?: number; concurrency: number }]
> = [
  [
    "one process gets the whole bounds",
    { env: { MAX_RPS: "10", CONCURRENCY: "8" }, workers: 1, shards: 1, rps: 10, concurrency: 8 },
  ],
  [
    "2 workers × 2 shards share them four ways",
    { env: { MAX_RPS: "10", CONCURRENCY: "8" }, workers: 2, shards: 2, rps: 2.5, concurrency: 2 },
  ],
  ["no MAX_RPS: no rate bound", { env: { CONCURRENCY: "6" }, workers: 3, shards: 1, concurrency: 2 }],
];

test.for(SHARES)("run-wide shares: %s", ([, row]) => {
  const limits = planRunLimits(loadConfig(row.env), { workers: row.workers, shards: row.shards, startedAt: 1_000 });
  expect(limits.rpsShare).toBe(row.rps);
  expect(limits.inFlightShare).toBe(row.concurrency);
  expect(limits.inFlightShare * row.workers * row.shards).toBeLessThanOrEqual(Number(row.env.CONCURRENCY));
  expect(limits.deadlineAt).toBe(1_000 + 1_800_000);
});

test("the CLI starts one worker per machine: every answer of an operation reaches the one contract book", () => {
  expect(workerCount()).toBe(1);
});
