/** §4.2 card statement: the operations of a card within [start_date, end_date]. */
import { DAY_MS, periodBound } from "../../lib/time/iso.ts";
import { parseDateForm, readDate, type DateForm } from "../../lib/time/date-form.ts";
import { DATE_FORM_HELP } from "../../lib/time/date-pattern.ts";
import { nthServed, servedByOldBuild, validateRequest, type SandboxEnv } from "../env.ts";
import { remember } from "../json.ts";
import { SANDBOX_CARDS } from "../../lib/test-data/published.ts";
import { shownBy, type Posting } from "../ledger.ts";
import { requireSensiblePeriod } from "../rules/period.ts";
import { statementCard } from "../rules/references.ts";
import { nowWithOffset, ok, PLATFORM_OFFSET, reject, type SandboxRequest, type SandboxResponse } from "../protocol.ts";

interface StatementRequest {
  card_id: string;
  start_date: string;
  end_date: string;
}

/** The declared form of the statement bounds (--date-format); a pattern that is none stops the start. */
export function statementDateForm(text: string): DateForm {
  const form = parseDateForm(text);
  if ("problem" in form) throw new Error(`--date-format "${text}" ${form.problem}; give ${DATE_FORM_HELP}`);
  return form;
}

/**
 * Reads a bound: in the declared form when the sandbox was given one (--date-format: a day form
 * covers its whole day), else as an ISO 8601 date (whole day) or date-time (without offset: +05:00).
 */
function readBound(env: SandboxEnv, text: string, side: "start" | "end"): number {
  if (env.dateForm) {
    const covered = readDate(text, env.dateForm, PLATFORM_OFFSET);
    if (covered) return side === "start" ? covered.start : covered.end;
    return reject(400, "INVALID_REQUEST", `${side}_date "${text}" is not a date in the form ${env.dateForm.pattern}`);
  }
  return (
    periodBound(text, side, PLATFORM_OFFSET) ??
    reject(400, "INVALID_REQUEST", `${side}_date "${text}" is not an ISO 8601 date or date-time`)
  );
}

/** A posting never changes once posted, so its statement form is built once. */
const operationCache = new WeakMap<Posting, Readonly<ReturnType<typeof operationOf>>>();

export function toOperation(p: Posting): Readonly<ReturnType<typeof operationOf>> {
  let op = operationCache.get(p);
  if (!op) operationCache.set(p, (op = remember(operationOf(p))));
  return op;
}

function operationOf(p: Posting) {
  return {
    type: p.type,
    amount: p.amountMinor / 100,
    commission: p.commissionMinor / 100,
    currency: p.currency,
    mcc: p.mcc,
    datetime: new Date(p.at).toISOString(),
    rrn: p.rrn,
    merchant: p.merchant,
  };
}

/** Amounts as floating point (minor units × 0.01: a float leak for some), or a tenth of a tiyn off (fault-hooks.ts). */
function floatOperation(p: Posting, drift: boolean) {
  return { ...toOperation(p), amount: drift ? (p.amountMinor * 10 + 1) / 1000 : p.amountMinor * 0.01 };
}

export function statement(req: SandboxRequest, env: SandboxEnv): SandboxResponse {
  const body = validateRequest<StatementRequest>(env, "card-api/statement-request.schema.json", req.body);
  const leak = env.hooks.unknownCardAsStatementCard ? env.ledger.cardById(SANDBOX_CARDS.statement.cardId) : undefined;
  const card = statementCard(env, body.card_id) ?? leak ?? reject(404, "CARD_NOT_FOUND", "no such card");
  const from = readBound(env, body.start_date, "start");
  const to = readBound(env, body.end_date, "end");
  requireSensiblePeriod(env, from, to);
  if (body.start_date === body.end_date && env.hooks.refusesSingleInstantPeriods)
    reject(400, "INVALID_REQUEST", "a period needs a length");
  const stored = env.hooks.ignoresPeriod
    ? env.ledger.postingsOf(card.cardId)
    : env.hooks.listsEveryCard
      ? env.ledger.allCards().flatMap((c) => env.ledger.postingsOf(c.cardId, from, to))
      : env.ledger.postingsOf(card.cardId, from, to);
  const postings = shownBy(stored, env.now());
  if (!postings.length && env.hooks.emptyPeriodIsError) reject(404, "OBJECT_NOT_FOUND", "no operations in this period");
  const amounts = env.hooks.statementAmounts;
  const operations =
    amounts === "exact" ? postings.map(toOperation) : postings.map((p) => floatOperation(p, amounts === "drift"));
  if (env.hooks.addsOperationBeforePeriod) {
    operations.push(
      toOperation({
        ...env.ledger.postingsOf(SANDBOX_CARDS.statement.cardId)[0]!,
        cardId: card.cardId,
        at: from - DAY_MS,
      }),
    );
  }
  if (env.hooks.rereadStatementChanges && to < env.now() && postings.length) {
    // A closed period read again: every second reading shows its last operation one tenge higher (fault-hooks.ts).
    if (nthServed(env, `statement:${card.cardId}:${body.start_date}:${body.end_date}`) % 2 === 0) {
      const last = postings.at(-1)!;
      operations[postings.length - 1] = { ...operations[postings.length - 1]!, amount: (last.amountMinor + 100) / 100 };
    }
  }
  // An older build (fault-hooks.ts) wrote mcc as a string.
  // (Counted among the answers that list operations: an empty list reads the same from either build.)
  const old = operations.length > 0 && servedByOldBuild(env, "statement");
  const served = old ? operations.map((op) => ({ ...op, mcc: String(op.mcc) })) : operations;
  return ok({ status: "ok", request_status: "success", operations: served, dt: nowWithOffset(env.now()) });
}
