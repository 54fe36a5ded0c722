/**
 * Generated transaction requests (§2.3): debits of the configured payment card, valid by
 * construction from the request schema, with semantic overrides for what the target must
 * recognise (the card, its PAN and expiry, the credit account) and an amount inside the range the
 * target's own limits allow (lib/payments/debit-range.ts), in whole minor units.
 */
import fc from "fast-check";
import type { DebitRange } from "../../lib/payments/debit-range.ts";
import { amountSent } from "../../lib/payments/money.ts";
import type { Basis } from "../../lib/checks/types.ts";
import type { Config } from "../../lib/config/load.ts";
import type { ValidatorRegistry } from "../../lib/validation/registry.ts";
import { debitRequest, paymentCard } from "../card-api/transaction.ts";
import { freshOrderId, seededBuild } from "../faker.ts";
import { schemaArbitrary } from "../schema/arbitrary.ts";
import { schemaMutations, TRANSPORT_MUTATIONS, type Mutation } from "../schema/mutations.ts";
import { editAt, getAt } from "../schema/pointer.ts";
import { freshUuid, LONG_TEXT, NON_ASCII_TEXT } from "../shared-arbitraries.ts";
import { boundary, plainCase, type OperationCases } from "./types.ts";
import { semanticTransactionMutations } from "./semantic-transaction.ts";

/** Amounts of the range in major units, drawn as whole minor units (no float drift), never an avoided one. */
export function validAmounts(range: DebitRange): fc.Arbitrary<number> {
  return fc
    .integer({ min: range.minMinor, max: range.maxMinor })
    .map((minor) => (range.avoidMinor.includes(minor) ? range.minMinor : minor))
    .map(amountSent);
}

function parties(config: Config) {
  const fx = config.fixtures.payment;
  const card = paymentCard(config);
  const debit = (amount: number) => ({
    amount,
    currency: fx.currency,
    terminal_number: fx.terminal,
    additional_amount: [{ type: "fee", amount: 0, currency: fx.currency }],
    client: { client_id: fx.clientId, phone: "+77010000001" },
    card,
    account: { number: fx.accountNumber },
  });
  const credit = (amount: number) => ({
    amount,
    currency: fx.currency,
    terminal_number: fx.terminal,
    account: { number: fx.creditAccount },
  });
  return { debit, credit };
}

/**
 * What a real client sends as a description (§2.3 shows only the key device_os_type); exotic text is
 * a boundary row. Built once: fast-check compiles the expression into an arbitrary, about 5 ms,
 * and the cases are built again for every check that sends them.
 */
const DESCRIPTION = fc.stringMatching(/^[A-Z][a-z]{2,11}( [a-z]{2,11}){0,4}$/);

function validDebits(
  config: Config,
  registry: ValidatorRegistry,
  range: DebitRange,
): fc.Arbitrary<Record<string, unknown>> {
  const { debit, credit } = parties(config);
  return fc
    .tuple(
      validAmounts(range),
      schemaArbitrary("card-api/transaction-request.schema.json", registry, {
        "/request_id": freshUuid,
        "/transaction/type": fc.constant("debit"),
        "/transaction/order_id": freshUuid.map(() => freshOrderId()),
        "/transaction/description": DESCRIPTION,
        "/additional": fc.constantFrom("ios", "android").map((value) => [{ key: "device_os_type", value }]),
        "/debit": fc.constant(debit(1)),
        "/credit": fc.constant(credit(1)),
      }),
    )
    .map(([amount, body]) => ({ ...(body as object), debit: debit(amount), credit: credit(amount) }));
}

const set = (path: string[], value: unknown, name: string, basis: Basis, rule: string): Mutation => ({
  name,
  basis,
  rule,
  apply: (v) => (getAt(v, path) === undefined ? undefined : { body: editAt(v, path, value) }),
});

const SEMANTIC_MUTATIONS: Mutation[] = [
  {
    name: "card_pan fails the Luhn check",
    basis: "spec",
    rule: "§2.3: card_pan is a card number (ISO/IEC 7812 check digit)",
    apply: (v) => {
      const pan = getAt(v, ["debit", "card", "card_pan"]);
      if (typeof pan !== "string") return undefined;
      return {
        body: editAt(v, ["debit", "card", "card_pan"], pan.slice(0, -1) + String((Number(pan.at(-1)) + 1) % 10)),
      };
    },
  },
  set(
    ["debit", "currency"],
    "ZZZ",
    "an unknown currency (ZZZ)",
    "spec",
    "§2.3: currency is a currency code (ISO 4217)",
  ),
  // §2.3: values of transaction.type beyond debit are not shown; refusing an unknown one is the reference's choice.
  set(
    ["transaction", "type"],
    "no-such-type",
    "an unknown transaction.type",
    "reference",
    "an unknown transaction.type is refused (the reference's choice)",
  ),
  set(
    ["debit", "card", "card_year"],
    "20",
    "an expired card (year 20)",
    "spec",
    "§2.3: the card object holds the data of one card",
  ),
];

export function transactionCases(config: Config, registry: ValidatorRegistry, range: DebitRange): OperationCases {
  const full = () => seededBuild(1, (f) => debitRequest(f, config, { minor: range.fixedMinor }));
  const amount = (value: unknown) => (b: Record<string, unknown>) =>
    ((b.debit as Record<string, unknown>).amount = value);
  return {
    valid: validDebits(config, registry, range).map((b) =>
      plainCase(`a debit of ${(b.debit as { amount: number }).amount}`, b),
    ),
    validExamples: [range.minMinor, range.maxMinor].map((minor) =>
      plainCase(
        `a debit of ${amountSent(minor)}`,
        seededBuild(2, (f) => debitRequest(f, config, { minor })),
      ),
    ),
    fullRequest: full,
    validBodies: validDebits(config, registry, range),
    note: range.why,
    boundaries: [
      boundary("amount 0", full, amount(0)),
      boundary("amount 0.01", full, amount(0.01)),
      boundary("the largest safe amount", full, amount(Number.MAX_SAFE_INTEGER)),
      boundary("more decimals than the currency has", full, amount(1.005)),
      boundary("amount as a string", full, amount("10.00")),
      boundary("currency as a number", full, (b) => ((b.debit as Record<string, unknown>).currency = 398)),
      boundary("empty description", full, (b) => ((b.transaction as Record<string, unknown>).description = "")),
      boundary(
        "very long description",
        full,
        (b) => ((b.transaction as Record<string, unknown>).description = LONG_TEXT),
      ),
      boundary("non-ASCII description and holder name", full, (b) => {
        (b.transaction as Record<string, unknown>).description = NON_ASCII_TEXT;
        ((b.debit as Record<string, unknown>).card as Record<string, unknown>).name = "ӘСЕЛ НҰРЛАНҚЫЗЫ";
      }),
      boundary("very long order_id", full, (b) => ((b.transaction as Record<string, unknown>).order_id = LONG_TEXT)),
    ],
    mutations: [
      ...schemaMutations("card-api/transaction-request.schema.json", registry),
      ...SEMANTIC_MUTATIONS,
      ...semanticTransactionMutations(config),
      ...TRANSPORT_MUTATIONS,
    ],
  };
}
