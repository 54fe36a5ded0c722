/**
 * The sandbox's initial state, built from the published test data: the cards, their limits, and
 * the statement card's seeded operations — fourteen in June 2025 (the seeded period) and two just
 * outside it, so a target that ignores the period is caught.
 */
import { Ledger, type Merchant, type Posting } from "./ledger.ts";
import type { LimitDefinition } from "./ledger.ts";
import { RACE_DAILY_LIMIT_MINOR, SANDBOX_CARDS, SANDBOX_RACE_CARDS } from "../lib/test-data/published.ts";

const MERCHANTS: Merchant[] = [
  {
    name: "SMALL SHOP ALMATY",
    country: "KAZ",
    address_line1: "Abay Ave 10",
    postal_code: "050000",
    url: "https://shop.example",
  },
  {
    name: "COFFEE ASTANA",
    country: "KAZ",
    address_line1: "Kabanbay Batyr 5",
    postal_code: "010000",
    url: "https://coffee.example",
  },
  {
    name: "ONLINE BOOKS",
    country: "KAZ",
    address_line1: "Dostyk 1",
    postal_code: "050010",
    url: "https://books.example",
  },
];
const MCCS = [5411, 5814, 5942];

function seededOperation(cardId: string, i: number, at: number): Posting {
  return {
    requestId: `seed-${i}`,
    cardId,
    type: i % 5 === 4 ? "refund" : "purchase",
    amountMinor: 1_000 + ((i * 7_919) % 50_000),
    commissionMinor: i % 3 === 0 ? 50 : 0,
    currency: "KZT",
    at,
    rrn: String(500_000_000_000 + i * 1_013),
    mcc: MCCS[i % MCCS.length]!,
    merchant: MERCHANTS[i % MERCHANTS.length]!,
  };
}

/** Instants of the seeded operations: 14 inside June 2025 (+05:00), one on each side of it. */
function seededInstants(): number[] {
  const inside = Array.from(
    { length: 14 },
    (_, i) => Date.UTC(2025, 5, 1 + i * 2, 4 + (i % 10), 15, 30, 250) - 5 * 3_600_000,
  );
  const before = Date.parse("2025-05-31T23:30:00.000+05:00");
  const after = Date.parse("2025-07-01T00:30:00.000+05:00");
  return [before, ...inside, after];
}

function limit(
  id: string,
  group: string,
  object: LimitDefinition["object"],
  minMinor: number,
  totalMinor: number,
  scope: Partial<Pick<LimitDefinition, "mcc" | "transactionType" | "maxMinor">> = {},
): LimitDefinition {
  return {
    id,
    group,
    object,
    mcc: "0000",
    region: "KAZ",
    transactionType: "pay",
    minMinor,
    totalMinor,
    currency: "KZT",
    ...scope,
  };
}

/**
 * The sandbox's initial state. `debitMaximumMinor`: the cards' own (card group) limits also cap
 * one debit (a `max` amount limit) — an option of the sandbox, off by default: with it, a debit
 * one unit over the smallest remaining limit is refused by the maximum first, so the harness's
 * one-debit test of the cumulative limits has nothing to judge.
 */
export function seedLedger(debitMaximumMinor?: number): Ledger {
  const ledger = new Ledger();
  const max = debitMaximumMinor === undefined ? {} : { maxMinor: debitMaximumMinor };
  for (const card of Object.values(SANDBOX_CARDS)) {
    ledger.addCard(card);
    const own = card.cardId.slice(-3);
    ledger.limits.push(
      limit(`PRD-${own}`, "product", { kind: "card", value: card.cardId }, 100, 500_000_000),
      limit(`CRD-${own}`, "card", { kind: "card", value: card.cardId }, 100, 200_000_000, max),
      // Cash withdrawals only (MCC 6011): listed, but no debit of the sandbox's terminal is held to it or moves it.
      limit(`ATM-${own}`, "product", { kind: "card", value: card.cardId }, 100, 300_000_000, {
        mcc: "6011",
        transactionType: "cash",
      }),
      limit(`ACC-${own}`, "product", { kind: "account", value: card.accountNumber }, 100, 1_000_000_000),
      limit(`CLI-${own}`, "product", { kind: "client", value: card.clientId }, 100, 2_000_000_000),
      // A group the spec does not name: targets may have more groups than product and card (§2.4).
      limit(`CLX-${own}`, "client", { kind: "client", value: card.clientId }, 100, 2_000_000_000),
    );
  }
  for (const card of SANDBOX_RACE_CARDS) {
    ledger.addCard(card);
    ledger.limits.push(
      limit(`RACE-${card.cardId.slice(-3)}`, "card", { kind: "card", value: card.cardId }, 100, RACE_DAILY_LIMIT_MINOR),
    );
  }
  seededInstants().forEach((at, i) => ledger.post(seededOperation(SANDBOX_CARDS.statement.cardId, i, at)));
  return ledger;
}
