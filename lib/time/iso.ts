/**
 * ISO 8601 timestamps: one parser for the whole harness (schema formats, `dt` and operation
 * datetimes, configured instants, the sandbox's reading of start_date/end_date when no form is
 * declared; a declared statement date form is date-form.ts's). Date.parse alone is too lenient:
 * it accepts "2026-02-30" and local times without an offset, so the calendar is checked by hand.
 */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validCalendar(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

const OFFSET = /^([+-])(\d{2})(?::?(\d{2}))?$/;

/**
 * The one reader of a UTC offset: "Z", "+05:00", "-0330" or "+05" (ISO 8601's forms) → minutes
 * east of UTC; undefined for anything else (an hour over 23, a minute over 59, a zone name).
 */
export function offsetMinutes(zone: string): number | undefined {
  if (zone === "Z") return 0;
  const m = OFFSET.exec(zone);
  if (!m) return undefined;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? "0");
  if (hours > 23 || minutes > 59) return undefined;
  const total = hours * 60 + minutes;
  return m[1] === "-" && total ? -total : total;
}

/** Minutes east of UTC written as an offset: 300 → "+05:00" ("+0500" without the colon); 0 → "+00:00". */
export function offsetText(minutes: number, colon = true): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${minutes < 0 ? "-" : "+"}${hh}${colon ? ":" : ""}${mm}`;
}

/** The two-digit number at i, or -1. Module-level on purpose: no closure per call on the hot path. */
function twoDigits(t: string, i: number): number {
  const a = t.charCodeAt(i) - 48;
  const b = t.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

function daysIn(month: number, year: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Index after the optional ":ss" and ".fraction" at i, or -1 when they are malformed. */
function afterSeconds(t: string, i: number): number {
  if (t[i] !== ":") return i;
  const second = twoDigits(t, i + 1);
  if (second < 0 || second > 59) return -1;
  let j = i + 3;
  if (t[j] !== ".") return j;
  const start = ++j;
  while (j < t.length && t.charCodeAt(j) >= 48 && t.charCodeAt(j) <= 57) j++;
  return j === start ? -1 : j;
}

/**
 * True when the text is a calendar-valid ISO 8601 date-time with an offset or Z — the same
 * answer as parseIsoDateTime, without a regex or an allocation: it runs for every timestamp of
 * every validated answer (a statement of 50 operations holds 50), so it is on the hot path.
 */
export function isIsoDateTime(t: string): boolean {
  const n = t.length;
  if (n < 17 || t[4] !== "-" || t[7] !== "-" || t[10] !== "T" || t[13] !== ":") return false;
  const century = twoDigits(t, 0);
  const yy = twoDigits(t, 2);
  const month = twoDigits(t, 5);
  const day = twoDigits(t, 8);
  const hour = twoDigits(t, 11);
  const minute = twoDigits(t, 14);
  if (century < 0 || yy < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59)
    return false;
  if (day > daysIn(month, century * 100 + yy)) return false;
  const i = afterSeconds(t, 16);
  if (i < 0) return false;
  if (t[i] === "Z") return i + 1 === n;
  if (t[i] !== "+" && t[i] !== "-") return false;
  const oh = twoDigits(t, i + 1);
  if (oh < 0 || oh > 23) return false;
  if (i + 3 === n) return true; // ±hh: ISO 8601 allows an offset of whole hours
  const colon = t[i + 3] === ":" ? 1 : 0;
  const om = twoDigits(t, i + 3 + colon);
  return om >= 0 && om <= 59 && i + 5 + colon === n;
}

/** Milliseconds since the epoch for an ISO 8601 date-time that carries an offset (or Z). */
export function parseIsoDateTime(t: string): number | undefined {
  if (!isIsoDateTime(t)) return undefined;
  const year = twoDigits(t, 0) * 100 + twoDigits(t, 2);
  const seconds = t[16] === ":" ? twoDigits(t, 17) : 0;
  let i = t[16] === ":" ? 19 : 16;
  let millis = 0;
  if (t[i] === ".") {
    const start = ++i;
    while (t.charCodeAt(i) >= 48 && t.charCodeAt(i) <= 57) i++;
    millis = Math.floor(Number(`0.${t.slice(start, i)}`) * 1000);
  }
  const offsetMinutesPart = i + 3 === t.length ? 0 : twoDigits(t, i + (t[i + 3] === ":" ? 4 : 3));
  const offset = t[i] === "Z" ? 0 : (t[i] === "-" ? -1 : 1) * (twoDigits(t, i + 1) * 60 + offsetMinutesPart);
  const utc = Date.UTC(year, twoDigits(t, 5) - 1, twoDigits(t, 8), twoDigits(t, 11), twoDigits(t, 14), seconds, millis);
  // Date.UTC maps years 0–99 to 1900–1999; ISO 8601 means them literally.
  const fixed = year < 100 ? new Date(utc).setUTCFullYear(year) : utc;
  return fixed - offset * 60_000;
}

/** Start of a calendar date (YYYY-MM-DD) at a given UTC offset, in epoch milliseconds. */
function parseIsoDate(text: string, offset = "Z"): number | undefined {
  const m = DATE_ONLY.exec(text);
  if (!m) return undefined;
  return parseIsoDateTime(`${m[1]}-${m[2]}-${m[3]}T00:00:00${offset}`);
}

/** Formats an instant as an ISO 8601 date-time in the given numeric offset, with milliseconds. */
export function formatWithOffset(epochMs: number, offset = "+05:00"): string {
  const shift = offsetMinutes(offset) ?? 0;
  const local = new Date(epochMs + shift * 60_000).toISOString().slice(0, -1);
  return offset === "Z" ? `${local}Z` : `${local}${offset}`;
}

/** One day in milliseconds: the one constant (lib/time/days.ts reads days at an offset with it). */
export const DAY_MS = 86_400_000;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The reference sandbox's reading of a statement bound when it is given no declared form (the
 * harness reads what it sent in the declared form, date-form.ts), read generously: a date is the
 * whole day (start at 00:00, end at 23:59:59.999 at the given offset); a date-time without
 * fraction covers its whole second at the end; a date-time without offset is read at the offset.
 */
export function periodBound(text: string, side: "start" | "end", offset: string): number | undefined {
  const day = parseIsoDate(text, offset);
  if (day !== undefined) return side === "start" ? day : day + DAY_MS - 1;
  const instant = parseIsoDateTime(LOCAL_DATE_TIME.test(text) ? `${text}${offset}` : text);
  if (instant === undefined) return undefined;
  return side === "end" && !/\.\d+/.test(text) ? instant + 999 : instant;
}
