/**
 * One debit (§4.3), decided in one synchronous step: refused as a problem when the request is
 * inconsistent (amounts, currencies, a card named two ways, an unknown terminal), declined as
 * HTTP 200 with `request_status: "declined"` when the issuer says no (unknown card, card
 * verification, limits), else posted.
 */
import * as data from "./data.ts";
import { offsetTimestamp } from "./dates.ts";
import { Problem, invalid } from "./http.ts";
import type { Answer, Ledger, Source } from "./ledger.ts";
import { declineReason, type LimitFaults } from "./limits.ts";
import { toMinor } from "./money.ts";

interface Party {
  amount?: number;
  currency?: string;
  terminal_number?: string;
  additional_amount?: Array<{ type: string; amount: number; currency: string }>;
  client?: { client_id?: string };
  card?: { card_id?: string; card_pan?: string; card_cvc?: string; card_month?: string; card_year?: string };
  account?: { number: string };
}

/** A transaction request that keeps the declared rules (rules.ts). */
export interface Txn {
  request_id: string;
  transaction: { order_id: string; type: "debit" };
  debit: Party & { amount: number; currency: string; terminal_number: string; card: NonNullable<Party["card"]> };
  credit: Party;
}

const declined = (reason: string): Answer => ({
  status: 200,
  body: { status: "ok", request_status: "declined", decline_reason: reason, dt: offsetTimestamp() },
});

function minor(field: string, amount: number): number {
  const value = toMinor(amount);
  if (value === undefined) throw invalid(`${field}: not an amount of KZT (at most two decimals)`);
  return value;
}

/** The commission: the fees, in the debit's currency. */
function commissionOf(debit: Txn["debit"]): number {
  return (debit.additional_amount ?? []).reduce((sum, fee, i) => {
    if (fee.currency !== debit.currency)
      throw invalid(`/debit/additional_amount/${i}/currency: not the debit's currency`);
    return sum + minor(`/debit/additional_amount/${i}/amount`, fee.amount);
  }, 0);
}

function checkCredit(credit: Party, debit: Txn["debit"], amountMinor: number): void {
  if (credit.currency !== undefined && credit.currency !== debit.currency)
    throw invalid("/credit/currency: not the debit's currency (this platform converts nothing)");
  if (credit.amount !== undefined && minor("/credit/amount", credit.amount) > amountMinor)
    throw invalid("/credit/amount: more than the debit");
}

const luhn = (pan: string) =>
  [...pan].reverse().reduce((sum, c, i) => sum + (i % 2 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][+c]! : +c), 0) % 10 === 0;

/** The card the request names, undefined when none has it; a problem when it names two. */
function cardOf(card: Txn["debit"]["card"]): data.Card | undefined {
  if (card.card_pan !== undefined && !luhn(card.card_pan)) throw invalid("/debit/card/card_pan: fails the Luhn check");
  const byId = card.card_id === undefined ? undefined : data.CARDS.find((c) => c.id === card.card_id);
  const byPan = card.card_pan === undefined ? undefined : data.CARDS.find((c) => c.pan === card.card_pan);
  if (card.card_id !== undefined && card.card_pan !== undefined && byId !== byPan)
    throw invalid("/debit/card: card_id and card_pan name different cards");
  return byId ?? byPan;
}

function belongs(debit: Txn["debit"], card: data.Card): void {
  if (debit.account && debit.account.number !== card.account)
    throw invalid("/debit/account/number: not the card's account");
  if (debit.client?.client_id !== undefined && debit.client.client_id !== card.customer)
    throw invalid("/debit/client/client_id: not the card's holder");
}

/** Whether the card data sent (CVC, expiry) is this card's. */
function verified(sent: Txn["debit"]["card"], card: data.Card): boolean {
  return (
    (sent.card_cvc === undefined || sent.card_cvc === card.cvc) &&
    (sent.card_month === undefined || sent.card_month === card.month) &&
    (sent.card_year === undefined || sent.card_year === card.year)
  );
}

export function debit(request: Txn, ledger: Ledger, faults: LimitFaults, source: Source = "api"): Answer {
  const { debit: side, credit } = request;
  const amountMinor = minor("/debit/amount", side.amount);
  if (amountMinor === 0) throw invalid("/debit/amount: must be above zero");
  if (side.currency !== data.CURRENCY)
    throw invalid(`/debit/currency: cards of this platform are held in ${data.CURRENCY}`);
  checkCredit(credit, side, amountMinor);
  const commissionMinor = commissionOf(side);
  const terminal = data.TERMINALS.find((t) => t.number === side.terminal_number);
  if (!terminal)
    throw new Problem(422, "unknown-terminal", "Unknown terminal", "/debit/terminal_number: no such terminal");
  const card = cardOf(side.card);
  if (!card) return declined("unknown card");
  belongs(side, card);
  if (!verified(side.card, card)) return declined("card verification failed");
  const now = Date.now();
  const reason = declineReason(card, terminal, amountMinor, ledger, faults, now);
  if (reason) return declined(reason);
  const posting = ledger.post(
    {
      requestId: request.request_id,
      card,
      terminal,
      amountMinor,
      commissionMinor,
      currency: side.currency,
      at: now,
    },
    source,
  );
  return { status: 200, body: { status: "ok", request_status: "success", rrn: posting.rrn, dt: offsetTimestamp(now) } };
}
