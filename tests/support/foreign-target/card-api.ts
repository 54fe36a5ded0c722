/**
 * The foreign target's card API (§4.2–§4.4). Every refusal is an HTTP 200 whose `status` is
 * "error" and whose `request_status` names the reason — its own choice where §7 shows nothing.
 */
import { CREDIT_ACCOUNT, CURRENCY, OBJECT_TYPES, PAYMENT_CARD, TERMINAL, type Posting } from "./data.ts";
import { dayBounds, type Ledger, localTimestamp, money } from "./ledger.ts";
import { sortedJson } from "./scheme.ts";
import {
  isDate,
  LIMITS,
  minorUnits,
  shapeProblem,
  STATEMENT,
  TRANSACTION,
  TRANSACTION_OPTIONAL_PARTIES,
} from "./validate.ts";

export type Answer = Record<string, unknown>;

/** Its behaviours for the harness's tests: a fault of a real kind, or a fixture it stops accepting. */
export interface ForeignModes {
  /** Decline the payment card's debits once this many were accepted (a card blocked mid-run). */
  declinePaymentCardAfter?: number;
  faults?: ReadonlyArray<"period-leak" | "dt-without-offset" | "double-post-on-replay">;
  /** Still correct: account.number and credit.amount are optional (TRANSACTION_OPTIONAL_PARTIES). */
  optionalParties?: boolean;
}

export const success = (fields: Answer = {}): Answer => ({
  status: "ok",
  request_status: "success",
  dt: localTimestamp(),
  ...fields,
});
export const refusal = (code: string, message: string): Answer => ({
  status: "error",
  request_status: code,
  dt: localTimestamp(),
  message,
});

type Body = Record<string, any>;

export function statement(body: Body, ledger: Ledger, modes: ForeignModes = {}): Answer {
  const problem = shapeProblem(body, STATEMENT);
  if (problem) return refusal("invalid_request", problem);
  if (!isDate(body.start_date) || !isDate(body.end_date))
    return refusal("invalid_request", "start_date and end_date must be dates (YYYY-MM-DD)");
  const from = dayBounds(body.start_date).from;
  const to = dayBounds(body.end_date).to;
  if (to < from) return refusal("invalid_request", "end_date is before start_date");
  if (to - from > 366 * 86_400_000) return refusal("invalid_request", "a period is at most 366 days");
  if (!ledger.cards.has(body.card_id)) return refusal("card_not_found", "no such card");
  // The fault: a day more on each side, as if the period were read in UTC and rounded outwards.
  const leak = modes.faults?.includes("period-leak") ? 86_400_000 : 0;
  return success({ operations: ledger.postingsOf(body.card_id, from - leak, to + leak).map(operation) });
}

function operation(p: Posting): Answer {
  return {
    type: p.type,
    amount: p.amountMinor / 100,
    commission: p.commissionMinor / 100,
    currency: CURRENCY,
    mcc: p.mcc,
    datetime: new Date(p.at).toISOString(),
    rrn: p.rrn,
    merchant: p.merchant,
  };
}

export function limits(body: Body, ledger: Ledger): Answer {
  const problem = shapeProblem(body, LIMITS);
  if (problem) return refusal("invalid_request", problem);
  const kind = (Object.keys(OBJECT_TYPES) as Array<keyof typeof OBJECT_TYPES>).find(
    (k) => OBJECT_TYPES[k] === body.object.type,
  );
  if (!kind) return refusal("invalid_request", `object.type is one of ${Object.values(OBJECT_TYPES).join(", ")}`);
  const found = ledger.limitsOf(kind, body.object.value);
  if (!found) return refusal("object_not_found", `no such ${kind}`);
  const groups: Record<string, Answer[]> = { product: [], card: [] };
  for (const { owner, limit } of found) {
    const current = limit.type.startsWith("max_") ? ledger.currentMinor(owner, limit) : 0;
    const remaining = limit.type.startsWith("max_") ? limit.valueMinor - current : 0;
    (groups[limit.group] ??= []).push({
      id: limit.id,
      mcc: limit.mcc,
      transaction_type: limit.transactionType,
      region: "KAZ",
      period: limit.period,
      amount: [
        {
          type: limit.type,
          value: money(limit.valueMinor),
          current: money(current),
          remaining: money(remaining),
          currency: CURRENCY,
        },
      ],
    });
  }
  return success({ limits: groups });
}

