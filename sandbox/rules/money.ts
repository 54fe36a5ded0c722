/**
 * Amounts and currencies must fit the parties (§2.3): the credit side in the debit's currency and
 * not more than the debit (money from nowhere otherwise), fees (additional_amount) in that
 * currency too, and no amount with more decimals than the currency's minor unit (ISO 4217).
 * Should level in the harness (the spec does not show the rules); enforced here.
 */
import currencyCodes from "currency-codes";
import type { SandboxEnv } from "../env.ts";
import { reject } from "../protocol.ts";

interface Amounted {
  amount: number;
  currency: string;
}
export interface MoneyParties {
  debit: Amounted & { additional_amount?: Array<Partial<Amounted>> };
  credit: Amounted;
}

/** The amount in minor units; more decimals than the currency has are refused. */
export function toMinor(amount: number, currency = "KZT"): number {
  const scale = 10 ** (currencyCodes.code(currency)?.digits ?? 2);
  const minor = Math.round(amount * scale);
  if (Math.abs(amount * scale - minor) > 1e-6)
    reject(400, "INVALID_REQUEST", `amount has more decimals than ${currency} has`);
  if (!Number.isSafeInteger(minor)) reject(400, "INVALID_REQUEST", "amount is too large");
  return minor;
}

/** Refuses amounts that do not fit the parties; returns the debit in minor units. */
export function requireMoneyFits(env: SandboxEnv, body: MoneyParties): number {
  const { debit, credit } = body;
  // A lenient platform (fault-hooks.ts) rounds what it is sent and compares nothing.
  if (!env.hooks.checksMoney) return Math.round(debit.amount * 100);
  const minor = toMinor(debit.amount, debit.currency);
  if (credit.currency !== debit.currency)
    reject(422, "CURRENCY_MISMATCH", `credit in ${credit.currency}, debit in ${debit.currency}`);
  if (toMinor(credit.amount, credit.currency) > minor)
    reject(422, "AMOUNT_MISMATCH", "the credit is larger than the debit");
  for (const extra of debit.additional_amount ?? []) {
    if (extra.currency !== debit.currency)
      reject(422, "CURRENCY_MISMATCH", `additional_amount in ${String(extra.currency)}, debit in ${debit.currency}`);
    if (typeof extra.amount === "number") toMinor(extra.amount, debit.currency);
  }
  return minor;
}
