/** Transaction creation requests (§2.3): realistic debits of the configured payment card. */
import type { Faker } from "@faker-js/faker";
import type { Config } from "../../lib/config/load.ts";
import { CREATE_TRANSACTION } from "../../lib/catalogue/index.ts";
import { freshOrderId, freshRequestId, kzMobile, kztAmount } from "../faker.ts";
import { obeyDeclared } from "../cases/request-rules.ts";
import { amountSent } from "../../lib/payments/money.ts";

export interface DebitOptions {
  /** The amount in minor units (tiyn), written by lib/payments/money.ts `amountSent`; absent: a realistic one. */
  minor?: number;
  requestId?: string;
}

/** The configured payment card as `debit.card` (§2.3): one place for the generated and the fixed requests. */
export function paymentCard(config: Config) {
  const fx = config.fixtures.payment;
  return {
    card_id: fx.cardId,
    card_pan: fx.pan,
    card_cvc: fx.cvc,
    card_month: fx.month,
    card_year: fx.year,
    name: fx.holder,
  };
}

/** A debit of the payment card, obeying the rules the target declares (REQUEST_RULES_FILE). */
export function debitRequest(f: Faker, config: Config, options: DebitOptions = {}) {
  return obeyDeclared(config, CREATE_TRANSACTION.key, preferredDebit(f, config, options));
}

/** The harness's own debit: realistic values around the fixtures. */
function preferredDebit(f: Faker, config: Config, options: DebitOptions) {
  const fx = config.fixtures.payment;
  const amount = options.minor === undefined ? kztAmount(f) : amountSent(options.minor);
  return {
    request_id: options.requestId ?? freshRequestId(),
    transaction: { order_id: freshOrderId(), description: f.commerce.productName(), type: "debit" },
    debit: {
      amount,
      currency: fx.currency,
      terminal_number: fx.terminal,
      additional_amount: [{ type: "fee", amount: 0, currency: fx.currency }],
      client: { client_id: fx.clientId, phone: kzMobile(f) },
      card: paymentCard(config),
      account: { number: fx.accountNumber },
    },
    credit: {
      amount,
      currency: fx.currency,
      terminal_number: fx.terminal,
      account: { number: fx.creditAccount },
    },
    additional: [{ key: "device_os_type", value: f.helpers.arrayElement(["android", "ios"]) }],
  };
}

export type DebitRequest = ReturnType<typeof preferredDebit>;
