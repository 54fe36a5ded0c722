/**
 * Recognising card numbers, once for the whole harness: the redactor masks what this finds, and
 * the guard refuses to send what this finds unless it is a listed test card.
 */
import { luhnValid } from "../test-data/luhn.ts";

/** Field names that hold a card number (card_pan, cardPan, card_number, primaryAccountNumber): there every number counts, Luhn-valid or not. */
export const PAN_KEY = /(^|_|card)pan$|card_?number|primary_?account_?number/i;

/**
 * Field names that hold a reference, an amount or a time (rrn, order_id, requestId, reference,
 * amount, datetime, ts, created_at): no card number stands there, so their whole-number values
 * are the target's references and must survive to be matched with its logs — a 12-digit `rrn`
 * (§2.2 "Retrieval reference number") passes Luhn one time in ten. A field that names a card
 * (card_pan, card_id: some issuers use the PAN as the card's id) is never a reference.
 */
const REFERENCE_KEY =
  /^(rrn|arn|stan|dt|ts)$|(^|_)(id|rrn|ref|reference|amount|commission|fee|datetime|timestamp|date|time|at)$/i;
const REFERENCE_CAMEL_KEY = /[a-z0-9](Id|ID|Rrn|Ref|Reference|Amount|Datetime|Timestamp|Date|Time|At)$/;
const CARD_KEY = /card|pan|account_?number/i;
/** A value that is wholly a number of a card number's length: a reference when its field names one. */
const WHOLE_NUMBER = /^\d{13,19}$/;

/** True when `value` is the whole value of a reference, amount or time field, not a card number. */
export function isReferenceValue(key: string, value: string): boolean {
  return WHOLE_NUMBER.test(value) && !CARD_KEY.test(key) && (REFERENCE_KEY.test(key) || REFERENCE_CAMEL_KEY.test(key));
}

/** A card number has 13–19 digits (ISO/IEC 7812 as cards are issued); 12 digits is an `rrn`. */
const PAN_DIGITS = { min: 13, max: 19 };
const UUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;
/** A run of 13–19 digits, or 4-digit groups joined by one space, dash or dot (4400 4300 0000 0015). */
const PAN_CANDIDATE =
  /(?<![0-9A-Za-z])(?:\d{13,19}|\d{4}(?<sep>[ .-])\d{4}\k<sep>\d{4}(?:\k<sep>\d{1,4}){0,2})(?![0-9A-Za-z])/g;

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

/**
 * Where a number stands: free text (a message, a URL, a curl line, a body that did not parse), or
 * the whole value of a reference field (isReferenceValue) — there only a number with a known
 * prefix counts: a mutation of the run's card put in the wrong field is still the run's card.
 */
export type NumberPlace = "text" | "reference";

function* candidates(
  text: string,
  offset: number,
  bins: KnownBins | undefined,
  place: NumberPlace,
): Generator<CardNumberMatch> {
  for (const m of text.matchAll(PAN_CANDIDATE)) {
    const digits = m[0].replace(/\D/g, "");
    if (digits.length < PAN_DIGITS.min || digits.length > PAN_DIGITS.max) continue;
    const known = bins?.has(digits.slice(0, 6)) ?? false;
    if (known || (place === "text" && luhnValid(digits))) yield { index: offset + m.index, text: m[0], digits };
  }
}

/** Luhn-valid card numbers (or numbers with a known prefix) in free text, plain or in groups; the digits of UUIDs never count. */
export function* cardNumbersIn(
  text: string,
  bins?: KnownBins,
  place: NumberPlace = "text",
): Generator<CardNumberMatch> {
  let last = 0;
  for (const m of text.matchAll(UUID)) {
    yield* candidates(text.slice(last, m.index), last, bins, place);
    last = m.index + m[0].length;
  }
  yield* candidates(text.slice(last), last, bins, place);
}

/** First six and last four digits, the rest as stars. */
export function maskPan(digits: string): string {
  const d = digits.replace(/\D/g, "");
  if (d.length < 10) return "*".repeat(d.length);
  return `${d.slice(0, 6)}${"*".repeat(d.length - 10)}${d.slice(-4)}`;
}

/** The text with every card number in it masked. */
export function maskCardNumbers(text: string, bins?: KnownBins, place: NumberPlace = "text"): string {
  let out = "";
  let last = 0;
  for (const m of cardNumbersIn(text, bins, place)) {
    out += text.slice(last, m.index) + maskPan(m.digits);
    last = m.index + m.text.length;
  }
  return out + text.slice(last);
}
