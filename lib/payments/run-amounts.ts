/**
 * Debit amounts unique to the run. A shared staging has other clients on the same cards, and a
 * second run may start beside this one with the same SEED: a statement record carries no
 * request_id (§2.2: type, amount, commission, currency, mcc, datetime, rrn, merchant), so the ledger
 * checks tell their own postings from others' by amount. The configuration draws a random nonce
 * (AMOUNT_NONCE, lib/config/ledger-settle.ts); an amount class (a seeded offset in a debit range) is
 * moved by it inside the range, so that the same offset gives another amount in another run, and
 * shrinking replays in this run stay exact.
 */

/** What an amount class needs of a range (lib/payments/debit-range.ts's DebitRange has it). */
export interface AmountSpan {
  minMinor: number;
  maxMinor: number;
  avoidMinor: readonly number[];
}

/**
 * The amount (minor units) of class `offsetMinor` in this run: the range's minimum plus the offset
 * moved by the run's nonce, modulo the width of the range, past any amount to avoid.
 */
export function runAmountMinor(range: AmountSpan, offsetMinor: number, nonce: number): number {
  const span = range.maxMinor - range.minMinor + 1;
  if (span <= 1) return range.minMinor;
  let minor = range.minMinor + ((offsetMinor + nonce) % span);
  for (let tries = 0; range.avoidMinor.includes(minor) && tries < span; tries++)
    minor = minor >= range.maxMinor ? range.minMinor : minor + 1;
  return minor;
}

/** A small shift (0 to `most` minor units) of this run, for amounts fixed by a limit (the race's). */
export function runShiftMinor(most: number, nonce: number): number {
  return most <= 0 ? 0 : nonce % (most + 1);
}
