/**
 * The preflight's two fixture requests, where mutations are allowed (the guard keeps them off a
 * production target without ALLOW_MUTATIONS, and counts the debit against MAX_DEBIT_TOTAL like
 * any other): one debit at the chosen fixed amount and one registration with the configured
 * client data. A clear refusal of a request that created nothing (preflight-posting.ts) ends the
 * run with exit 2 and one line: what was refused, the target's own reason, the variable to look
 * at. A 5xx, a transport error, garbage, an unfamiliar outcome value or a refusal that posted
 * anyway is for the checks to report, as for the other probes.
 * The debit is posted before any check runs, so the ledger checks, which read the statement and
 * the limits before and after their own postings, never count it as theirs.
 */
import { CREATE_TRANSACTION, REGISTER_BUSINESS, type Operation } from "../catalogue/index.ts";
import { answerKind, describeAnswer } from "../checks/answers.ts";
import { formatMinor } from "../payments/money.ts";
import type { RunContext } from "../checks/types.ts";
import { sealRequest } from "../crypto/envelope.ts";
import type { Exchange } from "../http/exchange.ts";
import { RequestRefused } from "../http/target.ts";
import { redactor } from "../redaction/redact.ts";
import { clearRefusal, createdClient, postingTrace, rangeForPostedTerminal, readLedger } from "./preflight-posting.ts";
import type { ProbeOutcome, ProbeRequests } from "./preflight-probes.ts";
import { downReason } from "./target-down.ts";

/** The fixture request sent, or why the guard kept it back. */
export async function sendFixture(run: RunContext, op: Operation, body: unknown): Promise<Exchange | ProbeOutcome> {
  try {
    return await run.target.send(op, body);
  } catch (error) {
    if (error instanceof RequestRefused) return { kind: "not sent", text: `${op.title}: ${error.message}` };
    throw error;
  }
}

/**
 * The rule of preflight-posting.ts: exit 2 only for a clear "no" with nothing created; anything
 * else that is not a success (a 429, a 5xx, an unfamiliar outcome value, a "no" that posted
 * anyway) is for the checks to judge, and the preflight notes what it saw.
 */
async function judgeFixture(
  op: Operation,
  exchange: Exchange,
  created: () => Promise<{ posted: boolean | undefined; evidence: string }>,
  refused: (exchange: Exchange) => string,
): Promise<ProbeOutcome> {
  if (answerKind(exchange) === "success") return { kind: "ok", exchange };
  // Nothing behind the URL (refused, timeout, 502/503/504): for the target-unavailable rule (target-down.ts).
  const down = downReason(exchange);
  if (down !== undefined)
    return { kind: "inconclusive", text: `${op.title} (fixture request): ${describeAnswer(exchange)}`, down };
  const signal = clearRefusal(exchange);
  const seen = `${op.title} (fixture request): ${describeAnswer(exchange)}`;
  if (!signal)
    return { kind: "inconclusive", text: `${seen}, not a refusal the preflight can tell; the checks judge it` };
  const trace = await created();
  // The evidence goes in the line: exit 2 says "your configuration", and this is why we think so.
  if (trace.posted === false)
    return { kind: "problem", text: `${refused(exchange)} (it created nothing: ${trace.evidence})` };
  const why = trace.posted ? `yet ${trace.evidence}` : `and ${trace.evidence}`;
  return { kind: "inconclusive", text: `${seen} (${signal}) ${why}; the checks judge it` };
}

/** "HTTP 200 with status "ok", request_status "declined": {…}" — the target's own reason, redacted, whole. */
export function theirReason(exchange: Exchange): string {
  return `${describeAnswer(exchange)}: ${redactor.reason(exchange.response?.bodyText ?? "")}`;
}

/** One debit of the payment card at the fixed amount the run will use. */
export async function fixtureDebit(
  run: RunContext,
  requests: ProbeRequests,
): Promise<ProbeOutcome & { amounts: string }> {
  const range = await run.debitAmounts();
  const amount = `${formatMinor(range.fixedMinor)} ${run.config.fixtures.payment.currency}`;
  const before = await readLedger(run, requests, Date.now());
  const sent = await sendFixture(run, CREATE_TRANSACTION, requests.debit(run.config, range.fixedMinor));
  if (!("request" in sent)) return { ...sent, amounts: range.why };
  const outcome = await judgeFixture(
    CREATE_TRANSACTION,
    sent,
    async () => postingTrace(before, await readLedger(run, requests, Date.now()), range.fixedMinor),
    (exchange) => {
      const variable = range.source === "configured" ? "DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX" : "DEBIT_AMOUNT_MIN";
      return (
        `${variable}: the target refused the fixture debit of ${amount} from PAYMENT_CARD_ID (${theirReason(exchange)}); ` +
        `the ${range.why}; set DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX to amounts the card allows, or check the PAYMENT_CARD_* fixtures`
      );
    },
  );
  // TERMINAL_MCC unset: the posted debit's statement entry says the terminal's MCC (preflight-posting.ts).
  const chosen = outcome.kind === "ok" ? await rangeForPostedTerminal(run, requests, before, range) : range;
  return { ...outcome, amounts: chosen.why };
}

/** One registration with the configured client data (CLIENT_DATA_FILE, or the sandbox's). */
export async function fixtureRegistration(run: RunContext, requests: ProbeRequests): Promise<ProbeOutcome> {
  const data = requests.registration(run.config);
  const file =
    run.config.fixtures.clientData.kind === "sandbox" ? "unset, so the sandbox's client data was sent" : "its records";
  const sent = await sendFixture(run, REGISTER_BUSINESS, await sealRequest(run.target.profile, data));
  if (!("request" in sent)) return sent;
  // A client_uuid in the answer is a created profile: the registration posted, whatever it said.
  const created = async () =>
    createdClient(sent)
      ? { posted: true, evidence: "a client_uuid came back" }
      : { posted: false, evidence: "no client_uuid came back" };
  return judgeFixture(
    REGISTER_BUSINESS,
    sent,
    created,
    (exchange) =>
      `CLIENT_DATA_FILE: the target refused the registration of a client from the configured client data (${file}): ${theirReason(exchange)}; ` +
      "give client records the target accepts, with {{fresh:…}} placeholders for identifiers it keeps unique (docs/client-data.md)",
  );
}
