/**
 * The rule table of what the harness never draws again when a declared rule needs a new value:
 * the fixtures of each documented operation (pinned, with the variable that gives them) and the
 * values that must stay new on every request. A declared rule a pinned value breaks is exit 2 at
 * start naming that variable (docs/checks-and-levels.md, the basis section).
 */
import { CARD_STATEMENT, CREATE_TRANSACTION, LIMITS_LIST, REGISTER_BUSINESS } from "../../lib/catalogue/index.ts";
import type { Operation } from "../../lib/catalogue/index.ts";
import type { ValidatorRegistry } from "../../lib/validation/registry.ts";
import type { Pin } from "../schema/obey.ts";

const CARD =
  "the payment card (PAYMENT_CARD_ID, PAYMENT_CARD_PAN, PAYMENT_CARD_EXPIRY, PAYMENT_CARD_CVC, PAYMENT_CARD_HOLDER)";
/** The debit range: decided after the start (the payment card's limits), judged once it is known. */
const AMOUNT = "DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX (the debit range)";

const party = (side: "debit" | "credit", account: string): Pin[] => [
  { at: `/${side}/amount`, variable: AMOUNT, late: true, shown: true },
  { at: `/${side}/currency`, variable: "CURRENCY", shown: true },
  { at: `/${side}/terminal_number`, variable: "TERMINAL_NUMBER", shown: true },
  { at: `/${side}/account/number`, variable: account, shown: true },
];

const PINS = new Map<string, Pin[]>([
  [
    CARD_STATEMENT.key,
    [
      { at: "/card_id", variable: "STATEMENT_CARD_ID", shown: true },
      { at: "/start_date", variable: "STATEMENT_DATE_FORMAT", shown: true },
      { at: "/end_date", variable: "STATEMENT_DATE_FORMAT", shown: true },
    ],
  ],
  [
    LIMITS_LIST.key,
    [
      { at: "/object/type", variable: "LIMIT_OBJECT_TYPES", shown: true },
      { at: "/object/value", variable: "PAYMENT_CARD_ID, PAYMENT_ACCOUNT_NUMBER or PAYMENT_CLIENT_ID", shown: true },
    ],
  ],
  [
    CREATE_TRANSACTION.key,
    [
      ...party("debit", "PAYMENT_ACCOUNT_NUMBER"),
      ...party("credit", "CREDIT_ACCOUNT_NUMBER"),
      { at: "/debit/additional_amount/0/currency", variable: "CURRENCY", shown: true },
      { at: "/debit/client/client_id", variable: "PAYMENT_CLIENT_ID", shown: true },
      { at: "/debit/card", variable: CARD },
      { at: "/debit/card/card_id", variable: "PAYMENT_CARD_ID", shown: true },
      { at: "/debit/card/card_pan", variable: "PAYMENT_CARD_PAN" },
      { at: "/debit/card/card_cvc", variable: "PAYMENT_CARD_CVC" },
      { at: "/debit/card/card_month", variable: "PAYMENT_CARD_EXPIRY" },
      { at: "/debit/card/card_year", variable: "PAYMENT_CARD_EXPIRY" },
      { at: "/debit/card/name", variable: "PAYMENT_CARD_HOLDER" },
    ],
  ],
  // The envelope is what the crypto profile seals and signs: nothing in it is drawn again.
  [REGISTER_BUSINESS.key, [{ at: "", variable: "CRYPTO_PROFILE" }]],
]);

const FRESH = new Map<string, string[]>([
  [CREATE_TRANSACTION.key, ["/request_id", "/transaction/order_id"]],
  [LIMITS_LIST.key, ["/request_id"]],
]);

/**
 * The pins of an operation: the table's, or — for an operation added in the catalogue folder —
 * its request schema's examples as a whole (the fixtures its author gave), when it has any.
 */
export function pinsOf(op: Operation, registry: ValidatorRegistry): Pin[] {
  const own = PINS.get(op.key);
  if (own) return own;
  const examples = op.requestSchema ? registry.resolve(op.requestSchema).schema.examples : undefined;
  return Array.isArray(examples) && examples.length ? [{ at: "", variable: "CATALOGUE_DIR" }] : [];
}

export function freshOf(op: Operation): string[] {
  return FRESH.get(op.key) ?? [];
}
