/**
 * What a sound issuer checks before it moves money (§2.3 shows the fields; the rules are this
 * target's): the card data sent must be the card's, the parties must be the card's own account
 * and client and a known terminal and settlement account, and the money must add up in KZT.
 */
import { ALL_CARDS, SETTLEMENT_ACCOUNTS, TERMINAL, type Card } from "./data.ts";
import { Problem } from "./http.ts";
import { toMinor } from "./money.ts";

type Json = Record<string, any>;

const mismatch = (detail: string) => new Problem(422, "card-mismatch", detail);

export function findCard(id: string): Card | undefined {
  const lower = id.toLowerCase();
  return ALL_CARDS.find((c) => c.id === lower);
}

/** Every card field sent must be the card's; a field not sent is not judged. */
export function checkCardData(card: Card, sent: Json): void {
  const pairs: Array<[string, string | undefined]> = [
    ["card_pan", card.pan],
    ["card_cvc", card.cvc],
    ["card_month", card.month],
    ["card_year", card.year],
  ];
  for (const [field, own] of pairs) {
    if (sent[field] !== undefined && sent[field] !== own) throw mismatch(`${field} is not the card's`);
  }
}

/** The debit's account and client, when named, are the card's; terminal and credit account are known. */
export function checkParties(card: Card, debit: Json, credit: Json): void {
  if (debit.account?.number !== undefined && debit.account.number !== card.account) {
    throw mismatch("debit.account is not the card's account");
  }
  if (debit.client?.client_id !== undefined && debit.client.client_id !== card.client) {
    throw mismatch("debit.client is not the cardholder");
  }
  for (const party of [debit, credit]) {
    if (party.terminal_number !== undefined && party.terminal_number !== TERMINAL.number) {
      throw new Problem(422, "unknown-terminal", "terminal_number is not a terminal of this platform");
    }
  }
  if (!SETTLEMENT_ACCOUNTS.includes(credit.account.number)) {
    throw new Problem(422, "unknown-settlement-account", "credit.account is not a settlement account");
  }
}

function minorOf(amount: number, where: string): number {
  const minor = toMinor(amount);
  if (minor === undefined) throw new Problem(422, "not-an-amount", `${where} has more decimals than KZT has`);
  return minor;
}

/** The debit in minor units, after checking that credit and fees fit it. */
export function debitMinor(debit: Json, credit: Json): number {
  const amount = minorOf(debit.amount, "debit.amount");
  const credited = credit.amount === undefined ? amount : minorOf(credit.amount, "credit.amount");
  if (credit.currency !== debit.currency)
    throw new Problem(422, "currency-mismatch", "credit and debit currencies differ");
  if (credited > amount) throw new Problem(422, "amount-mismatch", "more is credited than debited");
  for (const fee of (debit.additional_amount ?? []) as Json[]) {
    minorOf(fee.amount, "debit.additional_amount[].amount");
    if (fee.currency !== debit.currency) throw new Problem(422, "currency-mismatch", "a fee is in another currency");
  }
  return amount;
}
