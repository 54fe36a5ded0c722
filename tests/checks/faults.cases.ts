/**
 * One row per sandbox fault: the checks that must fail under it, and no others — each with the
 * reason it must fail for (its failure category, and for a check of several conditions a fragment
 * of the message naming the condition broken) — and where the fault makes the success answer read
 * as a refusal (lib/checks/precondition.ts), the exact must checks left "not judged" (the run is
 * then incomplete or worse, never green). A check that crashes (category "harness") is never a
 * kill (tests/support/fault-verdict.ts). Like JSON-Schema-Test-Suite, the cases are data; each row
 * becomes one named test.
 */
import { CARD_STATEMENT, CREATE_TRANSACTION, LIMITS_LIST, REGISTER_BUSINESS } from "../../lib/catalogue/index.ts";
import type { FailureCategory } from "../../lib/checks/failure.ts";
import { BEHAVIOUR_FAULTS, type BehaviourFaultName, type Fault } from "../../sandbox/faults.ts";
import type { TimingOptions } from "../../sandbox/timing.ts";

/** Why a check must fail: its category, or its category and a fragment its message must contain. */
export type Expected = FailureCategory | readonly [FailureCategory, string];

export interface FaultCase {
  name: string;
  faults: Fault[];
  /** Check id → the reason it fails for. */
  fails: Readonly<Record<string, Expected>>;
  notJudged?: string[];
  /** How slowly the sandbox answers (sandbox/timing.ts: a delay per operation, a share unanswered). */
  timing?: TimingOptions;
  /** What the target declares for the row (e.g. LATENCY_P95_MS), over the harness's test configuration. */
  env?: Record<string, string>;
}

function behaviour(name: BehaviourFaultName, fails: FaultCase["fails"], notJudged?: string[]): FaultCase {
  return {
    name: `${name}: ${BEHAVIOUR_FAULTS[name]}`,
    faults: [{ kind: "behaviour", name }],
    fails,
    ...(notJudged ? { notJudged } : {}),
  };
}

const PT = REGISTER_BUSINESS.key;
const STMT = CARD_STATEMENT.key;
const TXN = CREATE_TRANSACTION.key;
const LIM = LIMITS_LIST.key;

/** The checks that read the payment card's statement before judging: not judged when its answer is a refusal. */
const READ_THE_PAYMENT_STATEMENT = [
  "CARD-LEDGER-LIMITS-ENFORCED",
  "CARD-LEDGER-PARALLEL-REPLAY",
  "CARD-LEDGER-PERIOD",
  "CARD-LEDGER-RACE",
  "CARD-LEDGER-REMAINING",
  "CARD-LEDGER-STATEMENT",
  "CARD-LEDGER-USAGE",
  "CARD-TXN-IDEMPOTENT-CONFLICT",
  "CARD-TXN-IDEMPOTENT-REPLAY",
];

