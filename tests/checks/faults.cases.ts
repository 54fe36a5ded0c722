/**
 * One row per sandbox fault: the checks that must fail under it, and no others; and where the
 * fault makes the success answer read as a refusal (lib/checks/precondition.ts), the exact must
 * checks left "not judged" (the run is then incomplete or worse, never green). Like
 * JSON-Schema-Test-Suite, the cases are data; each row becomes one named test.
 */
import { CARD_STATEMENT, CREATE_TRANSACTION, LIMITS_LIST, REGISTER_BUSINESS } from "../../lib/catalogue/index.ts";
import { BEHAVIOUR_FAULTS, type BehaviourFaultName, type Fault } from "../../sandbox/faults.ts";

export interface FaultCase {
  name: string;
  faults: Fault[];
  fails: string[];
  notJudged?: string[];
}

function behaviour(name: BehaviourFaultName, fails: string[], notJudged?: string[]): FaultCase {
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

export const FAULT_CASES: FaultCase[] = [
  { name: "conforming sandbox", faults: [], fails: [] },
  // §4.1 register business client
  {
    name: "registration answered with 201",
    faults: [{ kind: "status", operation: PT, status: 201 }],
    fails: ["PT-BIZ-HTTP-200"],
  },
  {
    name: "registration declared as text/plain",
    faults: [{ kind: "content-type", operation: PT, value: "text/plain" }],
    fails: ["PT-BIZ-JSON"],
  },
  {
    name: "registration without client_uuid",
    faults: [{ kind: "drop-field", operation: PT, path: ["payload", "client_uuid"] }],
    fails: ["PT-BIZ-SCHEMA"],
  },
  // state false is a refusal (§2.1): the success checks have nothing to judge, the run is incomplete.
  {
    name: "registration with state false",
    faults: [{ kind: "set-field", operation: PT, path: ["state"], value: false }],
    fails: ["PT-BIZ-POSITIVE"],
    notJudged: [
      "PT-BIZ-HTTP-200",
      "PT-BIZ-JSON",
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
    fails: ["PT-BIZ-SCHEMA", "PT-BIZ-STATE"],
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
    fails: ["PT-BIZ-UNIQUE-CLIENT"],
  },
  {
    name: "registration with status active",
    faults: [{ kind: "set-field", operation: PT, path: ["payload", "status"], value: "active" }],
    fails: ["PT-BIZ-STATUS-NEW"],
  },
  {
    name: "registration response_time without fraction",
    faults: [{ kind: "set-field", operation: PT, path: ["response_time"], value: "2026-11-22T10:00:00Z" }],
    fails: ["PT-BIZ-RESPONSE-TIME", "PT-BIZ-SCHEMA"],
  },
  behaviour("response-signature-wrong", ["PT-BIZ-SIGNATURE"]),
  // §4.2 card statement
  {
    name: "statement answered with 201",
    faults: [{ kind: "status", operation: STMT, status: 201 }],
    fails: ["CARD-STMT-HTTP-200"],
  },
  {
    name: "statement declared as text/html",
    faults: [{ kind: "content-type", operation: STMT, value: "text/html" }],
    fails: ["CARD-STMT-JSON"],
  },
  {
    name: "statement without dt",
    faults: [{ kind: "drop-field", operation: STMT, path: ["dt"] }],
    fails: ["CARD-STMT-DT", "CARD-STMT-SCHEMA"],
  },
  {
    name: "statement mcc as a string",
    faults: [{ kind: "set-field", operation: STMT, path: ["operations", "*", "mcc"], value: "5411" }],
    fails: ["CARD-STMT-SCHEMA"],
  },
  {
    name: "statement status done",
    faults: [{ kind: "set-field", operation: STMT, path: ["status"], value: "done" }],
    fails: ["CARD-STMT-POSITIVE", "CARD-STMT-STATUS-OK"],
  },
  // request_status ≠ success is the request's own "it failed" (§3): a refusal, nothing to judge.
  {
    name: "statement request_status completed",
    faults: [{ kind: "set-field", operation: STMT, path: ["request_status"], value: "completed" }],
    fails: ["CARD-STMT-POSITIVE"],
    notJudged: [
      "CARD-STMT-DATETIME",
      "CARD-STMT-DT",
      "CARD-STMT-HTTP-200",
      "CARD-STMT-JSON",
      "CARD-STMT-MONEY-EXACT",
      "CARD-STMT-NOT-EMPTY",
      "CARD-STMT-OTHER-CARD",
      "CARD-STMT-PERIOD",
      "CARD-STMT-REQUEST-SUCCESS",
      "CARD-STMT-SCHEMA",
      "CARD-STMT-STATUS-OK",
    ],
  },
  {
    name: "statement without request_status",
    faults: [{ kind: "drop-field", operation: STMT, path: ["request_status"] }],
    fails: ["CARD-STMT-REQUEST-SUCCESS", "CARD-STMT-SCHEMA"],
  },
  {
    name: "statement datetime without milliseconds",
    faults: [
      { kind: "set-field", operation: STMT, path: ["operations", "*", "datetime"], value: "2025-06-15T10:00:00Z" },
    ],
    fails: ["CARD-LEDGER-PERIOD", "CARD-STMT-DATETIME", "CARD-STMT-SCHEMA"],
  },
  behaviour("statement-ignores-period", ["CARD-LEDGER-PERIOD", "CARD-STMT-PERIOD"]),
  {
    name: "statement always empty",
    faults: [{ kind: "set-field", operation: STMT, path: ["operations"], value: [] }],
    fails: [
      "CARD-LEDGER-PARALLEL-REPLAY",
      "CARD-LEDGER-RACE",
      "CARD-LEDGER-STATEMENT",
      "CARD-STMT-NOT-EMPTY",
      "CARD-TXN-IDEMPOTENT-CONFLICT",
      "CARD-TXN-IDEMPOTENT-REPLAY",
    ],
  },
  {
    name: "statement dt not a timestamp",
    faults: [{ kind: "set-field", operation: STMT, path: ["dt"], value: "yesterday" }],
    fails: ["CARD-STMT-DT"],
  },
  // §4.3 create transaction
  {
    name: "transaction answered with 201",
    faults: [{ kind: "status", operation: TXN, status: 201 }],
    fails: ["CARD-TXN-HTTP-200"],
  },
  {
    name: "transaction declared as text/plain",
    faults: [{ kind: "content-type", operation: TXN, value: "text/plain; charset=utf-8" }],
    fails: ["CARD-TXN-JSON"],
  },
  {
    name: "transaction without request_status",
    faults: [{ kind: "drop-field", operation: TXN, path: ["request_status"] }],
    fails: ["CARD-TXN-REQUEST-SUCCESS", "CARD-TXN-SCHEMA"],
  },
  {
    name: "transaction status accepted",
    faults: [{ kind: "set-field", operation: TXN, path: ["status"], value: "accepted" }],
    fails: [
      "CARD-LEDGER-RACE",
      "CARD-LEDGER-STATEMENT",
      "CARD-LEDGER-USAGE",
      "CARD-TXN-POSITIVE",
      "CARD-TXN-STATUS-OK",
    ],
  },
  // A refusal by request_status, yet posted: the fixed debit is not judged, and the ledger checks
  // see the "refused" debits in the statement and the usage — caught as a failure, not incomplete.
  {
    name: "transaction request_status pending",
    faults: [{ kind: "set-field", operation: TXN, path: ["request_status"], value: "pending" }],
    fails: ["CARD-LEDGER-RACE", "CARD-LEDGER-STATEMENT", "CARD-LEDGER-USAGE", "CARD-TXN-POSITIVE"],
    notJudged: [
      "CARD-TXN-DT-OFFSET",
      "CARD-TXN-HTTP-200",
      "CARD-TXN-JSON",
      "CARD-TXN-REQUEST-SUCCESS",
      "CARD-TXN-SCHEMA",
      "CARD-TXN-STATUS-OK",
    ],
  },
  {
    name: "transaction dt in Z instead of an offset",
    faults: [{ kind: "set-field", operation: TXN, path: ["dt"], value: "2026-11-22T10:00:00.000Z" }],
    fails: ["CARD-TXN-DT-OFFSET", "CARD-TXN-SCHEMA"],
  },
  // §4.4 limits list
  {
    name: "limits answered with 201",
    faults: [{ kind: "status", operation: LIM, status: 201 }],
    fails: ["CARD-LIM-HTTP-200"],
  },
  {
    name: "limits declared as text/plain",
    faults: [{ kind: "content-type", operation: LIM, value: "text/plain" }],
    fails: ["CARD-LIM-JSON"],
  },
  {
    name: "limits value as a number",
    faults: [{ kind: "set-field", operation: LIM, path: ["limits", "card", "*", "amount", "*", "value"], value: 100 }],
    fails: ["CARD-LEDGER-LIMITS-ENFORCED", "CARD-LEDGER-REMAINING", "CARD-LIM-SCHEMA"],
  },
  {
    name: "limits without the card group",
    faults: [{ kind: "drop-field", operation: LIM, path: ["limits", "card"] }],
    fails: ["CARD-LIM-OBJECT-KINDS", "CARD-LIM-SCHEMA"],
  },
  {
    name: "limits status OK in capitals",
    faults: [{ kind: "set-field", operation: LIM, path: ["status"], value: "OK" }],
    fails: ["CARD-LIM-OBJECT-KINDS", "CARD-LIM-POSITIVE", "CARD-LIM-STATUS-OK"],
  },
  {
    name: "limits request_status done",
    faults: [{ kind: "set-field", operation: LIM, path: ["request_status"], value: "done" }],
    fails: ["CARD-LIM-POSITIVE"],
    notJudged: [
      "CARD-LIM-DT",
      "CARD-LIM-GROUPS",
      "CARD-LIM-OBJECT-KINDS",
      "CARD-LIM-HTTP-200",
      "CARD-LIM-JSON",
      "CARD-LIM-MONEY-EXACT",
      "CARD-LIM-REQUEST-SUCCESS",
      "CARD-LIM-SCHEMA",
      "CARD-LIM-STATUS-OK",
    ],
  },
  {
    name: "limits without request_status",
    faults: [{ kind: "drop-field", operation: LIM, path: ["request_status"] }],
    fails: ["CARD-LIM-REQUEST-SUCCESS", "CARD-LIM-SCHEMA"],
  },
  {
    name: "limits dt without an offset",
    faults: [{ kind: "set-field", operation: LIM, path: ["dt"], value: "2026-11-22T10:00:00" }],
    fails: ["CARD-LIM-DT", "CARD-LIM-SCHEMA"],
  },
  // A refusal of the account and client limits reads as our fixtures refused: not judged (incomplete),
  // and the generated requests of those kinds fail POSITIVE.
  behaviour("limits-only-for-cards", ["CARD-LIM-POSITIVE"], ["CARD-LIM-OBJECT-KINDS"]),
  // an info check: its failure is an observation, never a verdict (tests/reporting/summary.test.ts)
  {
    name: "limits with a group the spec does not show",
    faults: [{ kind: "add-field", operation: LIM, path: ["limits", "extra"], value: [] }],
    fails: ["CARD-LIM-GROUPS"],
  },
  // generated requests, auth, unknown objects, idempotency
  behaviour("accepts-invalid-input", [
    "CARD-LIM-NEGATIVE",
    "CARD-STMT-NEGATIVE",
    "CARD-TXN-NEGATIVE",
    "PT-BIZ-AUTH-NO-SIGNATURE",
    "PT-BIZ-NEGATIVE",
  ]),
  behaviour("skips-bearer-check", ["PT-BIZ-AUTH-NO-BEARER", "PT-BIZ-AUTH-WRONG-BEARER"]),
  behaviour("skips-signature-check", ["PT-BIZ-AUTH-BAD-SIGNATURE", "PT-BIZ-AUTH-NO-SIGNATURE", "PT-BIZ-NEGATIVE"]),
  behaviour("ignores-undecryptable", ["PT-BIZ-AUTH-TAMPERED-DATA", "PT-BIZ-AUTH-UNDECRYPTABLE"]),
  behaviour("500-on-non-ascii", [
    "CARD-LIM-NO-5XX",
    "CARD-STMT-NO-5XX",
    "CARD-TXN-NO-5XX",
    "PT-BIZ-NO-5XX",
    "PT-BIZ-POSITIVE",
  ]),
  behaviour("500-on-long-body", ["CARD-LIM-NO-5XX", "CARD-STMT-NO-5XX", "CARD-TXN-NO-5XX", "PT-BIZ-NO-5XX"]),
  // The ledger checks share their sequences (a replay among them): the statement shows the double posting too.
  behaviour("double-posting-on-replay", [
    "CARD-LEDGER-PARALLEL-REPLAY",
    "CARD-LEDGER-STATEMENT",
    "CARD-LEDGER-USAGE",
    "CARD-TXN-IDEMPOTENT-REPLAY",
  ]),
  behaviour("accepts-reused-request-id", ["CARD-TXN-IDEMPOTENT-CONFLICT"]),
  behaviour("statement-unknown-card-leaks", ["CARD-STMT-UNKNOWN-CARD"]),
  behaviour("limits-unknown-object-leaks", ["CARD-LIM-UNKNOWN-OBJECT"]),
  behaviour("debits-unknown-card-as-fixture", ["CARD-TXN-UNKNOWN-CARD"]),
  behaviour("rejects-amounts-above-50", ["CARD-TXN-POSITIVE"]),
  behaviour("rejects-single-instant-periods", ["CARD-STMT-POSITIVE"]),
  behaviour("rejects-non-ascii-client-data", ["PT-BIZ-POSITIVE"]),
  // stateful and financial invariants
  // (a transaction answered with status ≠ ok is a refusal to the harness; when it still posts,
  // the ledger checks see a refused debit that left a trace — the companions above are real)
  // Odd minor units are lost (decided per debit, so the row is exact however checks interleave): the race's even amounts are not.
  behaviour("lost-write", [
    "CARD-LEDGER-PARALLEL-REPLAY",
    "CARD-LEDGER-STATEMENT",
    "CARD-LEDGER-USAGE",
    "CARD-TXN-IDEMPOTENT-CONFLICT",
    "CARD-TXN-IDEMPOTENT-REPLAY",
  ]),
  behaviour("frozen-usage", ["CARD-LEDGER-USAGE"]),
  behaviour("wrong-remaining", ["CARD-LEDGER-REMAINING"]),
  // A debit accepted over the limit leaves remaining below zero, which the shared sequences then read.
  behaviour("limits-not-enforced", ["CARD-LEDGER-LIMITS-ENFORCED", "CARD-LEDGER-RACE", "CARD-LEDGER-REMAINING"]),
  behaviour("limit-race", ["CARD-LEDGER-RACE"]),
  // (the added operation is the statement card's first one, so every other card's statement shows it: a leak too)
  behaviour("operations-outside-period", ["CARD-LEDGER-PERIOD", "CARD-STMT-OTHER-CARD", "CARD-STMT-PERIOD"]),
  behaviour("empty-period-is-an-error", ["CARD-LEDGER-PERIOD", "CARD-STMT-POSITIVE"]),
  // payment semantics (issue 15): one fault per rule family of the semantic NEGATIVE rows,
  behaviour("accepts-foreign-card-data", ["CARD-TXN-NEGATIVE"]),
  behaviour("accepts-mismatched-money", ["CARD-TXN-NEGATIVE"]),
  behaviour("accepts-nonsense-periods", ["CARD-STMT-NEGATIVE"]),
  behaviour("resolves-any-identifier", ["CARD-LIM-NEGATIVE", "CARD-STMT-NEGATIVE"]),
  // exact money,
  behaviour("statement-float-amounts", ["CARD-LEDGER-STATEMENT", "CARD-STMT-MONEY-EXACT"]),
  {
    name: "statement commission with three decimals of tenge",
    faults: [{ kind: "set-field", operation: STMT, path: ["operations", "*", "commission"], value: 0.125 }],
    fails: ["CARD-STMT-MONEY-EXACT"],
  },
  behaviour("limits-negative-zero", ["CARD-LIM-MONEY-EXACT"]),
  // (before issue 15 the ledger compared amounts as two-decimal text, and 12.341 passed for 12.34)
  behaviour("statement-amount-drift", ["CARD-LEDGER-RACE", "CARD-LEDGER-STATEMENT", "CARD-STMT-MONEY-EXACT"]),
  // and cross-object isolation
  behaviour("statement-lists-every-card", ["CARD-LEDGER-RACE", "CARD-STMT-OTHER-CARD", "CARD-TXN-IDEMPOTENT-REPLAY"]),
  behaviour("card-limits-count-every-card", ["CARD-LIM-OTHER-OBJECT"]),
];
