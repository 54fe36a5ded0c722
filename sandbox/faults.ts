/**
 * Fault modes: deliberate deviations from the spec, for the harness's own tests only (they are
 * not reachable from `npm run sandbox`). Each proves that some check can fail. Response faults
 * rewrite an answer of one operation; behaviour faults change what the sandbox does.
 */
import type { SandboxResponse } from "./protocol.ts";

/**
 * `every: N` applies a response fault to one success answer of the operation in N (the Nth, the
 * 2Nth, …), as a node of several behind a load balancer would: the others are answered right. Only
 * answers it can change count (a statement with operations, for a fault on an operation's field).
 */
export type ResponseFault =
  /** Answers a success with another status code. */
  (
    | { kind: "status"; operation: string; status: number }
    /** Declares another Content-Type (the body stays JSON). */
    | { kind: "content-type"; operation: string; value: string }
    /** Removes a field; "*" in the path walks every array item. */
    | { kind: "drop-field"; operation: string; path: string[] }
    /** Replaces a field's value; "*" in the path walks every array item. */
    | { kind: "set-field"; operation: string; path: string[]; value: unknown }
    /** Adds a field the answer does not have (e.g. a limit group the spec does not show). */
    | { kind: "add-field"; operation: string; path: string[]; value: unknown }
    /** Appends text to a string field: "100.00" + "0" is the same amount with a third decimal, breaking one condition alone. */
    | { kind: "append-text"; operation: string; path: string[]; text: string }
  ) & { every?: number };

export const BEHAVIOUR_FAULTS = {
  "statement-ignores-period": "the statement returns every operation of the card, whatever the period",
  "response-signature-wrong": "partner responses carry a well-formed hex signature that does not verify",
  "limits-only-for-cards": "the limits list rejects objects of kind account and client",
  "accepts-invalid-input":
    "input the sandbox would reject as invalid (schema, JSON, media type, currency, type, expiry) is answered as a success",
  "skips-bearer-check": "partner requests are accepted without or with a wrong bearer token",
  "skips-signature-check": "partner request signatures are neither required nor verified",
  "ignores-undecryptable": "encrypted_data that does not decrypt is accepted as empty client data",
  "500-on-non-ascii": "any non-ASCII text in a request (or in decrypted client data) is answered with HTTP 500",
  "500-on-long-body": "a request body over 8 KiB is answered with HTTP 500",
  "double-posting-on-replay": "a replayed request_id with the same body is posted again",
  "accepts-reused-request-id": "a reused request_id with another body is processed as a new debit",
  "statement-unknown-card-leaks": "a statement of an unknown card returns the statement card's operations",
  "limits-unknown-object-leaks": "limits of an unknown object return the payment card's limits",
  "debits-unknown-card-as-fixture": "a debit of an unknown card is posted to the payment card",
  "rejects-amounts-above-50": "debits over 50.00 are refused with 422 (a valid request rejected)",
  "rejects-single-instant-periods": "a statement whose start equals its end is refused with 400",
  "rejects-non-ascii-client-data": "business client data with non-ASCII text is refused with 400",
  "lost-write": "accepted debits of an odd number of minor units are answered as a success but never posted",
  "frozen-usage": "limits report the usage of the start of the day, whatever was debited since",
  "wrong-remaining": "limits report remaining one unit above value − current",
  "limits-not-enforced": "debits are accepted whatever the limits (minimum and cumulative)",
  "cumulative-limits-not-enforced": "debits are accepted over a cumulative limit's remaining (minimums still enforced)",
  "maximum-not-enforced":
    "the cards' own limits list a per-debit maximum of 500.00 (max) that debits over it are not held to",
  "maximum-exclusive":
    "the cards' own limits list a per-debit maximum of 500.00 (max), and a debit exactly at it is refused",
  "limit-race": "the limit check and the posting are not atomic: parallel debits all pass the check",
  "posts-late": "a debit shows in the statement and in usage 300 ms after its answer (held against the limits at once)",
  "operations-outside-period": "every statement also holds an operation dated a day before its period",
  "empty-period-is-an-error": "a statement with no operations in its period is answered 404 instead of an empty list",
  // payment semantics: one fault per rule family of sandbox/rules, and the money and isolation faults
  "accepts-foreign-card-data":
    "a debit is posted to the card its card_id (else PAN) names, whatever PAN, CVC, expiry, account and client come with it",
  "accepts-mismatched-money":
    "debits are accepted with a credit in another currency or larger than the debit, fees in another currency, and amounts rounded to the tiyn",
  "accepts-nonsense-periods":
    "a statement period that ends before it starts, or lies wholly in the future, is answered with an empty list",
  "resolves-any-identifier":
    "a card_id or object.value that names an object of another kind (an account number as a card) is resolved to that object",
  "statement-lists-every-card":
    "a statement lists the operations of every card in the period, not only of the requested card",
  "card-limits-count-every-card":
    "the limits list shows, as the usage of a card's own limits, the debits of every card",
  "statement-float-amounts":
    "statement amounts are computed in floating point (minor units × 0.01), so some leak digits (301.90000000000003)",
  "limits-negative-zero": "the current usage of a minimum limit is written as -0.00",
  "statement-amount-drift": "statement amounts are a tenth of a tiyn off what was posted (12.341 for 12.34)",
  // answers that are wrong only some of the time
  "two-builds":
    "every second success answer of each operation comes from an older build: the transaction's dt in UTC (Z), the statement's mcc as strings (of a statement with operations), the registration's response_time without its fraction",
  "statement-record-changes":
    "a statement of a closed period, read again, lists its last operation one tenge higher every second time",
  "limit-records-change": "the limits of an object, read again, list one more limit record every second time",
} as const;

