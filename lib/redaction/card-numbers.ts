/**
 * Recognising card numbers, once for the whole harness: the redactor masks what this finds, and
 * the guard refuses to send what this finds unless it is a listed test card.
 */
import { luhnValid } from "../test-data/luhn.ts";

/** Field names that hold a card number (card_pan, cardPan, card_number, primaryAccountNumber): there every number counts, Luhn-valid or not. */
export const PAN_KEY = /(^|_|card)pan$|card_?number|primary_?account_?number/i;

const UUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;
/** A run of 12–19 digits, or 4-digit groups joined by one space, dash or dot (4400 4300 0000 0015). */
const PAN_CANDIDATE =
  /(?<![0-9A-Za-z])(?:\d{12,19}|\d{4}(?<sep>[ .-])\d{4}\k<sep>\d{4}(?:\k<sep>\d{1,4}){0,2})(?![0-9A-Za-z])/g;

export interface CardNumberMatch {
  index: number;
  text: string;
  digits: string;
}

/**
 * Issuer prefixes (first six digits) of card numbers known to the run. A number with one of them
 * counts even when it fails Luhn: a "PAN that fails Luhn" mutation of the test card still shows
 * fifteen of its sixteen digits.
 */
export type KnownBins = ReadonlySet<string>;

function* candidates(text: string, offset: number, bins: KnownBins | undefined): Generator<CardNumberMatch> {
  for (const m of text.matchAll(PAN_CANDIDATE)) {
    const digits = m[0].replace(/\D/g, "");
    if (digits.length < 12 || digits.length > 19) continue;
    if (luhnValid(digits) || bins?.has(digits.slice(0, 6))) yield { index: offset + m.index, text: m[0], digits };
  }
}

/** Luhn-valid card numbers (or numbers with a known prefix) in free text, plain or in groups; the digits of UUIDs never count. */
export function* cardNumbersIn(text: string, bins?: KnownBins): Generator<CardNumberMatch> {
  let last = 0;
  for (const m of text.matchAll(UUID)) {
    yield* candidates(text.slice(last, m.index), last, bins);
    last = m.index + m[0].length;
  }
  yield* candidates(text.slice(last), last, bins);
}

/** First six and last four digits, the rest as stars. */
export function maskPan(digits: string): string {
  const d = digits.replace(/\D/g, "");
  if (d.length < 10) return "*".repeat(d.length);
  return `${d.slice(0, 6)}${"*".repeat(d.length - 10)}${d.slice(-4)}`;
}

/** The text with every card number in it masked. */
export function maskCardNumbers(text: string, bins?: KnownBins): string {
  let out = "";
  let last = 0;
  for (const m of cardNumbersIn(text, bins)) {
    out += text.slice(last, m.index) + maskPan(m.digits);
    last = m.index + m.text.length;
  }
  return out + text.slice(last);
}
