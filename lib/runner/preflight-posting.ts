/**
 * Diagnosis from evidence: the preflight calls a fixture request refused — a
 * configuration problem, exit 2 — only when the target clearly said no AND nothing was created.
 * - A clear no: an HTTP 4xx other than 429, `state: false`, `status` other than "ok", or an
 *   outcome value whose words say failure (declined, rejected, error, failed, …). §3 does not show
 *   the complete lists of `status` / `request_status` values, so an unfamiliar one ("pending",
 *   "accepted") is not a no: the checks judge it.
 * - Nothing created: for the debit, the payment card's statement and limits read before and after
 *   show no trace of it (no new operation of its amount, no usage moved); for the registration, no
 *   `client_uuid` came back. Without a reading that shows "no trace", the run goes on.
 */
import { CARD_STATEMENT, LIMITS_LIST } from "../catalogue/index.ts";
import { answerKind } from "../checks/answers.ts";
import type { RunContext } from "../checks/types.ts";
import { jsonObject, type Exchange } from "../http/exchange.ts";
import { rechooseDebitRange } from "../checks/debit-amounts.ts";
import { convergeWithin, SettleTimes } from "../checks/converge.ts";
import type { StatementOperation } from "../payments/kinds.ts";
import { mccText } from "../payments/limit-vocabulary.ts";
import { amountLimitsOf } from "../payments/limits.ts";
import type { DebitRange } from "../payments/debit-range.ts";
import { micro, microOfMinor } from "../payments/money.ts";
import type { ProbeRequests } from "./preflight-probes.ts";

/** Outcome words that say the request failed, whatever the target's exact value. */
const FAILURE_WORDS =
  /declin|reject|refus|den(y|ied)|error|fail|invalid|insufficient|cancel|block|forbid|not[_ -]?allowed|exceed|expired|unauthori/i;

/** The target's clear "no", in words for the message ("request_status \"declined\""); undefined: none. */
export function clearRefusal(exchange: Exchange): string | undefined {
  const response = exchange.response;
  if (!response || exchange.transportError) return undefined;
  if (response.status >= 400 && response.status < 500)
    return response.status === 429 ? undefined : `HTTP ${response.status}`;
  if (response.status < 200 || response.status >= 300) return undefined;
  const body = jsonObject(exchange);
  if (!body) return undefined;
  // §2.1: the partner envelope's boolean `state` speaks for the whole answer when there is one.
  if (body.state === false) return "state false";
  const payload = body.payload as Record<string, unknown> | undefined;
  const said: Array<[string, unknown]> = [
    ["payload.status", payload && typeof payload === "object" ? payload.status : undefined],
    ...(typeof body.state === "boolean" ? [] : ([["request_status", body.request_status]] as Array<[string, unknown]>)),
  ];
  if (typeof body.state !== "boolean" && "status" in body && body.status !== "ok")
    return `status ${JSON.stringify(body.status)}`;
  const failed = said.find(([, value]) => typeof value === "string" && FAILURE_WORDS.test(value));
  return failed ? `${failed[0]} ${JSON.stringify(failed[1])}` : undefined;
}

/** A registration that returned a client_uuid created a profile, whatever else it said. */
export function createdClient(exchange: Exchange): boolean {
  const payload = jsonObject(exchange)?.payload as Record<string, unknown> | undefined;
  return typeof payload?.client_uuid === "string" && payload.client_uuid !== "";
}

/** What the payment card's ledger shows at one moment; a field is absent when it could not be read. */
export interface LedgerReading {
  /** The statement's operations around that moment. */
  operations?: StatementOperation[];
  /** Every amount limit's `current` (micro-units), by limit (lib/payments/limits.ts's key). */
  usage?: Map<string, number | undefined>;
}

const WINDOW_MS = 10 * 60_000;

async function successBody(run: RunContext, op: typeof LIMITS_LIST, body: unknown) {
  try {
    const exchange = await run.target.send(op, body);
    return answerKind(exchange) === "success" ? jsonObject(exchange) : undefined;
  } catch {
    return undefined; // a read the guard refuses or that fails tells nothing: no evidence
  }
}

