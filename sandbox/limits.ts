/**
 * Limits in the sandbox. Amount-limit types:
 *   min   — smallest amount of one debit; current is 0.00 and remaining equals value;
 *   max   — largest amount of one debit (listed only where a limit has one); likewise;
 *   total — cumulative amount of debits in the period; remaining = value − current.
 * A limit of a card, of its account and of its client applies to a debit of the card when its mcc
 * is "0000" (every merchant category) or the debit's: the sandbox's debits post at DEBIT_MCC
 * through its one terminal, so an ATM limit (6011) is listed but never moves. The period `day` is
 * the calendar day at the platform's offset (+05:00).
 */
import { shownBy, type Ledger, type LimitDefinition, type ObjectKind } from "./ledger.ts";
import type { SandboxCard } from "../lib/test-data/published.ts";
import { DAY_MS } from "../lib/time/iso.ts";

const OFFSET_MS = 5 * 3_600_000;

/** The merchant category of every debit the sandbox posts (its one terminal, SANDBOX_TERMINAL). */
export const DEBIT_MCC = 6012;

/** Start and end (inclusive) of the platform day that contains an instant. */
function dayBounds(at: number): [number, number] {
  const start = Math.floor((at + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
  return [start, start + DAY_MS - 1];
}

const appliesToMcc = (limit: LimitDefinition, mcc: number) => limit.mcc === "0000" || Number(limit.mcc) === mcc;

export function cardsOf(ledger: Ledger, kind: ObjectKind, value: string): SandboxCard[] {
  const key = kind === "card" ? "cardId" : kind === "account" ? "accountNumber" : "clientId";
  return ledger.allCards().filter((c) => c[key] === value);
}

/** The limits that apply to a debit of this card (at the sandbox's MCC). */
export function limitsForCard(ledger: Ledger, card: SandboxCard, mcc = DEBIT_MCC): LimitDefinition[] {
  return ledger.limits.filter(
    (l) =>
      appliesToMcc(l, mcc) &&
      ((l.object.kind === "card" && l.object.value === card.cardId) ||
        (l.object.kind === "account" && l.object.value === card.accountNumber) ||
        (l.object.kind === "client" && l.object.value === card.clientId)),
  );
}

/** Amount debited today (platform day) from the cards under a limit's object, in minor units. */
export function usageMinor(
  ledger: Ledger,
  limit: LimitDefinition,
  now = Date.now(),
  everyCard = false,
  /** Usage as listed: only the postings that show by now; enforcement counts every posting (a hold). */
  listed = false,
): number {
  const [from, to] = dayBounds(now);
  let sum = 0;
  // everyCard: the fault card-limits-count-every-card (a missing filter on a card's own limits).
  const cards =
    everyCard && limit.object.kind === "card"
      ? ledger.allCards()
      : cardsOf(ledger, limit.object.kind, limit.object.value);
  for (const card of cards) {
    const postings = ledger.postingsOf(card.cardId, from, to);
    for (const p of listed ? shownBy(postings, now) : postings) if (appliesToMcc(limit, p.mcc)) sum += p.amountMinor;
  }
  return sum;
}

export function formatMinor(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
