/**
 * Deterministic test values a partner can rely on, like a payment provider's test cards: a card
 * that always declines, and amounts that decline, exceed a limit, or answer slowly.
 */
import { reject, type SandboxResponse } from "./protocol.ts";
import { MAGIC_AMOUNTS_MINOR } from "../lib/test-data/published.ts";

export const DECLINE_CARD_ID = "c0ffee00-0000-4000-8000-000000000666";

/** 666.66 is declined (422 DECLINED); 777.77 exceeds a limit whatever the usage (422 LIMIT_EXCEEDED); 999.99 is answered after SLOW_ANSWER_MS. */
export const MAGIC_AMOUNTS = MAGIC_AMOUNTS_MINOR;

export const SLOW_ANSWER_MS = 2_500;

/** Applies the magic rules of a debit; returns a delay for the slow amount. */
export function magicDebit(cardId: string, amountMinor: number): Pick<SandboxResponse, "delayMs"> {
  if (cardId === DECLINE_CARD_ID || amountMinor === MAGIC_AMOUNTS.decline)
    reject(422, "DECLINED", "declined by the issuer (sandbox test value)");
  if (amountMinor === MAGIC_AMOUNTS.overLimit) reject(422, "LIMIT_EXCEEDED", "over the limit (sandbox test value)");
  return amountMinor === MAGIC_AMOUNTS.slow ? { delayMs: SLOW_ANSWER_MS } : {};
}