/** Reads the payment card's statement around now and its limits (both read-only). */
export async function readLedger(run: RunContext, requests: ProbeRequests, around: number): Promise<LedgerReading> {
  const period = { start: around - WINDOW_MS, end: around + WINDOW_MS };
  const [statement, limits] = await Promise.all([
    successBody(run, CARD_STATEMENT, requests.paymentStatement(run.config, period)),
    successBody(run, LIMITS_LIST, requests.limits(run.config)),
  ]);
  const reading: LedgerReading = {};
  if (statement && Array.isArray(statement.operations))
    reading.operations = (statement.operations as unknown[]).filter(
      (op): op is StatementOperation => typeof op === "object" && op !== null,
    );
  if (limits && limits.limits && typeof limits.limits === "object")
    reading.usage = new Map(amountLimitsOf(limits).map((l) => [l.key, micro(l.current)]));
  return reading;
}

/** A posting's amount without its sign (§2.2 shows no sign), in micro-units. */
const unsigned = (op: StatementOperation) => {
  const units = micro(op.amount);
  return units === undefined ? undefined : Math.abs(units);
};

/** What identifies a posting between two readings: the fields §2.2 shows that never change. */
const postingKey = (op: StatementOperation) => JSON.stringify([op.type, op.amount, op.currency, op.datetime, op.rrn]);

/** The operations of `amountMinor` in `after` that were not in `before` (as a multiset). */
function newOfAmount(before: StatementOperation[], after: StatementOperation[], amountMinor: number) {
  const units = microOfMinor(amountMinor);
  const seen = new Map<string, number>();
  for (const op of before) seen.set(postingKey(op), (seen.get(postingKey(op)) ?? 0) + 1);
  return after.filter((op) => {
    const n = seen.get(postingKey(op)) ?? 0;
    if (n > 0) seen.set(postingKey(op), n - 1);
    return n === 0 && unsigned(op) === units;
  });
}

/**
 * Did the debit of `amountMinor` post between two readings? "posted" (with what shows it), "not
 * posted" (a reading pair shows no trace), or "unknown" (no pair could be read).
 */
export function postingTrace(
  before: LedgerReading,
  after: LedgerReading,
  amountMinor: number,
): { posted: boolean | undefined; evidence: string } {
  const seen: string[] = [];
  if (before.operations && after.operations) {
    if (newOfAmount(before.operations, after.operations, amountMinor).length > 0)
      return { posted: true, evidence: "the payment card's statement shows a new operation of its amount" };
    seen.push("no new operation of its amount in the statement");
  }
  if (before.usage && after.usage) {
    const moved = [...after.usage].some(
      ([key, current]) => before.usage!.has(key) && before.usage!.get(key) !== current,
    );
    if (moved) return { posted: true, evidence: "the payment card's limit usage moved" };
    seen.push("no limit usage moved");
  }
  return seen.length
    ? { posted: false, evidence: seen.join(", ") }
    : { posted: undefined, evidence: "neither the statement nor the limits of the payment card could be read" };
}

/**
 * The test terminal's MCC, as the statement shows the fixture debit (§2.2: each operation has its
 * `mcc`): the new operations of its amount, when they agree on one. Undefined without that evidence.
 */
export function postedMcc(before: LedgerReading, after: LedgerReading, amountMinor: number): string | undefined {
  if (!before.operations || !after.operations) return undefined;
  const mccs = new Set(newOfAmount(before.operations, after.operations, amountMinor).map((op) => mccText(op.mcc)));
  const [mcc] = mccs;
  return mccs.size === 1 && mcc !== undefined && /^\d{4}$/.test(mcc) ? mcc : undefined;
}

/**
 * TERMINAL_MCC unset: after the fixture debit posted (awaited: a staging may post it late), the statement says the terminal's MCC, and
 * the debit range is chosen again for it (limits of other MCCs left out). The range as it stands
 * when there is no such evidence.
 */
export async function rangeForPostedTerminal(
  run: RunContext,
  requests: ProbeRequests,
  before: LedgerReading,
  range: DebitRange,
): Promise<DebitRange> {
  if (run.config.cardApi.terminal.mcc !== undefined) return range;
  // A staging posts late: the fixture debit is awaited within LEDGER_SETTLE_MS (while the statement can be read at all).
  const seen = await convergeWithin(
    run.config.cardApi.ledgerSettle.ms,
    new SettleTimes(),
    () => readLedger(run, requests, Date.now()),
    // Its own entry, not usage moved: on a shared card others' postings move usage too.
    (after) =>
      !before.operations ||
      !after.operations ||
      newOfAmount(before.operations, after.operations, range.fixedMinor).length > 0,
    Date.now(),
  );
  const mcc = postedMcc(before, seen.reading, range.fixedMinor);
  if (mcc === undefined) return range;
  return rechooseDebitRange(run.config, run.target, { ...range.terminal, mcc, mccSource: "read" });
}
