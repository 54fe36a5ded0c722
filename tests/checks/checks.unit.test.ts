/**
 * Each check of a success answer, alone, with a fake context: one passing answer (the documented
 * one of tests/schemas/cases) and one failing answer (one deviation), in the spirit of the OpenID
 * conformance suite's per-condition tests. No target, no sandbox: the context answers every
 * scenario with the canned exchange and refuses to send anything.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { CheckFailure, notApplicable, notJudged } from "../../lib/checks/failure.ts";
import { debitRangeFor } from "../../lib/checks/debit-amounts.ts";
import { profileKeysOf } from "../../lib/checks/run-context.ts";
import type { CheckContext, ContractCheck, Module, SendingCheck } from "../../lib/checks/types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { loadProfile } from "../../lib/crypto/index.ts";
import { unsignedPart } from "../../lib/crypto/envelope.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { validators } from "../../lib/validation/registry.ts";
import { ALL_MODULES } from "../../suites/modules.ts";

// Canned JSON answers, edited in place by the rows: loosely typed on purpose.
type Json = Record<string, any>;
const config = loadConfig({});
const profile = await loadProfile("default", profileKeysOf(config));

/** The "as documented" answer of a response schema, from the schema tables. */
function documented(file: string, schema: string): Json {
  const groups = JSON.parse(readFileSync(new URL(`../schemas/cases/${file}.json`, import.meta.url), "utf8")) as Array<{
    schema: string;
    tests: Array<{ data: Json }>;
  }>;
  return structuredClone(groups.find((g) => g.schema === schema)!.tests[0]!.data);
}

interface Answer {
  body: Json;
  status?: number;
  contentType?: string;
}
const STATEMENT_REQUEST = {
  card_id: config.fixtures.statement.cardId,
  start_date: "2025-06-01T00:00:00+05:00",
  end_date: "2025-06-30T23:59:59+05:00",
};

function exchangeOf(answer: Answer, request: unknown = {}): Exchange {
  const bodyText = JSON.stringify(answer.body);
  return {
    seq: 1,
    startedAt: 0,
    durationMs: 1,
    request: { method: "POST", url: "http://target.test/op", headers: {}, bodyText: JSON.stringify(request) },
    response: {
      status: answer.status ?? 200,
      headers: { "content-type": answer.contentType ?? "application/json; charset=utf-8" },
      bodyText,
      json: answer.body,
    },
  };
}

function fakeContext(exchange: Exchange): CheckContext {
  const refuse = () => Promise.reject(new Error("a unit test sends nothing: this check belongs to the sandbox tier"));
  return {
    config,
    profile,
    validators: validators(),
    inFlight: 1,
    seed: 1,
    debitAmounts: async () => debitRangeFor(config, undefined),
    isolated: (_card, fn) => fn(),
    shared: (_key, make) => make(),
    scenario: async () => exchange,
    send: refuse,
    sendVariant: refuse,
    record: () => undefined,
    note: () => undefined,
    notApplicable,
    notJudged,
  };
}

async function signed(body: Json): Promise<Json> {
  return { ...body, signature: await profile.sign(unsignedPart(body), "platform") };
}

const BASE = {
  "card-api.statement": () => ({
    body: documented("statement", "card-api/statement-response.schema.json"),
    request: STATEMENT_REQUEST,
  }),
  "card-api.transaction-create": () => ({
    body: documented("transaction", "card-api/transaction-response.schema.json"),
    request: {},
  }),
  "card-api.limits-list": () => ({ body: documented("limits", "card-api/limits-response.schema.json"), request: {} }),
  "partner-transfer-api.register-business": () => ({
    body: documented("partner-transfer", "partner-transfer/business-registration-response.schema.json"),
    request: {},
  }),
} as const;
type OperationKey = keyof typeof BASE;