export type BehaviourFaultName = keyof typeof BEHAVIOUR_FAULTS;
export type BehaviourFault = { kind: "behaviour"; name: BehaviourFaultName };
export type Fault = ResponseFault | BehaviourFault;

export class FaultSet {
  private readonly behaviours: Set<BehaviourFaultName>;
  /** Success answers each one-in-N fault has seen. */
  private readonly seen = new Map<Fault, number>();

  constructor(private readonly faults: readonly Fault[] = []) {
    this.behaviours = new Set(faults.flatMap((f) => (f.kind === "behaviour" ? [f.name] : [])));
  }

  /** The behaviour faults switched on; what each changes is in fault-hooks.ts, the one table. */
  behaviourNames(): BehaviourFaultName[] {
    return [...this.behaviours];
  }

  /** Whether a response fault applies to this success answer: always, or to one in its `every` of those it can change. */
  private due(f: ResponseFault, body?: unknown): boolean {
    if (!f.every) return true;
    if (body !== undefined && "path" in f && !reaches(body, f.path, f.kind === "add-field")) return false;
    const n = (this.seen.get(f) ?? 0) + 1;
    this.seen.set(f, n);
    return n % f.every === 0;
  }

  /** Applies the body faults of an operation's success answer (before it is signed). */
  rewriteBody(operation: string, response: SandboxResponse): void {
    if (response.status !== 200) return;
    const edits = this.faults.filter(
      (f): f is Extract<ResponseFault, { path: string[] }> =>
        (f.kind === "drop-field" || f.kind === "set-field" || f.kind === "add-field" || f.kind === "append-text") &&
        f.operation === operation &&
        this.due(f, response.body),
    );
    if (!edits.length) return;
    // Answers may share cached parts (statement rows): edit a copy.
    response.body = structuredClone(response.body);
    for (const f of edits) {
      if (f.kind === "drop-field" && f.operation === operation) edit(response.body, f.path, (o, k) => delete o[k]);
      if (f.kind === "set-field" && f.operation === operation)
        edit(response.body, f.path, (o, k) => (o[k] = structuredClone(f.value)));
      if (f.kind === "add-field") edit(response.body, f.path, (o, k) => (o[k] = structuredClone(f.value)), true);
      if (f.kind === "append-text")
        edit(response.body, f.path, (o, k) => (o[k] = typeof o[k] === "string" ? o[k] + f.text : o[k]));
    }
  }

  /** Applies the status and header faults of an operation's success answer. */
  rewriteEnvelope(operation: string, response: SandboxResponse): void {
    if (response.status !== 200) return;
    for (const f of this.faults) {
      if (f.kind === "behaviour" || f.operation !== operation) continue;
      if ((f.kind === "status" || f.kind === "content-type") && !this.due(f)) continue;
      if (f.kind === "status") response.status = f.status;
      if (f.kind === "content-type") response.headers = { ...response.headers, "content-type": f.value };
    }
  }
}

type Obj = Record<string, unknown>;

/** Whether a path names at least one field of the body (with `create`, at least one object to add it to). */
function reaches(node: unknown, path: readonly string[], create = false): boolean {
  const [head, ...rest] = path;
  if (head === undefined || node === null || typeof node !== "object") return false;
  if (head === "*") return Array.isArray(node) && node.some((item) => reaches(item, rest, create));
  if (rest.length === 0) return create || head in (node as Obj);
  return reaches((node as Obj)[head], rest, create);
}

function edit(node: unknown, path: readonly string[], apply: (parent: Obj, key: string) => void, create = false): void {
  const [head, ...rest] = path;
  if (head === undefined || node === null || typeof node !== "object") return;
  if (head === "*") {
    if (Array.isArray(node)) for (const item of node) edit(item, rest, apply, create);
    return;
  }
  const obj = node as Obj;
  if (rest.length === 0) {
    if (create || head in obj) apply(obj, head);
  } else {
    edit(obj[head], rest, apply, create);
  }
}
