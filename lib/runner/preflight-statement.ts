/**
 * The preflight's statement fixture: the statement of STATEMENT_CARD_ID for the configured
 * period, in the declared form (read-only). When the target refuses it, the preflight finds out
 * why from evidence before it names a variable: exit 2 says "your configuration", so it must be
 * the configuration — a card the target has no statement of, or a date form it does not read.
 */
import { CARD_STATEMENT } from "../catalogue/index.ts";
import { answerKind } from "../checks/answers.ts";
import type { RunContext } from "../checks/types.ts";
import type { Exchange } from "../http/exchange.ts";
import { COMMON_DATE_FORMS, describeDateForm } from "../time/date-form.ts";
import { sendFixture, theirReason } from "./preflight-fixtures.ts";
import { cardAuthVariable, probe, type ProbeOutcome, type ProbeRequests } from "./preflight-probes.ts";

/** The statement of STATEMENT_CARD_ID answers: the card API is reachable, its auth and the fixture right. */
export function statementFixture(run: RunContext, requests: ProbeRequests): Promise<ProbeOutcome> {
  return probe(run, {
    op: CARD_STATEMENT,
    body: requests.statement(run.config),
    refused: `${cardAuthVariable(run.config)}: the card API refused the statement request; set the card API auth the target expects (CARD_API_AUTH; not shown, §5)`,
    diagnose: (exchange) => diagnoseStatement(run, requests, exchange),
  });
}

/** A refusal in the target's words that names a statement date field, or the card. */
const DATE_FIELD = /\b(start_date|end_date|startDate|endDate)\b/;
const NAMES_CARD = /\bcard_id\b|\bcard[\s_-]*(not[\s_-]*found|unknown|does not exist)|\b(no such|unknown) card\b/i;

/** The target said yes to a read (a fresh request, recorded like the others); undefined on anything else. */
async function accepted(run: RunContext, body: unknown): Promise<Exchange | undefined> {
  const sent = await sendFixture(run, CARD_STATEMENT, body);
  return "request" in sent && answerKind(sent) === "success" ? sent : undefined;
}

function sentDates(exchange: Exchange): string {
  const body = JSON.parse(exchange.request.bodyText) as { start_date?: unknown; end_date?: unknown };
  return `start_date ${JSON.stringify(body.start_date)}, end_date ${JSON.stringify(body.end_date)}`;
}

/** What the refusal was: the target's words, and the period as sent in the declared form. */
interface Refusal {
  words: string;
  sent: string;
  card: string;
}

/** The same period, in the same form, accepted for PAYMENT_CARD_ID: the statement card is the cause. */
async function otherCardAccepted(
  run: RunContext,
  requests: ProbeRequests,
  r: Refusal,
): Promise<ProbeOutcome | undefined> {
  const { statement, payment } = run.config.fixtures;
  if (payment.cardId === statement.cardId) return undefined;
  const period = { start: Date.parse(statement.periodStart), end: Date.parse(statement.periodEnd) };
  if (!(await accepted(run, requests.paymentStatement(run.config, period)))) return undefined;
  return {
    kind: "problem",
    text: `${r.card}, and accepted the same period in the same form for PAYMENT_CARD_ID; set a card that exists on the target`,
  };
}

/** The same request accepted with the period in another common form: the declared form is the cause. */
async function otherFormAccepted(
  run: RunContext,
  requests: ProbeRequests,
  r: Refusal,
): Promise<ProbeOutcome | undefined> {
  const { config } = run;
  for (const form of COMMON_DATE_FORMS.filter((f) => f.pattern !== config.cardApi.dateFormat.pattern)) {
    const exchange = await accepted(
      run,
      requests.statement({ ...config, cardApi: { ...config.cardApi, dateFormat: form } }),
    );
    if (exchange)
      return {
        kind: "problem",
        text: `STATEMENT_DATE_FORMAT: the target refused the statement with the period in ${r.sent}: ${r.words}; it accepted the same request with the period as ${describeDateForm(form)} (${sentDates(exchange)}): set STATEMENT_DATE_FORMAT to the form it reads (a dayjs pattern, docs/configuration.md)`,
      };
  }
  return undefined;
}

/** The refusal's own words name a date field (the form, or the period) or the card. */
function namedInRefusal(refused: Exchange, r: Refusal): ProbeOutcome | undefined {
  const said = refused.response?.bodyText ?? "";
  if (DATE_FIELD.test(said))
    return {
      kind: "problem",
      text: `STATEMENT_DATE_FORMAT: the target refused the statement naming a date field, with the period in ${r.sent}: ${r.words}; no other common form was accepted: set STATEMENT_DATE_FORMAT to the dayjs pattern it reads (or check STATEMENT_PERIOD_START / STATEMENT_PERIOD_END)`,
    };
  return NAMES_CARD.test(said)
    ? { kind: "problem", text: `${r.card}; set a card that exists on the target` }
    : undefined;
}

/**
 * Why the seeded statement was refused, from evidence, never by guess: the same period accepted
 * for PAYMENT_CARD_ID blames STATEMENT_CARD_ID; the same request accepted with the period in
 * another common form, or a refusal naming start_date/end_date, blames STATEMENT_DATE_FORMAT (what
 * was sent and the target's words said); a refusal naming the card blames STATEMENT_CARD_ID.
 * Without such evidence it is no configuration problem: the statement checks report it (not judged).
 */
async function diagnoseStatement(run: RunContext, requests: ProbeRequests, refused: Exchange): Promise<ProbeOutcome> {
  const words = theirReason(refused);
  const r: Refusal = {
    words,
    sent: `the declared form ${describeDateForm(run.config.cardApi.dateFormat)} (${sentDates(refused)})`,
    card: `STATEMENT_CARD_ID: the target rejected the statement of this card for STATEMENT_PERIOD_START–STATEMENT_PERIOD_END (${words})`,
  };
  return (
    (await otherCardAccepted(run, requests, r)) ??
    (await otherFormAccepted(run, requests, r)) ??
    namedInRefusal(refused, r) ?? {
      kind: "inconclusive",
      text: `${CARD_STATEMENT.title} (fixture request): ${words}; neither another card nor another date form was accepted, and the refusal names no date field or card: the statement checks report it`,
    }
  );
}
