/**
 * The card API (§4.2–§4.4). Every handler first enforces exactly the declared request rules
 * (validate.ts), then this target's business rules; a refusal is a Problem (4xx).
 */
import { ALL_CARDS, CURRENCY, SEEDED_OPERATIONS, TERMINAL } from "./data.ts";
import { checkCardData, checkParties, debitMinor, findCard } from "./card-data.ts";
import { Problem } from "./http.ts";
import type { Ledger } from "./ledger.ts";
import { cardRules, holderRules, limitBreach, limitRecord } from "./limits.ts";
import { minorNumber } from "./money.ts";
import type { OperationKey } from "./request-rules.ts";
import { localTimestamp, parseUtcSecond, utcMillis } from "./time.ts";
import { brokenRequestRule } from "./validate.ts";

/** Broken variants, each a fault a conformance run must catch (tests/third/third-target.test.ts). */
export type Fault =
  | "period-leak"
  | "signs-wrong-bytes"
  | "replay-posts-twice"
  | "remaining-ignores-usage"
  | "crash-on-invalid"
  | "defaults-declared-terminal";

export interface Env {
  ledger: Ledger;
  faults: ReadonlySet<Fault>;
}

type Json = Record<string, any>;
const DAY = 86_400_000;
const success = (extra: Json) => ({
  status: "ok",
  request_status: "success",
  dt: localTimestamp(Date.now()),
  ...extra,
});

export function enforceRules(op: OperationKey, body: Json, env: Env): void {
  const broken = brokenRequestRule(op, body);
  if (broken === undefined) return;
  // Fault mode: the input validation itself blows up, as an unguarded parser would.
  if (env.faults.has("crash-on-invalid")) throw new TypeError(`cannot read ${broken}`);
  throw new Problem(400, "invalid-request", broken);
}

/** Fault mode: the terminal it declares required is quietly defaulted instead of enforced. */
function defaultTerminal(body: Json, env: Env): void {
  const party = body.debit;
  if (!env.faults.has("defaults-declared-terminal") || typeof party !== "object" || !party) return;
  if (!("terminal_number" in party)) party.terminal_number = TERMINAL.number;
}

export function createTransaction(body: Json, env: Env): Json {
  defaultTerminal(body, env);
  enforceRules("card-api.transaction-create", body, env);
  const replay = env.ledger.processedBefore(body.request_id);
  if (replay && !env.faults.has("replay-posts-twice")) {
    throw new Problem(409, "duplicate-request-id", "this request_id was already processed");
  }
  const { debit, credit } = body;
  const card = findCard(debit.card.card_id);
  if (!card) throw new Problem(404, "unknown-card", "no card with this card_id");
  checkCardData(card, debit.card);
  checkParties(card, debit, credit);
  const amount = debitMinor(debit, credit);
  const now = Date.now();
  const breach = limitBreach(card, amount, TERMINAL.mcc, env.ledger, now);
  if (breach) throw new Problem(422, "limit-exceeded", breach);
  env.ledger.post(card.id, amount, body.request_id, now);
  return success({});
}

interface Operation {
  at: number;
  json: Json;
}

function operationsOf(cardId: string, ledger: Ledger): Operation[] {
  const seeded = SEEDED_OPERATIONS.filter((o) => o.card === cardId).map((o) => ({
    at: Date.parse(o.datetime),
    json: operationJson(o.type, o.amountMinor, o.commissionMinor, o.datetime, o.rrn),
  }));
  const posted = ledger.postings
    .filter((p) => p.card === cardId)
    .map((p) => ({ at: p.at, json: operationJson("PURCHASE", -p.amountMinor, 0, utcMillis(p.at), p.rrn) }));
  return [...seeded, ...posted];
}

/** An operation (§2.2); the amount is signed by direction: money out of the card is negative. */
function operationJson(type: string, signedMinor: number, commissionMinor: number, datetime: string, rrn: string) {
  const cash = type === "CASH_WITHDRAWAL";
  return {
    type,
    amount: minorNumber(signedMinor),
    commission: minorNumber(commissionMinor),
    currency: CURRENCY,
    mcc: cash ? 6011 : TERMINAL.mcc,
    datetime,
    rrn,
    merchant: cash ? { ...TERMINAL.merchant, name: "Halyk ATM 0193", url: "https://atm.example" } : TERMINAL.merchant,
  };
}

export function statement(body: Json, env: Env): Json {
  enforceRules("card-api.statement", body, env);
  const card = findCard(body.card_id);
  if (!card) throw new Problem(404, "unknown-card", "no card with this card_id");
  const start = parseUtcSecond(body.start_date);
  const end = parseUtcSecond(body.end_date);
  if (start === undefined || end === undefined) throw new Problem(422, "invalid-period", "a bound is not a date");
  if (end < start) throw new Problem(422, "invalid-period", "end_date is before start_date");
  // The end bound is a whole second: everything up to its last millisecond belongs to the period.
  const leak = env.faults.has("period-leak") ? DAY : 0;
  const inside = operationsOf(card.id, env.ledger).filter((o) => o.at >= start - leak && o.at <= end + 999 + leak);
  inside.sort((a, b) => b.at - a.at);
  return success({ operations: inside.map((o) => o.json) });
}

function rulesOf(object: Json) {
  if (object.type === "CARD") {
    const card = findCard(object.value);
    return card && cardRules(card);
  }
  const kind = object.type === "ACCOUNT" ? "account" : "client";
  return ALL_CARDS.some((c) => c[kind] === object.value) ? holderRules(kind, object.value) : undefined;
}

export function limitsList(body: Json, env: Env): Json {
  enforceRules("card-api.limits-list", body, env);
  const rules = rulesOf(body.object);
  if (!rules) throw new Problem(404, "unknown-object", `no ${String(body.object.type).toLowerCase()} with this value`);
  const now = Date.now();
  const record = (group: string) =>
    rules
      .filter((r) => r.group === group)
      .map((r) => limitRecord(r, env.ledger, now, env.faults.has("remaining-ignores-usage")));
  return success({ limits: { product: record("product"), card: record("card") } });
}
