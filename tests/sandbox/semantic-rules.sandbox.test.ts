/**
 * Each semantic NEGATIVE row on its own: the conforming sandbox refuses it for the rule
 * it breaks (the error code of sandbox/rules), and the fault of its rule family lets it through —
 * so every row, not only its family, can fail CARD-…-NEGATIVE.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { validators } from "../../lib/validation/registry.ts";
import { limitsCases } from "../../generators/cases/limits.ts";
import { statementCases } from "../../generators/cases/statement.ts";
import { transactionCases } from "../../generators/cases/transaction.ts";
import { debitRangeFor } from "../../lib/checks/debit-amounts.ts";
import { semanticTransactionMutations } from "../../generators/cases/semantic-transaction.ts";
import { semanticLimitsMutations, semanticStatementMutations } from "../../generators/cases/semantic-references.ts";
import type { BehaviourFaultName } from "../../sandbox/faults.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/server.ts";

const config = loadConfig({});
const registry = validators();
const PATHS = {
  txn: "/v5/card-api/transaction/create",
  stmt: "/v5/card-api/card/statement",
  lim: "/v5/card-api/limits/list",
} as const;
type Op = keyof typeof PATHS;

/** Row name → the code the conforming sandbox refuses it with, and the fault of its family. */
const EXPECTED: Record<string, [string, BehaviourFaultName]> = {
  "card_id of another card with this card's PAN": ["CARD_MISMATCH", "accepts-foreign-card-data"],
  "card_pan of another card with this card's id": ["CARD_MISMATCH", "accepts-foreign-card-data"],
  "a wrong CVC (right length)": ["DECLINED", "accepts-foreign-card-data"],
  "a wrong expiry month (the card's year)": ["CARD_EXPIRED", "accepts-foreign-card-data"],
  "a wrong expiry year (later than the card's)": ["CARD_EXPIRED", "accepts-foreign-card-data"],
  "debit.account of another party (the credit account)": ["CARD_MISMATCH", "accepts-foreign-card-data"],
  "debit.client_id not the card's holder": ["CARD_MISMATCH", "accepts-foreign-card-data"],
  "credit in another currency than the debit": ["CURRENCY_MISMATCH", "accepts-mismatched-money"],
  "additional_amount in another currency than the debit": ["CURRENCY_MISMATCH", "accepts-mismatched-money"],
  "debit.amount with more decimals than KZT has": ["INVALID_REQUEST", "accepts-mismatched-money"],
  "credit.amount with more decimals than KZT has": ["INVALID_REQUEST", "accepts-mismatched-money"],
  "credit larger than the debit (money from nowhere)": ["AMOUNT_MISMATCH", "accepts-mismatched-money"],
  "end_date two days before start_date": ["INVALID_PERIOD", "accepts-nonsense-periods"],
  "card_id is an account number (the payment card's account)": ["WRONG_OBJECT_KIND", "resolves-any-identifier"],
  "card_id is a client id (the payment card's holder)": ["WRONG_OBJECT_KIND", "resolves-any-identifier"],
  "object.type card with the account number of the payment card": ["WRONG_OBJECT_KIND", "resolves-any-identifier"],
  "object.type card with the client id of the payment card": ["WRONG_OBJECT_KIND", "resolves-any-identifier"],
  "object.type account with the card id of the payment card": ["WRONG_OBJECT_KIND", "resolves-any-identifier"],
  "object.type client with the account number of the payment card": ["WRONG_OBJECT_KIND", "resolves-any-identifier"],
};

const ROWS = (
  [
    ["txn", semanticTransactionMutations(config), transactionCases(config, registry, debitRangeFor(config, undefined))],
    ["stmt", semanticStatementMutations(config), statementCases(config, registry)],
    ["lim", semanticLimitsMutations(config), limitsCases(config, registry)],
  ] as const
).flatMap(([op, mutations, cases]) =>
  mutations.map((m) => [m.name, op as Op, () => m.apply(cases.fullRequest())!.body as object] as const),
);

const sandboxes = new Map<string, RunningSandbox>();
beforeAll(async () => {
  sandboxes.set("", await startSandbox());
  for (const fault of new Set(Object.values(EXPECTED).map(([, f]) => f)))
    sandboxes.set(fault, await startSandbox({ faults: [{ kind: "behaviour", name: fault }] }));
});
afterAll(async () => Promise.all([...sandboxes.values()].map((s) => s.close())));

test("every semantic row has an expected refusal", () => {
  expect(ROWS.map(([name]) => name).filter((name) => !EXPECTED[name])).toEqual([]);
});

describe("refused by the conforming sandbox for its rule, accepted under its family's fault", () => {
  test.for(ROWS)("%s", async ([name, op, body]) => {
    const [code, fault] = EXPECTED[name]!;
    const refused = await request(sandboxes.get("")!.url).post(PATHS[op]).send(body());
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.error?.code).toBe(code);
    const accepted = await request(sandboxes.get(fault)!.url).post(PATHS[op]).send(body());
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });
});