export function createTransaction(body: Body, ledger: Ledger, modes: ForeignModes): Answer {
  const problem = shapeProblem(body, modes.optionalParties ? TRANSACTION_OPTIONAL_PARTIES : TRANSACTION);
  if (problem) return refusal("invalid_request", problem);
  const fingerprint = sortedJson(body);
  const seen = ledger.answered.get(body.request_id);
  if (seen && seen.fingerprint !== fingerprint)
    return refusal("duplicate_request", "request_id was used with another body");
  if (seen && !modes.faults?.includes("double-post-on-replay")) return seen.answer;
  const answer = decide(body, ledger, modes);
  if (!seen) ledger.answered.set(body.request_id, { fingerprint, answer });
  return seen ? seen.answer : answer;
}

const accepted = new WeakMap<Ledger, number>();

function decide(body: Body, ledger: Ledger, modes: ForeignModes): Answer {
  const { debit, credit } = body;
  if (body.transaction.type !== "debit") return refusal("unsupported_type", "only debit transactions");
  const amount = minorUnits(debit.amount);
  if (amount === undefined) return refusal("invalid_amount", "amount must be positive with at most two decimals");
  const currencies = [debit.currency, credit.currency, ...(debit.additional_amount ?? []).map((a: Body) => a.currency)];
  if (currencies.some((c) => c !== CURRENCY)) return refusal("unsupported_currency", `only ${CURRENCY}`);
  // Without an amount (allowed in the optionalParties variant) the credit is the debit's amount.
  const creditAmount = modes.optionalParties ? (credit.amount ?? debit.amount) : credit.amount;
  if (creditAmount !== debit.amount) return refusal("invalid_request", "credit.amount differs from debit.amount");
  const fees = [...(debit.additional_amount ?? []), ...(credit.additional_amount ?? [])] as Body[];
  if (fees.some((f) => f.amount !== 0 && minorUnits(f.amount) === undefined))
    return refusal("invalid_amount", "additional_amount.amount must be zero or positive with at most two decimals");
  if ([debit.terminal_number, credit.terminal_number].some((t) => t !== undefined && t !== TERMINAL))
    return refusal("unknown_terminal", "no such terminal");
  const creditAccount = modes.optionalParties ? (credit.account?.number ?? CREDIT_ACCOUNT) : credit.account?.number;
  if (creditAccount !== CREDIT_ACCOUNT)
    return refusal("unknown_account", "credit.account.number is not a credit account here");
  const card = ledger.cards.get(debit.card?.card_id);
  if (!card) return refusal("card_not_found", "debit.card.card_id is no card here");
  const given = debit.card;
  const mismatch = (
    [
      ["card_pan", card.pan],
      ["card_cvc", card.cvc],
      ["card_month", card.month],
      ["card_year", card.year],
    ] as const
  ).find(([field, value]) => given[field] !== undefined && given[field] !== value);
  if (mismatch) return refusal("card_mismatch", `debit.card.${mismatch[0]} does not match the card`);
  const debitAccount = modes.optionalParties ? debit.account?.number : (debit.account?.number ?? null);
  if (debit.account !== undefined && debitAccount !== undefined && debitAccount !== card.account)
    return refusal("card_mismatch", "debit.account.number is not the card's account");
  if (debit.client?.client_id !== undefined && debit.client.client_id !== card.client)
    return refusal("card_mismatch", "debit.client.client_id is not the card's client");
  if (
    card.id === PAYMENT_CARD.id &&
    modes.declinePaymentCardAfter !== undefined &&
    (accepted.get(ledger) ?? 0) >= modes.declinePaymentCardAfter
  ) {
    return refusal("declined", "card blocked by the issuer");
  }
  const outcome = ledger.debit(card, amount);
  if (!outcome.ok) return refusal("declined", outcome.reason);
  if (card.id === PAYMENT_CARD.id) accepted.set(ledger, (accepted.get(ledger) ?? 0) + 1);
  return success({ rrn: outcome.posting.rrn });
}
