/**
 * ISO 8601 timestamps: one parser for the whole harness (schema formats, period checks, the
 * sandbox's reading of start_date/end_date). Date.parse alone is too lenient: it accepts
 * "2026-02-30" and local times without an offset, so the calendar is checked by hand.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validCalendar(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function offsetMinutes(zone: string): number | undefined {
  if (zone === "Z") return 0;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  if (hours > 23 || minutes > 59) return undefined;
  return (zone[0] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

/** Milliseconds since the epoch for an ISO 8601 date-time that carries an offset (or Z). */
export function parseIsoDateTime(text: string): number | undefined {
  const m = DATE_TIME.exec(text);
  if (!m || m[8] === undefined) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number) as number[];
  if (!validCalendar(y!, mo!, d!) || h! > 23 || mi! > 59 || s! > 59) return undefined;
  const offset = offsetMinutes(m[8]);
  if (offset === undefined) return undefined;
  const fraction = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) + Math.floor(fraction) - offset * 60_000;
}

/** True when the text is a calendar-valid ISO 8601 date-time with an offset or Z. */
export function isIsoDateTime(text: string): boolean {
  return parseIsoDateTime(text) !== undefined;
}

/** Start of a calendar date (YYYY-MM-DD) at a given UTC offset, in epoch milliseconds. */
export function parseIsoDate(text: string, offset = "Z"): number | undefined {
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

export const DAY_MS = 86_400_000;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The instant a period bound stands for, read generously: a date is the whole day (start at
 * 00:00, end at 23:59:59.999 at the given offset); a date-time without fraction covers its whole
 * second at the end; a date-time without offset is read at the given offset.
 */
export function periodBound(text: string, side: "start" | "end", offset: string): number | undefined {
  const day = parseIsoDate(text, offset);
  if (day !== undefined) return side === "start" ? day : day + DAY_MS - 1;
  const instant = parseIsoDateTime(LOCAL_DATE_TIME.test(text) ? `${text}${offset}` : text);
  if (instant === undefined) return undefined;
  return side === "end" && !/\.\d+/.test(text) ? instant + 999 : instant;
}