export const FAULT_CASES: FaultCase[] = [
  { name: "conforming sandbox", faults: [], fails: {} },
  // Every operation answered 25 ms late against a declared p95 budget of 20 ms (a delay is a floor): each budget check, nothing else.
  {
    name: "every operation 25 ms late, LATENCY_P95_MS=20",
    faults: [],
    timing: { delays: { [PT]: 25, [STMT]: 25, [TXN]: 25, [LIM]: 25 } },
    env: { LATENCY_P95_MS: "20" },
    fails: {
      "PT-BIZ-LATENCY-BUDGET": "latency",
      "CARD-STMT-LATENCY-BUDGET": "latency",
      "CARD-TXN-LATENCY-BUDGET": "latency",
      "CARD-LIM-LATENCY-BUDGET": "latency",
    },
  },
  // §4.1 register business client
  {
    name: "registration answered with 201",
    faults: [{ kind: "status", operation: PT, status: 201 }],
    fails: { "PT-BIZ-HTTP-200": "status" },
  },
  {
    name: "registration declared as text/plain",
    faults: [{ kind: "content-type", operation: PT, value: "text/plain" }],
    fails: { "PT-BIZ-JSON": "content-type" },
  },
  {
    name: "registration without client_uuid",
    faults: [{ kind: "drop-field", operation: PT, path: ["payload", "client_uuid"] }],
    fails: { "PT-BIZ-SCHEMA": "schema" },
    notJudged: ["PT-BIZ-UNIQUE-CLIENT"],
  },
  // state false is a refusal (§2.1): the success checks have nothing to judge, the run is incomplete.
  {
    name: "registration with state false",
    faults: [{ kind: "set-field", operation: PT, path: ["state"], value: false }],
    fails: { "PT-BIZ-POSITIVE": "rejected-valid" },
    notJudged: [
      "PT-BIZ-AUTH-BAD-SIGNATURE",
      "PT-BIZ-AUTH-NO-BEARER",
      "PT-BIZ-AUTH-NO-SIGNATURE",
      "PT-BIZ-AUTH-TAMPERED-DATA",
      "PT-BIZ-AUTH-UNDECRYPTABLE",
      "PT-BIZ-AUTH-WRONG-BEARER",
      "PT-BIZ-HTTP-200",
      "PT-BIZ-JSON",
      "PT-BIZ-NEGATIVE",
      "PT-BIZ-RESPONSE-TIME",
      "PT-BIZ-SCHEMA",
      "PT-BIZ-SIGNATURE",
      "PT-BIZ-STATE",
      "PT-BIZ-STATUS-NEW",
      "PT-BIZ-UNIQUE-CLIENT",
    ],
  },
  {
    name: 'registration with state as the string "true"',
    faults: [{ kind: "set-field", operation: PT, path: ["state"], value: "true" }],
    fails: { "PT-BIZ-SCHEMA": "schema", "PT-BIZ-STATE": "value" },
  },
  {
    name: "registration gives every client the same client_uuid",
    faults: [
      {
        kind: "set-field",
        operation: PT,
        path: ["payload", "client_uuid"],
        value: "0f0f0f0f-0000-4000-8000-000000000001",
      },
    ],
    fails: { "PT-BIZ-UNIQUE-CLIENT": "value" },
  },
  {
    name: "registration with status active",
    faults: [{ kind: "set-field", operation: PT, path: ["payload", "status"], value: "active" }],
    fails: { "PT-BIZ-STATUS-NEW": "value" },
  },
  {
    name: "registration response_time without fraction",
    faults: [{ kind: "set-field", operation: PT, path: ["response_time"], value: "2026-11-22T10:00:00Z" }],
    fails: { "PT-BIZ-RESPONSE-TIME": "schema", "PT-BIZ-SCHEMA": "schema" },
  },
  behaviour("response-signature-wrong", { "PT-BIZ-SIGNATURE": "auth" }),
  // §4.2 card statement
  {
    name: "statement answered with 201",
    faults: [{ kind: "status", operation: STMT, status: 201 }],
    fails: { "CARD-STMT-HTTP-200": "status" },
  },
  {
    name: "statement declared as text/html",
    faults: [{ kind: "content-type", operation: STMT, value: "text/html" }],
    fails: { "CARD-STMT-JSON": "content-type" },
  },
  {
    name: "statement without dt",
    faults: [{ kind: "drop-field", operation: STMT, path: ["dt"] }],
    fails: { "CARD-STMT-DT": "value", "CARD-STMT-SCHEMA": "schema" },
  },
  {
    name: "statement mcc as a string",
    faults: [{ kind: "set-field", operation: STMT, path: ["operations", "*", "mcc"], value: "5411" }],
    fails: { "CARD-STMT-SCHEMA": "schema" },
  },
  {
    name: "statement status done",
    faults: [{ kind: "set-field", operation: STMT, path: ["status"], value: "done" }],
    fails: { "CARD-STMT-POSITIVE": "rejected-valid", "CARD-STMT-STATUS-OK": "value" },
    notJudged: [...READ_THE_PAYMENT_STATEMENT, "CARD-STMT-MONEY-EXACT", "CARD-STMT-OTHER-CARD"],
  },
  // request_status ≠ success is the request's own "it failed" (§3): a refusal, nothing to judge.
  {
    name: "statement request_status completed",
    faults: [{ kind: "set-field", operation: STMT, path: ["request_status"], value: "completed" }],
    fails: { "CARD-STMT-POSITIVE": "rejected-valid" },
    notJudged: [
      ...READ_THE_PAYMENT_STATEMENT,
      "CARD-STMT-DATETIME",
      "CARD-STMT-DT",
      "CARD-STMT-HTTP-200",
      "CARD-STMT-JSON",
      "CARD-STMT-MONEY-EXACT",
      "CARD-STMT-NEGATIVE",
      "CARD-STMT-NOT-EMPTY",
      "CARD-STMT-OTHER-CARD",
      "CARD-STMT-PERIOD",
      "CARD-STMT-RECORD-STABLE",
      "CARD-STMT-REQUEST-SUCCESS",
      "CARD-STMT-SCHEMA",
      "CARD-STMT-STATUS-OK",
      "CARD-STMT-UNKNOWN-CARD",
    ],
  },
  {
    name: "statement without request_status",
    faults: [{ kind: "drop-field", operation: STMT, path: ["request_status"] }],
    fails: { "CARD-STMT-REQUEST-SUCCESS": "value", "CARD-STMT-SCHEMA": "schema" },
  },
  {
    name: "statement datetime without milliseconds",
    faults: [
      { kind: "set-field", operation: STMT, path: ["operations", "*", "datetime"], value: "2025-06-15T10:00:00Z" },
    ],
    fails: {
      "CARD-LEDGER-PERIOD": ["invariant", "operation(s) outside"],
      "CARD-STMT-DATETIME": "schema",
      "CARD-STMT-SCHEMA": "schema",
    },
  },
  behaviour("statement-ignores-period", {
    "CARD-LEDGER-PERIOD": ["invariant", "a period without debits (1 January 2001) returned"],
    "CARD-STMT-PERIOD": ["value", "outside the requested period"],
  }),
  {
    name: "statement always empty",
    faults: [{ kind: "set-field", operation: STMT, path: ["operations"], value: [] }],
    fails: {
      "CARD-LEDGER-PARALLEL-REPLAY": ["invariant", "0 operations posted"],
      "CARD-LEDGER-RACE": ["invariant", "the statement shows 0 new"],
      "CARD-LEDGER-STATEMENT": ["invariant", "the statement shows new operations"],
      "CARD-STMT-NOT-EMPTY": "value",
      "CARD-TXN-IDEMPOTENT-CONFLICT": ["invariant", "0 operations posted"],
      "CARD-TXN-IDEMPOTENT-REPLAY": ["invariant", "0 operations posted for one request_id sent twice"],
    },
    // No operation in the seeded statement: what every operation must hold is judged on none.
    notJudged: ["CARD-STMT-DATETIME", "CARD-STMT-MONEY-EXACT", "CARD-STMT-OTHER-CARD", "CARD-STMT-PERIOD"],
  },
  {
    name: "statement dt not a timestamp",
    faults: [{ kind: "set-field", operation: STMT, path: ["dt"], value: "yesterday" }],
    fails: { "CARD-STMT-DT": "value" },
  },
  // §4.3 create transaction
  {
    name: "transaction answered with 201",
    faults: [{ kind: "status", operation: TXN, status: 201 }],
    fails: { "CARD-TXN-HTTP-200": "status" },
  },
  {
    name: "transaction declared as text/plain",
    faults: [{ kind: "content-type", operation: TXN, value: "text/plain; charset=utf-8" }],
    fails: { "CARD-TXN-JSON": "content-type" },
  },
  {
    name: "transaction without request_status",
    faults: [{ kind: "drop-field", operation: TXN, path: ["request_status"] }],
    fails: { "CARD-TXN-REQUEST-SUCCESS": "value", "CARD-TXN-SCHEMA": "schema" },
  },
  {
    name: "transaction status accepted",
    faults: [{ kind: "set-field", operation: TXN, path: ["status"], value: "accepted" }],
    fails: {
      "CARD-LEDGER-RACE": ["invariant", "0 debits were accepted"],
      "CARD-LEDGER-STATEMENT": "invariant",
      "CARD-LEDGER-USAGE": ["invariant", "current moved by"],
      "CARD-TXN-POSITIVE": "rejected-valid",
      "CARD-TXN-STATUS-OK": "value",
    },
    notJudged: [
      "CARD-LEDGER-PARALLEL-REPLAY",
      "CARD-LIM-OTHER-OBJECT",
      "CARD-TXN-IDEMPOTENT-CONFLICT",
      "CARD-TXN-IDEMPOTENT-REPLAY",
    ],
  },
  // A refusal by request_status, yet posted: the fixed debit is not judged, and the ledger checks
  // see the "refused" debits in the statement and the usage — caught as a failure, not incomplete.
  {
    name: "transaction request_status pending",
    faults: [{ kind: "set-field", operation: TXN, path: ["request_status"], value: "pending" }],
    fails: {
      "CARD-LEDGER-RACE": ["invariant", "0 debits were accepted"],
      "CARD-LEDGER-STATEMENT": "invariant",
      "CARD-LEDGER-USAGE": ["invariant", "current moved by"],
      "CARD-TXN-POSITIVE": "rejected-valid",
    },
    notJudged: [
      "CARD-LEDGER-PARALLEL-REPLAY",
      "CARD-LIM-OTHER-OBJECT",
      "CARD-TXN-DT-OFFSET",
      "CARD-TXN-HTTP-200",
      "CARD-TXN-IDEMPOTENT-CONFLICT",
      "CARD-TXN-IDEMPOTENT-REPLAY",
      "CARD-TXN-JSON",
      "CARD-TXN-NEGATIVE",
      "CARD-TXN-REQUEST-SUCCESS",
      "CARD-TXN-SCHEMA",
      "CARD-TXN-STATUS-OK",
      "CARD-TXN-UNKNOWN-CARD",
    ],
  },
  {
    name: "transaction dt in Z instead of an offset",
    faults: [{ kind: "set-field", operation: TXN, path: ["dt"], value: "2026-11-22T10:00:00.000Z" }],
    fails: { "CARD-TXN-DT-OFFSET": "schema", "CARD-TXN-SCHEMA": "schema" },
  },
  // §4.4 limits list
  {
    name: "limits answered with 201",
    faults: [{ kind: "status", operation: LIM, status: 201 }],
    fails: { "CARD-LIM-HTTP-200": "status" },
  },
  {
    name: "limits declared as text/plain",
    faults: [{ kind: "content-type", operation: LIM, value: "text/plain" }],
    fails: { "CARD-LIM-JSON": "content-type" },
  },
  {
    name: "limits value as a number",
    faults: [{ kind: "set-field", operation: LIM, path: ["limits", "card", "*", "amount", "*", "value"], value: 100 }],
    fails: {
      "CARD-LEDGER-LIMITS-ENFORCED": ["invariant", "under the minimum"],
      "CARD-LEDGER-REMAINING": ["invariant", "≠ value"],
      "CARD-LIM-SCHEMA": "schema",
    },
  },
  {
    name: "limits without the card group",
    faults: [{ kind: "drop-field", operation: LIM, path: ["limits", "card"] }],
    fails: { "CARD-LIM-OBJECT-KINDS": ["schema", "/card is required"], "CARD-LIM-SCHEMA": "schema" },
    // No card limit to race against, nor one of the other card's own: not judged, naming RACE_CARD_IDS / STATEMENT_CARD_ID.
    notJudged: ["CARD-LEDGER-RACE", "CARD-LIM-OTHER-OBJECT"],
  },
  {
    name: "limits status OK in capitals",
    faults: [{ kind: "set-field", operation: LIM, path: ["status"], value: "OK" }],
    fails: {
      "CARD-LIM-OBJECT-KINDS": ["value", "were not listed"],
      "CARD-LIM-POSITIVE": "rejected-valid",
      "CARD-LIM-STATUS-OK": "value",
    },
    notJudged: [
      "CARD-LEDGER-LIMITS-ENFORCED",
      "CARD-LEDGER-PERIOD",
      "CARD-LEDGER-RACE",
      "CARD-LEDGER-REMAINING",
      "CARD-LEDGER-STATEMENT",
      "CARD-LEDGER-USAGE",
      "CARD-LIM-MONEY-EXACT",
      "CARD-LIM-OTHER-OBJECT",
    ],
  },
  {
    name: "limits request_status done",
    faults: [{ kind: "set-field", operation: LIM, path: ["request_status"], value: "done" }],
    fails: { "CARD-LIM-POSITIVE": "rejected-valid" },
    notJudged: [
      "CARD-LEDGER-LIMITS-ENFORCED",
      "CARD-LEDGER-PERIOD",
      "CARD-LEDGER-RACE",
      "CARD-LEDGER-REMAINING",
      "CARD-LEDGER-STATEMENT",
      "CARD-LEDGER-USAGE",
      "CARD-LIM-DT",
      "CARD-LIM-GROUPS",
      "CARD-LIM-HTTP-200",
      "CARD-LIM-JSON",
      "CARD-LIM-MONEY-EXACT",
      "CARD-LIM-NEGATIVE",
      "CARD-LIM-OBJECT-KINDS",
      "CARD-LIM-OTHER-OBJECT",
      "CARD-LIM-RECORDS-STABLE",
      "CARD-LIM-REQUEST-SUCCESS",
      "CARD-LIM-SCHEMA",
      "CARD-LIM-STATUS-OK",
      "CARD-LIM-UNKNOWN-OBJECT",
    ],
  },
  {
    name: "limits without request_status",
    faults: [{ kind: "drop-field", operation: LIM, path: ["request_status"] }],
    fails: { "CARD-LIM-REQUEST-SUCCESS": "value", "CARD-LIM-SCHEMA": "schema" },
  },
  {
    name: "limits dt without an offset",
    faults: [{ kind: "set-field", operation: LIM, path: ["dt"], value: "2026-11-22T10:00:00" }],
    fails: { "CARD-LIM-DT": "schema", "CARD-LIM-SCHEMA": "schema" },
  },
  // A refusal of the account and client limits reads as our fixtures refused — the one rule for a
  // refused scenario: every check that reads them is not judged (incomplete) — and the generated
  // requests of those kinds fail POSITIVE.
  behaviour("limits-only-for-cards", { "CARD-LIM-POSITIVE": "rejected-valid" }, [
    "CARD-LEDGER-LIMITS-ENFORCED",
    "CARD-LEDGER-PERIOD",
    "CARD-LEDGER-REMAINING",
    "CARD-LEDGER-STATEMENT",
    "CARD-LEDGER-USAGE",
    "CARD-LIM-MONEY-EXACT",
    "CARD-LIM-OBJECT-KINDS",
  ]),
  // an info check: its failure is an observation, never a verdict (tests/reporting/summary.unit.test.ts)
  {
    name: "limits with a group the spec does not show",
    faults: [{ kind: "add-field", operation: LIM, path: ["limits", "extra"], value: [] }],
    fails: { "CARD-LIM-GROUPS": "value" },
  },
  // generated requests, auth, unknown objects, idempotency
  behaviour("accepts-invalid-input", {
    "CARD-LIM-NEGATIVE": "accepted-invalid",
    "CARD-STMT-NEGATIVE": "accepted-invalid",
    "CARD-TXN-NEGATIVE": "accepted-invalid",
    "PT-BIZ-AUTH-NO-SIGNATURE": "auth",
    "PT-BIZ-NEGATIVE": "accepted-invalid",
  }),
  behaviour("skips-bearer-check", { "PT-BIZ-AUTH-NO-BEARER": "auth", "PT-BIZ-AUTH-WRONG-BEARER": "auth" }),
  behaviour("skips-signature-check", {
    "PT-BIZ-AUTH-BAD-SIGNATURE": "auth",
    "PT-BIZ-AUTH-NO-SIGNATURE": "auth",
    "PT-BIZ-NEGATIVE": "accepted-invalid",
  }),
  behaviour("ignores-undecryptable", { "PT-BIZ-AUTH-TAMPERED-DATA": "auth", "PT-BIZ-AUTH-UNDECRYPTABLE": "auth" }),
  behaviour("500-on-non-ascii", {
    "CARD-LIM-NO-5XX": "server-error",
    "CARD-STMT-NO-5XX": "server-error",
    "CARD-TXN-NO-5XX": "server-error",
    "PT-BIZ-NO-5XX": "server-error",
    "PT-BIZ-POSITIVE": "server-error",
  }),
  behaviour("500-on-long-body", {
    "CARD-LIM-NO-5XX": "server-error",
    "CARD-STMT-NO-5XX": "server-error",
    "CARD-TXN-NO-5XX": "server-error",
    "PT-BIZ-NO-5XX": "server-error",
  }),
  // The ledger checks share their sequences (a replay among them): the statement shows the double posting too.
  behaviour("double-posting-on-replay", {
    "CARD-LEDGER-PARALLEL-REPLAY": ["invariant", "10 operations posted"],
    "CARD-LEDGER-STATEMENT": "invariant",
    "CARD-LEDGER-USAGE": ["invariant", "current moved by"],
    "CARD-TXN-IDEMPOTENT-REPLAY": ["invariant", "2 operations posted"],
  }),
  behaviour("accepts-reused-request-id", { "CARD-TXN-IDEMPOTENT-CONFLICT": "accepted-invalid" }),
  behaviour("statement-unknown-card-leaks", { "CARD-STMT-UNKNOWN-CARD": "accepted-invalid" }),
  behaviour("limits-unknown-object-leaks", { "CARD-LIM-UNKNOWN-OBJECT": "accepted-invalid" }),
  behaviour("debits-unknown-card-as-fixture", { "CARD-TXN-UNKNOWN-CARD": "accepted-invalid" }),
  behaviour("rejects-amounts-above-50", { "CARD-TXN-POSITIVE": "rejected-valid" }, ["CARD-TXN-IDEMPOTENT-CONFLICT"]),
  behaviour("rejects-single-instant-periods", { "CARD-STMT-POSITIVE": "rejected-valid" }),
  behaviour("rejects-non-ascii-client-data", { "PT-BIZ-POSITIVE": "rejected-valid" }),
  // stateful and financial invariants
  // (a transaction answered with status ≠ ok is a refusal to the harness; when it still posts,
  // the ledger checks see a refused debit that left a trace — the companions above are real)
  // Odd minor units are lost (decided per debit, so the row is exact however checks interleave): the race's even amounts are not.
  behaviour("lost-write", {
    "CARD-LEDGER-PARALLEL-REPLAY": "invariant",
    "CARD-LEDGER-STATEMENT": "invariant",
    "CARD-LEDGER-USAGE": ["invariant", "current moved by"],
    "CARD-TXN-IDEMPOTENT-CONFLICT": "invariant",
    "CARD-TXN-IDEMPOTENT-REPLAY": "invariant",
  }),
  // A ledger that posts late but holds the debit against its limits at once conforms: every reading waits for its
  // postings (LEDGER_SETTLE_MS unset: the default bound), and the lag is reported, never a violation.
  behaviour("posts-late", { "CARD-LEDGER-SETTLE": ["value", "the ledger posts late"] }),
  // Whichever object's sequence fails first (on a loaded machine a debit that timed out shifts it): none moved.
  behaviour("frozen-usage", { "CARD-LEDGER-USAGE": ["invariant", "moved, though debits of"] }),
  behaviour("wrong-remaining", { "CARD-LEDGER-REMAINING": ["invariant", "≠ value"] }),
  // A debit accepted over the limit leaves remaining below zero, which the shared sequences then read.
  behaviour("limits-not-enforced", {
    "CARD-LEDGER-LIMITS-ENFORCED": ["invariant", "under the minimum"],
    "CARD-LEDGER-RACE": ["invariant", "over the remaining"],
    "CARD-LEDGER-REMAINING": ["invariant", "not all non-negative"],
  }),
  // The per-debit maximum's two conditions of CARD-LEDGER-LIMITS-ENFORCED, each alone: listed but not held to, and refusing its own value.
  behaviour("maximum-not-enforced", {
    "CARD-LEDGER-LIMITS-ENFORCED": ["invariant", "one hundredth over the per-debit maximum"],
  }),
  behaviour("maximum-exclusive", {
    "CARD-LEDGER-LIMITS-ENFORCED": ["invariant", "exactly at the per-debit maximum"],
  }),
  // Each condition of CARD-LEDGER-LIMITS-ENFORCED alone: limits-not-enforced breaks the minimum first, this the cumulative.
  behaviour("cumulative-limits-not-enforced", {
    "CARD-LEDGER-LIMITS-ENFORCED": ["invariant", "was accepted over the remaining"],
    "CARD-LEDGER-RACE": ["invariant", "over the remaining"],
    "CARD-LEDGER-REMAINING": ["invariant", "not all non-negative"],
  }),
  {
    name: "statement operations in another currency",
    faults: [{ kind: "set-field", operation: STMT, path: ["operations", "*", "currency"], value: "USD" }],
    // the second condition of CARD-LEDGER-STATEMENT alone: the amounts are right, the currency is not
    fails: { "CARD-LEDGER-STATEMENT": ["invariant", "in a currency other than KZT"] },
  },
  behaviour("limit-race", { "CARD-LEDGER-RACE": ["invariant", "over the remaining"] }),
  // (the added operation is the statement card's first one, so every other card's statement shows it: a leak too)
  behaviour("operations-outside-period", {
    "CARD-LEDGER-PERIOD": ["invariant", "operation(s) outside"],
    "CARD-STMT-OTHER-CARD": "value",
    "CARD-STMT-PERIOD": ["value", "outside the requested period"],
  }),
  behaviour(
    "empty-period-is-an-error",
    {
      "CARD-LEDGER-PERIOD": ["invariant", "not with an empty list"],
      "CARD-STMT-POSITIVE": "rejected-valid",
    },
    [
      "CARD-LEDGER-LIMITS-ENFORCED",
      "CARD-LEDGER-RACE",
      "CARD-LEDGER-REMAINING",
      "CARD-LEDGER-STATEMENT",
      "CARD-LEDGER-USAGE",
      "CARD-STMT-OTHER-CARD",
    ],
  ),
  // payment semantics: one fault per rule family of the semantic NEGATIVE rows,
  behaviour("accepts-foreign-card-data", { "CARD-TXN-NEGATIVE": "accepted-invalid" }),
  behaviour("accepts-mismatched-money", { "CARD-TXN-NEGATIVE": "accepted-invalid" }),
  behaviour("accepts-nonsense-periods", { "CARD-STMT-NEGATIVE": "accepted-invalid" }),
  behaviour("resolves-any-identifier", {
    "CARD-LIM-NEGATIVE": "accepted-invalid",
    "CARD-STMT-NEGATIVE": "accepted-invalid",
  }),
  // exact money,
  behaviour("statement-float-amounts", {
    "CARD-LEDGER-STATEMENT": "invariant",
    "CARD-STMT-MONEY-EXACT": ["value", "].amount: "],
  }),
  {
    name: "statement commission with three decimals of tenge",
    faults: [{ kind: "set-field", operation: STMT, path: ["operations", "*", "commission"], value: 0.125 }],
    fails: { "CARD-STMT-MONEY-EXACT": ["value", "].commission: "] },
  },
  // Each condition of CARD-LIM-MONEY-EXACT alone: a third decimal of tenge appended.
  ...(["value", "current", "remaining"] as const).map((field): FaultCase => ({
    name: `limits ${field} with a third decimal of tenge appended`,
    faults: [{ kind: "append-text", operation: LIM, path: ["limits", "card", "*", "amount", "*", field], text: "1" }],
    // (the ledger reads the extra tiyn too: remaining no longer equals value − current)
    fails: { "CARD-LIM-MONEY-EXACT": ["value", `].${field}: `], "CARD-LEDGER-REMAINING": ["invariant", "≠ value"] },
  })),
  behaviour("limits-negative-zero", { "CARD-LIM-MONEY-EXACT": ["value", '].current: "-0.00" is a negative zero'] }),
  // (the ledger once compared amounts as two-decimal text, and 12.341 passed for 12.34)
  // A drifted amount is none of ours (the ledger checks tell theirs by amount): each awaited posting never shows.
  behaviour("statement-amount-drift", {
    "CARD-LEDGER-PARALLEL-REPLAY": ["invariant", "0 operations posted"],
    "CARD-LEDGER-RACE": ["invariant", "the statement shows 0 new"],
    "CARD-LEDGER-STATEMENT": "invariant",
    "CARD-STMT-MONEY-EXACT": ["value", "].amount: "],
    "CARD-TXN-IDEMPOTENT-CONFLICT": ["invariant", "0 operations posted"],
    "CARD-TXN-IDEMPOTENT-REPLAY": ["invariant", "0 operations posted"],
  }),
  // and cross-object isolation
  // The ledger checks count only their own postings (a shared card has others'): the other cards' operations are
  // others' to them, never a failure; CARD-STMT-OTHER-CARD is the check that judges whose operations a statement lists.
  behaviour("statement-lists-every-card", { "CARD-STMT-OTHER-CARD": "value" }),
  // Every card's debits counted against each race card's limit: none has room left, so the race is not judged.
  behaviour("card-limits-count-every-card", { "CARD-LIM-OTHER-OBJECT": "value" }, ["CARD-LEDGER-RACE"]),
  // Answers wrong only some of the time (one node of several on an old build): the contract checks read
  // every answer of the run, so one in N is caught whichever check's request it answered — and whether
  // or not it was the scenario's, each fails for the same reason.
  {
    name: "every 9th statement success answer with operations has their mcc as strings",
    faults: [{ kind: "set-field", operation: STMT, path: ["operations", "*", "mcc"], value: "5411", every: 9 }],
    fails: { "CARD-STMT-SCHEMA": "schema" },
  },
  {
    name: "every 7th limits success answer lacks dt",
    faults: [{ kind: "drop-field", operation: LIM, path: ["dt"], every: 7 }],
    fails: { "CARD-LIM-DT": "schema", "CARD-LIM-SCHEMA": "schema" },
  },
  {
    name: "every 6th transaction success answer lacks status",
    faults: [{ kind: "drop-field", operation: TXN, path: ["status"], every: 6 }],
    fails: { "CARD-TXN-SCHEMA": "schema", "CARD-TXN-STATUS-OK": "value" },
  },
  {
    name: "every 5th statement success answer with operations has commissions with three decimals of tenge",
    faults: [{ kind: "set-field", operation: STMT, path: ["operations", "*", "commission"], value: 0.125, every: 5 }],
    fails: { "CARD-STMT-MONEY-EXACT": ["value", "].commission: "] },
  },
  behaviour("two-builds", {
    "CARD-STMT-SCHEMA": "schema",
    "CARD-TXN-DT-OFFSET": "schema",
    "CARD-TXN-SCHEMA": "schema",
    "PT-BIZ-RESPONSE-TIME": "schema",
    "PT-BIZ-SCHEMA": "schema",
  }),
  // Repeated reads must agree: a closed period's statement, an object's limit records.
  behaviour("statement-record-changes", { "CARD-STMT-RECORD-STABLE": ["value", "read again"] }),
  behaviour("limit-records-change", { "CARD-LIM-RECORDS-STABLE": ["value", "read again"] }),
];
