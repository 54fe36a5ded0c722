/**
 * The preflight's fixture requests. The statement of STATEMENT_CARD_ID (read-only): when the
 * target refuses it, the preflight finds out why before it names a variable (below).
 * Two more where mutations are allowed (the guard keeps them off a
 * production target without ALLOW_MUTATIONS, and counts the debit against MAX_DEBIT_TOTAL like
 * any other): one debit at the chosen fixed amount and one registration with the configured
 * client data. A clear refusal of a request that created nothing (preflight-posting.ts) ends the
 * run with exit 2 and one line: what was refused, the target's own reason, the variable to look
 * at. A 5xx, a transport error, garbage, an unfamiliar outcome value or a refusal that posted
 * anyway is for the checks to report, as for the other probes.
 * The debit is posted before any check runs, so the ledger checks, which read the statement and
 * the limits before and after their own postings, never count it as theirs.
 */
import { CARD_STATEMENT, CREATE_TRANSACTION, REGISTER_BUSINESS, type Operation } from "../catalogue/index.ts";
import { answerKind, describeAnswer } from "../checks/answers.ts";
import { formatMinor } from "../payments/money.ts";
import type { RunContext } from "../checks/types.ts";
import { sealRequest } from "../crypto/envelope.ts";
import type { Exchange } from "../http/exchange.ts";
import { RequestRefused } from "../http/target.ts";
import { redactor } from "../redaction/redact.ts";
import { clearRefusal, createdClient, postingTrace, readLedger } from "./preflight-posting.ts";
import { cardAuthVariable, probe, type ProbeOutcome, type ProbeRequests } from "./preflight-probes.ts";
import { describeDateForm, parseDateForm, type DateForm } from "../time/date-form.ts";
import type { Config } from "../config/load.ts";
import { downReason } from "./target-down.ts";

/** The fixture request sent, or why the guard kept it back. */
async function sendFixture(run: RunContext, op: Operation, body: unknown): Promise<Exchange | ProbeOutcome> {
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
function theirReason(exchange: Exchange): string {
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
  const sent = await sendFixture(run, CREATE_TRANSACTION, requests.debit(run.config, range.fixedMinor / 100));
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
  return { ...outcome, amounts: range.why };
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
      "give client records the target accepts, with {{fresh:…}} placeholders for identifiers it keeps unique (docs/own-server.md)",
  );
}

/** The statement of STATEMENT_CARD_ID answers: the card API is reachable, its auth and the fixture right. */
export function statementFixture(run: RunContext, requests: ProbeRequests): Promise<ProbeOutcome> {
  return probe(run, {
    op: CARD_STATEMENT,
    body: requests.statement(run.config),
    refused: `${cardAuthVariable(run.config)}: the card API refused the statement request; set the card API auth the target expects (CARD_API_AUTH; not shown, §5)`,
    diagnose: (exchange) => diagnoseStatement(run, requests, exchange),
  });
}

/** Forms a server commonly reads, tried in turn (at most these requests) when the declared one is refused. */
const OTHER_FORMS = [
  "datetime-offset",
  "datetime-utc",
  "date",
  "DD.MM.YYYY",
  "YYYYMMDD",
  "DD/MM/YYYY",
  "MM/DD/YYYY",
  "YYYY-MM-DD HH:mm:ss",
  "YYYY-MM-DDTHH:mm:ss.SSS[Z]",
].map((text) => parseDateForm(text) as DateForm);

/** A refusal in the target's words that names a statement date field, or the card. */
const DATE_FIELD = /\b(start_date|end_date|startDate|endDate)\b/;
const NAMES_CARD = /\bcard_id\b|\bcard[\s_-]*(not[\s_-]*found|unknown|does not exist)|\b(no such|unknown) card\b/i;

/** The target said yes to a read (a fresh request, recorded like the others); false on anything else. */
async function accepted(run: RunContext, body: unknown): Promise<Exchange | undefined> {
  const sent = await sendFixture(run, CARD_STATEMENT, body);
  return "request" in sent && answerKind(sent) === "success" ? sent : undefined;
}

function withForm(config: Config, dateFormat: DateForm): Config {
  return { ...config, cardApi: { ...config.cardApi, dateFormat } };
}

function sentDates(exchange: Exchange): string {
  const body = JSON.parse(exchange.request.bodyText) as { start_date?: unknown; end_date?: unknown };
  return `start_date ${JSON.stringify(body.start_date)}, end_date ${JSON.stringify(body.end_date)}`;
}

/** The first other form in which the target accepts the same statement, if any. */
async function formAccepted(run: RunContext, requests: ProbeRequests): Promise<[DateForm, Exchange] | undefined> {
  for (const form of OTHER_FORMS.filter((f) => f.pattern !== run.config.cardApi.dateFormat.pattern)) {
    const exchange = await accepted(run, requests.statement(withForm(run.config, form)));
    if (exchange) return [form, exchange];
  }
  return undefined;
}

/**
 * Why the seeded statement was refused, from evidence, never by guess: the same period accepted
 * for PAYMENT_CARD_ID blames STATEMENT_CARD_ID; the same request accepted with the period in
 * another form, or a refusal naming start_date/end_date, blames STATEMENT_DATE_FORMAT (what was
 * sent and the target's words said); a refusal naming the card blames STATEMENT_CARD_ID. Without
 * such evidence it is no configuration problem: the statement checks report it as not judged.
 */
async function diagnoseStatement(run: RunContext, requests: ProbeRequests, refused: Exchange): Promise<ProbeOutcome> {
  const { config } = run;
  const words = theirReason(refused);
  const declared = `the declared form ${describeDateForm(config.cardApi.dateFormat)} (${sentDates(refused)})`;
  const card = `STATEMENT_CARD_ID: the target rejected the statement of this card for STATEMENT_PERIOD_START–STATEMENT_PERIOD_END (${words})`;
  const period = {
    start: Date.parse(config.fixtures.statement.periodStart),
    end: Date.parse(config.fixtures.statement.periodEnd),
  };
  const otherCard = config.fixtures.payment.cardId !== config.fixtures.statement.cardId;
  if (otherCard && (await accepted(run, requests.paymentStatement(config, period))))
    return {
      kind: "problem",
      text: `${card}, and accepted the same period in the same form for PAYMENT_CARD_ID; set a card that exists on the target`,
    };
  const other = await formAccepted(run, requests);
  if (other)
    return {
      kind: "problem",
      text: `STATEMENT_DATE_FORMAT: the target refused the statement with the period in ${declared}: ${words}; it accepted the same request with the period as ${describeDateForm(other[0])} (${sentDates(other[1])}): set STATEMENT_DATE_FORMAT to the form it reads (a dayjs pattern, docs/configuration.md)`,
    };
  if (DATE_FIELD.test(refused.response?.bodyText ?? ""))
    return {
      kind: "problem",
      text: `STATEMENT_DATE_FORMAT: the target refused the statement naming a date field, with the period in ${declared}: ${words}; no other common form was accepted: set STATEMENT_DATE_FORMAT to the dayjs pattern it reads (or check STATEMENT_PERIOD_START / STATEMENT_PERIOD_END)`,
    };
  if (NAMES_CARD.test(refused.response?.bodyText ?? ""))
    return { kind: "problem", text: `${card}; set a card that exists on the target` };
  return {
    kind: "inconclusive",
    text: `${CARD_STATEMENT.title} (fixture request): ${words}; neither another card nor another date form was accepted, and the refusal names no date field or card: the statement checks report it`,
  };
}
