/**
 * Another client of this platform: every 300 ms it debits the payment card, the race cards and the
 * statement card through the same ledger and limits as the API (in-process, as a second front end
 * of the same issuer would), with amounts of its own; now and then the statement card's closed
 * period gains an operation late (a late presentment).
 */
import { randomUUID } from "node:crypto";
import * as data from "./data.ts";
import { debit, type Txn } from "./debit.ts";
import type { Ledger } from "./ledger.ts";
import type { LimitFaults } from "./limits.ts";

export const BACKGROUND_EVERY_MS = 300;
/** Every this many ticks, a late presentment into the statement card's closed period (March 2025). */
const LATE_EVERY = 10;

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

function txn(card: data.Card, amountMinor: number): Txn {
  return {
    request_id: randomUUID(),
    transaction: { order_id: `bg-${randomUUID()}`, type: "debit" },
    debit: {
      amount: amountMinor / 100,
      currency: data.CURRENCY,
      terminal_number: data.TERMINAL.number,
      card: { card_id: card.id },
    },
    credit: { account: { number: data.SETTLEMENT_ACCOUNT } },
  };
}

/** Starts the client; the function returned stops it. */
export function startBackground(ledger: Ledger, faults: LimitFaults): () => void {
  let tick = 0;
  const timer = setInterval(() => {
    tick++;
    // Small amounts on the race cards (300.00 a day each): the races still find room.
    debit(txn(data.PAYMENT_CARD, between(100, 3_000)), ledger, faults, "background");
    for (const card of data.RACE_CARDS) debit(txn(card, between(10, 150)), ledger, faults, "background");
    debit(txn(data.STATEMENT_CARD, between(100, 3_000)), ledger, faults, "background");
    if (tick % LATE_EVERY === 0)
      ledger.late.push({
        cardId: data.STATEMENT_CARD.id,
        at: Date.parse("2025-03-10T00:00:00.000Z") + between(0, 10 * 86_400_000),
        amountMinor: between(100, 3_000),
        commissionMinor: 0,
        currency: data.CURRENCY,
        rrn: String(700_000_000_000 + ledger.late.length),
        terminal: data.TERMINAL,
      });
  }, BACKGROUND_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
