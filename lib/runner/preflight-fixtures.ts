/**
 * The preflight's two fixture requests, where mutations are allowed (the guard keeps them off a
 * production target without ALLOW_MUTATIONS, and counts the debit against MAX_DEBIT_TOTAL like
 * any other): one debit at the chosen fixed amount and one registration with the configured
 * client data. A refusal for a business reason (lib/checks/precondition.ts) ends the run with
 * exit 2 and one line: what was refused, the target's own reason, the variable to look at. A 5xx,
 * a transport error or garbage is for the checks to report, as for the other probes.
 * The debit is posted before any check runs, so the ledger checks, which read the statement and
 * the limits before and after their own postings, never count it as theirs.
 */
import { CREATE_TRANSACTION, REGISTER_BUSINESS, type Operation } from "../catalogue/index.ts";
import { answerKind, describeAnswer } from "../checks/answers.ts";
import { formatMinor } from "../payments/money.ts";
import { refusedForBusinessReason } from "../checks/precondition.ts";
import type { RunContext } from "../checks/types.ts";
import { sealRequest } from "../crypto/envelope.ts";
import type { Exchange } from "../http/exchange.ts";
import { RequestRefused } from "../http/target.ts";
import { redactor } from "../redaction/redact.ts";
import type { ProbeOutcome, ProbeRequests } from "./preflight-probes.ts";

async function sendFixture(
  run: RunContext,
  op: Operation,
  body: unknown,
  refused: (exchange: Exchange) => string,
): Promise<ProbeOutcome> {
  let exchange: Exchange;
  try {
    exchange = await run.target.send(op, body);
  } catch (error) {
    if (error instanceof RequestRefused) return { kind: "not sent", text: `${op.title}: ${error.message}` };
    throw error;
  }
  if (answerKind(exchange) === "success") return { kind: "ok", exchange };
  // A 429 (after the client's own waiting) says "not now", not "no": for the checks to report.
  if (refusedForBusinessReason(exchange) && exchange.response?.status !== 429)
    return { kind: "problem", text: refused(exchange) };
  return { kind: "inconclusive", text: `${op.title} (fixture request): ${describeAnswer(exchange)}` };
}

/** "HTTP 200 with status "ok", request_status "declined": {…}" — the target's own reason, redacted. */
function theirReason(exchange: Exchange): string {
  return `${describeAnswer(exchange)}: ${redactor.preview(exchange.response?.bodyText ?? "", 160)}`;
}

/** One debit of the payment card at the fixed amount the run will use. */
export async function fixtureDebit(
  run: RunContext,
  requests: ProbeRequests,
): Promise<ProbeOutcome & { amounts: string }> {
  const range = await run.debitAmounts();
  const amount = `${formatMinor(range.fixedMinor)} ${run.config.fixtures.payment.currency}`;
  const outcome = await sendFixture(
    run,
    CREATE_TRANSACTION,
    requests.debit(run.config, range.fixedMinor / 100),
    (exchange) => {
      const variable = range.source === "configured" ? "DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX" : "DEBIT_AMOUNT_MIN";
      return (
        `${variable}: the target refused the fixture debit of ${amount} from PAYMENT_CARD_ID (${theirReason(exchange)}); ` +
        `the ${range.why}; set DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX to amounts the card allows, or check the PAYMENT_CARD_* fixtures`
      );
    },
  );
  return { ...outcome, amounts: range.why };
}

/** One registration with the configured client data (CLIENT_DATA_FILE, or the sandbox's). */
export async function fixtureRegistration(run: RunContext, requests: ProbeRequests): Promise<ProbeOutcome> {
  const data = requests.registration(run.config);
  const file =
    run.config.fixtures.clientData.kind === "sandbox" ? "unset, so the sandbox's client data was sent" : "its records";
  return sendFixture(
    run,
    REGISTER_BUSINESS,
    await sealRequest(run.target.profile, data),
    (exchange) =>
      `CLIENT_DATA_FILE: the target refused the registration of a client from the configured client data (${file}): ${theirReason(exchange)}; ` +
      "give client records the target accepts, with {{fresh:…}} placeholders for identifiers it keeps unique (docs/own-server.md)",
  );
}
