/**
 * A debit's card data must all belong to the one card it names (§2.3 party: card, account,
 * client). A sound issuer refuses a card_id with another card's PAN, a wrong CVC or expiry, and
 * an account or client that is not the card's — the spec does not show these rules, so the harness
 * checks them at should level; the sandbox enforces them. Only fields that are sent are compared.
 */
import type { SandboxEnv } from "../env.ts";
import { reject } from "../protocol.ts";
import type { SandboxCard } from "../../lib/test-data/published.ts";

export interface CardRef {
  card_id?: string;
  card_pan?: string;
  card_cvc?: string;
  card_month?: string;
  card_year?: string;
}
export interface PartyRefs {
  card?: CardRef;
  account?: { number?: string };
  client?: { client_id?: string };
}

/** byId/byPan: the cards the request's card_id and card_pan name (undefined when unknown). */
export function requireCardDataOfCard(
  env: SandboxEnv,
  party: PartyRefs,
  card: SandboxCard,
  byId?: SandboxCard,
  byPan?: SandboxCard,
): void {
  if (!env.hooks.checksCardData) return;
  const ref = party.card ?? {};
  if ((ref.card_id !== undefined && !byId) || (ref.card_pan !== undefined && byPan !== card)) {
    reject(422, "CARD_MISMATCH", "card_id and card_pan name different cards");
  }
  if (
    (ref.card_month !== undefined && ref.card_month !== card.month) ||
    (ref.card_year !== undefined && ref.card_year !== card.year)
  ) {
    reject(422, "CARD_EXPIRED", "expiry does not match the card");
  }
  if (ref.card_cvc !== undefined && ref.card_cvc !== card.cvc) reject(422, "DECLINED", "card verification failed");
  if (party.account?.number !== undefined && party.account.number !== card.accountNumber) {
    reject(422, "CARD_MISMATCH", "debit.account is not the card's account");
  }
  if (party.client?.client_id !== undefined && party.client.client_id !== card.clientId) {
    reject(422, "CARD_MISMATCH", "debit.client is not the card's holder");
  }
}
