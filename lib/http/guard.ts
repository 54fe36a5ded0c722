/**
 * The blast-radius guard, run by Target.send on every request before it leaves the harness:
 * 1. TARGET_ENV=production sends no operation that moves money or creates a profile
 *    (catalogue `mutates`) unless ALLOW_MUTATIONS=true;
 * 2. against anything but the sandbox, every card number in the body is one of TEST_PANS;
 * 3. the amounts debited in one run stay within MAX_DEBIT_TOTAL (debit-budget.ts).
 * A refusal is a RequestRefused: the check that needed the request is skipped with the reason.
 */
import { CREATE_TRANSACTION, type Operation } from "../catalogue/index.ts";
import type { SafetySettings } from "../config/safety.ts";
import { RequestRefused, type RequestGuard } from "./target.ts";
import { cardNumbersIn, maskPan, PAN_KEY } from "../redaction/card-numbers.ts";
import type { DebitBudget } from "./coordination/debit-budget.ts";
import { amountText, formatMinor, parseDecimal } from "../payments/money.ts";

/** Where each money-moving operation carries the amount it debits, in major units. */
const DEBIT_AMOUNT_PATHS: Record<string, readonly string[]> = {
  [CREATE_TRANSACTION.key]: ["debit", "amount"],
};

export function createGuard(settings: SafetySettings, budget: DebitBudget | undefined): RequestGuard {
  return (op, bodyText) => {
    const body = parseOrText(bodyText);
    refuseMutation(settings, op);
    if (settings.targetEnv !== "sandbox") refuseUnlistedPans(settings, body);
    if (budget) reserveDebit(budget, op, body);
  };
}

function refuseMutation(settings: SafetySettings, op: Operation): void {
  if (settings.targetEnv === "production" && !settings.allowMutations && op.mutates) {
    throw new RequestRefused(
      `not sent: TARGET_ENV=production and "${op.title}" moves money or creates a profile (ALLOW_MUTATIONS=true allows it)`,
    );
  }
}

function refuseUnlistedPans(settings: SafetySettings, body: unknown): void {
  for (const { path, pan } of cardNumbers(body, "")) {
    if (!settings.testPans.includes(pan)) {
      throw new RequestRefused(
        `not sent: card number ${maskPan(pan)} at ${path || "body"} is not in TEST_PANS (TARGET_ENV=${settings.targetEnv})`,
      );
    }
  }
}

/** Every card number in a JSON value (or in text that did not parse), with where it is. */
export function* cardNumbers(value: unknown, path: string): Generator<{ path: string; pan: string }> {
  if (typeof value === "string" || typeof value === "number") {
    const text = String(value);
    const digits = text.replace(/[ -]/g, "");
    if (PAN_KEY.test(path.split(".").at(-1) ?? "") && /^\d{12,19}$/.test(digits)) {
      // In a card-number field every number counts, Luhn-valid or not: strict where it matters.
      yield { path, pan: digits };
      return;
    }
    for (const m of cardNumbersIn(text)) yield { path, pan: m.digits };
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, v] of Object.entries(value)) yield* cardNumbers(v, path ? `${path}.${key}` : key);
}

function reserveDebit(budget: DebitBudget, op: Operation, body: unknown): void {
  const path = DEBIT_AMOUNT_PATHS[op.key];
  if (!path) return;
  // A body that is a list (a mutation) counts every element: a lenient target may book them.
  const bodies = Array.isArray(body) ? body : [body];
  const amountOf = (b: unknown) =>
    path.reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), b);
  const minor = bodies.reduce((sum: number, b) => sum + debitMinor(amountOf(b)), 0);
  if (minor === 0) return;
  const reservation = budget.reserve(minor);
  if (!reservation.ok) {
    throw new RequestRefused(
      `not sent: debiting ${formatMinor(minor)} would pass MAX_DEBIT_TOTAL=${formatMinor(reservation.capMinor)} (${formatMinor(reservation.spentMinor)} already debited this run)`,
    );
  }
}

/**
 * Minor units of an amount, rounded up, read exactly (lib/payments/money.ts). A string counts by
 * the first number in it, read as a lenient target might ("9,00" is 9.00); no number at all debits
 * nothing.
 */
function debitMinor(amount: unknown): number {
  const text = typeof amount === "string" ? /\d+(?:[.,]\d+)?/.exec(amount)?.[0]?.replace(",", ".") : amountText(amount);
  const decimal = text === undefined ? undefined : parseDecimal(text);
  if (!decimal) return 0;
  // Counted by size whatever the sign: a target that mishandles a negative debit still moves money.
  if (decimal.scale <= 2) return Number(decimal.units * 10n ** BigInt(2 - decimal.scale));
  const finer = 10n ** BigInt(decimal.scale - 2);
  return Number((decimal.units + finer - 1n) / finer);
}

function parseOrText(bodyText: string): unknown {
  try {
    return JSON.parse(bodyText);
  } catch {
    return bodyText;
  }
}