/** [check id, what is wrong, the failing answer made from the passing one] */
const ROWS: Array<[string, string, (a: Answer) => Answer | Promise<Answer>]> = [
  ["CARD-STMT-HTTP-200", "answered 201", (a) => ({ ...a, status: 201 })],
  ["CARD-STMT-JSON", "declared as text/html", (a) => ({ ...a, contentType: "text/html" })],
  ["CARD-STMT-SCHEMA", "mcc as a string", (a) => ((a.body.operations[0].mcc = "5411"), a)],
  ["CARD-STMT-STATUS-OK", "status done", (a) => ((a.body.status = "done"), a)],
  ["CARD-STMT-REQUEST-SUCCESS", "request_status completed", (a) => ((a.body.request_status = "completed"), a)],
  [
    "CARD-STMT-DATETIME",
    "a datetime without milliseconds",
    (a) => ((a.body.operations[0].datetime = "2025-06-15T10:00:00Z"), a),
  ],
  [
    "CARD-STMT-PERIOD",
    "an operation outside the period",
    (a) => ((a.body.operations[0].datetime = "2024-01-15T10:00:00.000Z"), a),
  ],
  ["CARD-STMT-NOT-EMPTY", "no operations", (a) => ((a.body.operations = []), a)],
  ["CARD-STMT-DT", "dt not a timestamp", (a) => ((a.body.dt = "yesterday"), a)],
  ["CARD-TXN-HTTP-200", "answered 201", (a) => ({ ...a, status: 201 })],
  ["CARD-TXN-JSON", "declared as text/plain", (a) => ({ ...a, contentType: "text/plain; charset=utf-8" })],
  ["CARD-TXN-SCHEMA", "no request_status", (a) => (delete a.body.request_status, a)],
  ["CARD-TXN-STATUS-OK", "status accepted", (a) => ((a.body.status = "accepted"), a)],
  ["CARD-TXN-REQUEST-SUCCESS", "request_status pending", (a) => ((a.body.request_status = "pending"), a)],
  ["CARD-TXN-DT-OFFSET", "dt in Z", (a) => ((a.body.dt = "2026-11-22T10:00:00.000Z"), a)],
  ["CARD-LIM-HTTP-200", "answered 201", (a) => ({ ...a, status: 201 })],
  ["CARD-LIM-JSON", "declared as text/plain", (a) => ({ ...a, contentType: "text/plain" })],
  ["CARD-LIM-SCHEMA", "a limit value as a number", (a) => ((a.body.limits.product[0].amount[0].value = 100), a)],
  ["CARD-LIM-STATUS-OK", "status OK in capitals", (a) => ((a.body.status = "OK"), a)],
  ["CARD-LIM-REQUEST-SUCCESS", "request_status done", (a) => ((a.body.request_status = "done"), a)],
  ["CARD-LIM-DT", "dt without an offset", (a) => ((a.body.dt = "2026-11-22T10:00:00"), a)],
  ["CARD-LIM-OBJECT-KINDS", "no card group", (a) => (delete a.body.limits.card, a)],
  ["CARD-LIM-GROUPS", "a group the spec does not show (info)", (a) => ((a.body.limits.extra = []), a)],
  ["PT-BIZ-HTTP-200", "answered 201", (a) => ({ ...a, status: 201 })],
  ["PT-BIZ-JSON", "declared as text/plain", (a) => ({ ...a, contentType: "text/plain" })],
  ["PT-BIZ-SCHEMA", "no client_uuid", (a) => (delete a.body.payload.client_uuid, a)],
  ["PT-BIZ-STATE", "state false", (a) => ((a.body.state = false), a)],
  ["PT-BIZ-STATUS-NEW", "status active", (a) => ((a.body.payload.status = "active"), a)],
  [
    "PT-BIZ-RESPONSE-TIME",
    "response_time without fraction",
    (a) => ((a.body.response_time = "2026-11-22T10:00:00Z"), a),
  ],
  ["PT-BIZ-SIGNATURE", "a signature that does not verify", (a) => ((a.body.signature = "00".repeat(32)), a)],
];

const modules = ALL_MODULES.filter((m) => m.operation.key in BASE);
/** A check of a success answer: one that sends and reads its own answer (a settled check reads none). */
function located(id: string): { check: SendingCheck | ContractCheck; module: Module } {
  const module = modules.find((m) => m.checks.some((c) => c.id === id));
  const check = module?.checks.find((c) => c.id === id);
  if (!module || !check || check.kind === "settles") throw new Error(`no module lists ${id} as a check that reads`);
  return { check, module };
}

async function passing(key: OperationKey): Promise<{ answer: Answer; request: unknown }> {
  const { body, request } = BASE[key]();
  return { answer: { body: key === "partner-transfer-api.register-business" ? await signed(body) : body }, request };
}

describe.for(ROWS)("%s", ([id, wrong, mutate]) => {
  const { check, module } = located(id);
  const key = module.operation.key as OperationKey;

  test("passes on the documented answer", async () => {
    const { answer, request } = await passing(key);
    await expect(Promise.resolve(check.run(fakeContext(exchangeOf(answer, request))))).resolves.toBeUndefined();
  });

  test(`fails on an answer with ${wrong}`, async () => {
    const { answer, request } = await passing(key);
    const error = await Promise.resolve(check.run(fakeContext(exchangeOf(await mutate(answer), request)))).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CheckFailure);
  });
});

test("the table covers every success-answer check of the documented operations (their generic checks, and those of their own that read only the answer)", () => {
  const generic = modules
    .flatMap((m) => m.checks.map((c) => c.id))
    .filter((id) =>
      /-(HTTP-200|JSON|SCHEMA|STATUS-OK|REQUEST-SUCCESS|DT|DT-OFFSET|STATE|STATUS-NEW|RESPONSE-TIME)$/.test(id),
    );
  expect(generic.filter((id) => !ROWS.some(([row]) => row === id))).toEqual([]);
});
