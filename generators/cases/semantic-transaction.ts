/**
 * Semantic negatives of a debit (§2.3): requests the schema accepts that a sound issuer still
 * refuses — card data that does not belong to the card, amounts and currencies that do not fit
 * the parties. One named row each; every row edits only what it names, so it applies to any valid
 * debit (the full request and generated ones alike) and never depends on a fixed amount. Should
 * level (they join the NEGATIVE check): the spec does not show these rules. Each row of the table
 * in docs/payment-semantics.md says why an issuer refuses it.
 */
import type { Basis } from "../../lib/checks/types.ts";
import type { Config } from "../../lib/config/load.ts";
import { luhnCheckDigit } from "../../lib/test-data/luhn.ts";
import { minorUnitDigits, withExtraDecimal } from "../../lib/payments/money.ts";
import type { Mutation } from "../schema/mutations.ts";
import { editAt, getAt, type Path } from "../schema/pointer.ts";

type Edit = (current: unknown, body: Record<string, unknown>) => unknown;

/** What a row rests on: the meaning of the fields §2.3 shows, or only the reference sandbox's rule. */
const CARD_DATA = { basis: "spec", rule: "§2.3: the card object holds the data of one card" } as const;
const MINOR_UNIT = { basis: "spec", rule: "§2.3: an amount of a currency code (ISO 4217 minor unit)" } as const;
const reference = (rule: string) => ({ basis: "reference" as Basis, rule: `${rule} (the reference's choice)` });

/** A row that replaces the value at a path, when the request has one and the edit yields another value. */
function row(name: string, path: Path, basis: { basis: Basis; rule: string }, edit: Edit): Mutation {
  return {
    name,
    ...basis,
    apply: (valid) => {
      const current = getAt(valid, path);
      if (current === undefined) return undefined;
      const next = edit(current, valid as Record<string, unknown>);
      if (next === undefined || next === current) return undefined;
      const body = editAt(valid, path, next);
      return body === undefined ? undefined : { body };
    },
  };
}

/** Every digit moved by one: a CVC of the right length that is not the card's. */
function otherDigits(text: string): string {
  return text.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
}

/** A Luhn-valid PAN of the same BIN and length that is not this one (another card's number). */
function siblingPan(pan: string): string | undefined {
  if (!/^\d{12,19}$/.test(pan)) return undefined;
  const body = pan.slice(0, -2) + String((Number(pan.at(-2)) + 1) % 10);
  return body + luhnCheckDigit(body);
}

/** A currency of the same table that is not this one. */
function otherCurrency(currency: unknown): string {
  return currency === "USD" || currency === "840" ? "EUR" : "USD";
}

const numberAt = (body: Record<string, unknown>, path: Path): number | undefined => {
  const value = getAt(body, path);
  return typeof value === "number" ? value : undefined;
};

/** The rows; values of other objects come from the configuration (the target's own fixtures). */
export function semanticTransactionMutations(config: Config): Mutation[] {
  const fx = config.fixtures.payment;
  const otherCard = [config.fixtures.statement.cardId, ...config.fixtures.raceCardIds].find((id) => id !== fx.cardId);
  const digits = minorUnitDigits(fx.currency) ?? 2;
  // Another test card of the target's own (TEST_PANS) when there is one: the guard sends no other card number to a real target.
  const otherPan = config.safety.testPans.find((pan) => pan !== fx.pan);
  return [
    // card data that does not belong to the card
    row("card_id of another card with this card's PAN", ["debit", "card", "card_id"], CARD_DATA, () => otherCard),
    row("card_pan of another card with this card's id", ["debit", "card", "card_pan"], CARD_DATA, (pan) =>
      typeof pan === "string" ? (otherPan ?? siblingPan(pan)) : undefined,
    ),
    row("a wrong CVC (right length)", ["debit", "card", "card_cvc"], CARD_DATA, (cvc) =>
      typeof cvc === "string" ? otherDigits(cvc) : undefined,
    ),
    row("a wrong expiry month (the card's year)", ["debit", "card", "card_month"], CARD_DATA, (m) =>
      typeof m === "string" ? String((Number(m) % 12) + 1).padStart(2, "0") : undefined,
    ),
    row("a wrong expiry year (later than the card's)", ["debit", "card", "card_year"], CARD_DATA, (y) =>
      typeof y === "string" ? String((Number(y) + 1) % 100).padStart(2, "0") : undefined,
    ),
    row(
      "debit.account of another party (the credit account)",
      ["debit", "account", "number"],
      reference("debit.account is the card's account"),
      () => (fx.creditAccount !== fx.accountNumber ? fx.creditAccount : undefined),
    ),
    row(
      "debit.client_id not the card's holder",
      ["debit", "client", "client_id"],
      reference("debit.client is the card's holder"),
      (id) => `${String(id)}-OTHER`,
    ),
    // amounts and currencies that do not fit the parties
    row(
      "credit in another currency than the debit",
      ["credit", "currency"],
      reference("credit and debit share a currency (no conversion)"),
      (c) => otherCurrency(c),
    ),
    row(
      "additional_amount in another currency than the debit",
      ["debit", "additional_amount", "*", "currency"],
      reference("a fee is in the debit's currency"),
      (c) => otherCurrency(c),
    ),
    row(`debit.amount with more decimals than ${fx.currency} has`, ["debit", "amount"], MINOR_UNIT, (a) =>
      typeof a === "number" ? withExtraDecimal(a, digits) : undefined,
    ),
    row(`credit.amount with more decimals than ${fx.currency} has`, ["credit", "amount"], MINOR_UNIT, (a) =>
      typeof a === "number" ? withExtraDecimal(a, digits) : undefined,
    ),
    row(
      "credit larger than the debit (money from nowhere)",
      ["credit", "amount"],
      reference("the credit is at most the debit"),
      (_a, body) => {
        const debit = numberAt(body, ["debit", "amount"]);
        return debit === undefined ? undefined : Number((debit + 10 ** -digits).toFixed(digits));
      },
    ),
  ];
}
