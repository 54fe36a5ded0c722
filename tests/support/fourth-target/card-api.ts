/**
 * The card API (§4.2–§4.4): statements of whole UTC days written DD.MM.YYYY, debits that are
 * declined as HTTP 200 with `request_status: "declined"`, and limits with their usage. Requests
 * that break a rule are refused as problems (http.ts); a replayed request_id gets its first answer.
 */
import { canonicalJson } from "./canonical.ts";
import * as data from "./data.ts";
import { DAY_MS, offsetTimestamp, parseDay } from "./dates.ts";
import type { Fault } from "./faults.ts";
import { Problem, invalid } from "./http.ts";
import type { Answer, Ledger, Line } from "./ledger.ts";
import { listLimits, type Kind, type LimitFaults } from "./limits.ts";
import { asNumber } from "./money.ts";
import { debit, type Txn } from "./debit.ts";
import { violation } from "./validate.ts";

export interface CardApi {
  ledger: Ledger;
  faults: ReadonlySet<Fault>;
}

export const limitFaults = (faults: ReadonlySet<Fault>): LimitFaults => ({
  scopeIgnored: faults.has("scoped-limit-everywhere"),
  scopeUnlisted: faults.has("scoped-limit-unmarked"),
  maximumIgnored: faults.has("accepts-over-maximum"),
  maximumExclusive: faults.has("refuses-at-maximum"),
});

const ok = (extra: Record<string, unknown>): Answer => ({
  status: 200,
  body: { status: "ok", request_status: "success", ...extra, dt: offsetTimestamp() },
});

function operation(line: Line) {
  return {
    type: "debit",
    amount: asNumber(line.amountMinor),
    commission: asNumber(line.commissionMinor),
    currency: line.currency,
    mcc: line.terminal.mcc,
    datetime: new Date(line.at).toISOString(),
    rrn: line.rrn,
    merchant: line.terminal.merchant,
  };
}

const day = (field: string, text: string): number => {
  const at = parseDay(text);
  if (at === undefined) throw invalid(`${field}: ${JSON.stringify(text)} is not a calendar day written DD.MM.YYYY`);
  return at;
};

export function statement(body: unknown, api: CardApi): Answer {
  const broken = violation("statement", body);
  if (broken) throw invalid(broken);
  const request = body as { card_id: string; start_date: string; end_date: string };
  const [start, end] = [day("start_date", request.start_date), day("end_date", request.end_date)];
  if (end < start) throw invalid("end_date: before start_date");
  const card = data.CARDS.find((c) => c.id === request.card_id);
  if (!card) throw new Problem(404, "unknown-card", "Unknown card", "no card has this card_id");
  const first = api.faults.has("start-at-local-offset") ? start - 5 * 3_600_000 : start;
  const last = api.faults.has("end-day-exclusive") ? end - 1 : end + DAY_MS - 1;
  return ok({ operations: api.ledger.lines(card.id, first, last).map(operation) });
}

export function createTransaction(body: unknown, api: CardApi): Answer {
  const filled = api.faults.has("defaults-credit-account") ? withCreditAccount(body) : body;
  const broken = violation("transaction", filled);
  if (broken) throw invalid(broken);
  const request = filled as Txn;
  const key = canonicalJson(body);
  const known = api.ledger.recall(request.request_id, key);
  if (known && "replay" in known) return known.replay;
  if (known && !api.faults.has("conflict-replays-first"))
    throw new Problem(
      409,
      "request-id-reused",
      "request_id already used",
      "this request_id was used with another body",
    );
  if (known) return known.conflict;
  const answer = debit(request, api.ledger, limitFaults(api.faults));
  if (api.faults.has("txn-dt-without-offset")) answer.body.dt = String(answer.body.dt).slice(0, 23);
  api.ledger.remember(request.request_id, key, answer);
  return answer;
}

function withCreditAccount(body: unknown): unknown {
  const copy = structuredClone(body) as { credit?: Record<string, unknown> };
  if (copy?.credit && typeof copy.credit === "object" && !("account" in copy.credit))
    copy.credit.account = { number: data.SETTLEMENT_ACCOUNT };
  return copy;
}

const KINDS: Record<string, Kind> = {
  [data.OBJECT_TYPES.card]: "card",
  [data.OBJECT_TYPES.account]: "account",
  [data.OBJECT_TYPES.client]: "customer",
};

export function limitsList(body: unknown, api: CardApi): Answer {
  const broken = violation("limits", body);
  if (broken) throw invalid(broken);
  const { object } = body as { object: { type: string; value: string } };
  const limits = listLimits(KINDS[object.type]!, object.value, api.ledger, limitFaults(api.faults));
  if (!limits) throw new Problem(404, "unknown-object", "Unknown object", `no ${object.type} with this identifier`);
  return ok({ limits });
}
