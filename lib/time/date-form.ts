/**
 * Statement date forms (§2.2: the form of start_date and end_date is not shown, so the target
 * declares it, STATEMENT_DATE_FORMAT): a pattern in dayjs's Moment-style tokens (DD.MM.YYYY,
 * YYYYMMDD, YYYY-MM-DD HH:mm:ss, YYYY-MM-DDTHH:mm:ssZ, literal text in [brackets]), or one of three
 * names for common patterns. dayjs writes and strictly reads it; this file only says where the
 * wall clock is and what a bound covers. The pattern's precision says what a bound means:
 * - a day form (no time): the whole day at TARGET_UTC_OFFSET, from 00:00 to 23:59:59.999;
 * - a form with time: that instant, to the form's precision (an end written to the second covers
 *   that second), at the offset it writes (Z, ZZ), in UTC for a literal [Z], else at TARGET_UTC_OFFSET.
 */
import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat.js";
import utc from "dayjs/plugin/utc.js";
import { offsetMinutes, offsetText } from "./iso.ts";
import { readPattern, tokenOf, type PatternPiece, type PatternReading } from "./date-pattern.ts";

dayjs.extend(customParseFormat);
dayjs.extend(utc);

/** The names STATEMENT_DATE_FORMAT has always taken, as the patterns they are. */
export const DATE_FORM_NAMES: Readonly<Record<string, string>> = {
  "datetime-offset": "YYYY-MM-DDTHH:mm:ssZ",
  "datetime-utc": "YYYY-MM-DDTHH:mm:ss[Z]",
  "date": "YYYY-MM-DD",
};

export interface DateForm extends PatternReading {
  /** As declared: a name or the pattern itself. */
  declared: string;
  /** The dayjs pattern. */
  pattern: string;
}

/** The instants a written bound covers: a day form its whole day, a form to the second that second. */
export interface Covered {
  start: number;
  end: number;
}

/** "DD.MM.YYYY", or "date (YYYY-MM-DD)" for a name. */
export function describeDateForm(form: DateForm): string {
  return form.declared === form.pattern ? form.pattern : `${form.declared} (${form.pattern})`;
}

/**
 * The pattern dayjs runs, with an offset token written as its literal text: dayjs's strict reading
 * compares the text with a re-writing in the process's own zone, so Z and ZZ are given as what
 * they say at this offset ("+05:00", "+0500"), and a wall clock in UTC needs no zone of its own.
 */
function dayjsPattern(
  pieces: readonly PatternPiece[],
  minutes: number,
  replace?: (p: PatternPiece) => string | undefined,
): string {
  return pieces
    .map((p) => {
      const replaced = replace?.(p);
      if (replaced !== undefined) return replaced;
      if (p.token && p.text === "Z") return `[${offsetText(minutes)}]`;
      if (p.token && p.text === "ZZ") return `[${offsetText(minutes, false)}]`;
      return p.text;
    })
    .join("");
}

function minutesOf(form: DateForm, offset: string): number {
  return form.zone === "utc" ? 0 : (offsetMinutes(offset) ?? 0);
}

/** An instant in the form, at TARGET_UTC_OFFSET (`offset`) unless the form says UTC. */
export function writeDate(epochMs: number, form: DateForm, offset: string): string {
  const minutes = minutesOf(form, offset);
  return dayjs.utc(epochMs + minutes * 60_000).format(dayjsPattern(form.pieces, minutes));
}

/** The wall clock a text reads as in the form at these minutes east of UTC (strictly), as UTC ms. */
function wallClock(text: string, form: DateForm, minutes: number): number | undefined {
  const read = dayjs.utc(text, dayjsPattern(form.pieces, minutes), true);
  return read.isValid() ? read.valueOf() : undefined;
}

/** The offsets a text may carry: each "+05:00" or "+0500" in it, tried in turn against the form. */
function writtenOffsets(text: string): number[] {
  return [...text.matchAll(/[+-]\d{2}:?\d{2}/g)].flatMap(([o]) => offsetMinutes(o) ?? []);
}

/** The instants a text in the form covers; undefined when the form refuses it (strictly, calendar too). */
export function readDate(text: string, form: DateForm, offset: string): Covered | undefined {
  const candidates = form.zone === "written" ? writtenOffsets(text) : [minutesOf(form, offset)];
  for (const minutes of candidates) {
    const wall = wallClock(text, form, minutes);
    if (wall === undefined) continue;
    const start = wall - minutes * 60_000;
    return { start, end: start + form.resolutionMs - 1 };
  }
  return undefined;
}

/** The instant's date in the form with day 32 (and month 13 where the month is a number): a date the form refuses. */
export function writeImpossibleDate(epochMs: number, form: DateForm, offset: string): string {
  const minutes = minutesOf(form, offset);
  const impossible = (p: PatternPiece) =>
    tokenOf(p, "day") ? "[32]" : tokenOf(p, "month") && p.text.length <= 2 ? "[13]" : undefined;
  return dayjs.utc(epochMs + minutes * 60_000).format(dayjsPattern(form.pieces, minutes, impossible));
}

/** Instants the form must write and read back: a leap day, a year end, a new year, single digits. */
const SAMPLES = [
  Date.UTC(2024, 1, 29, 13, 45, 56, 789),
  Date.UTC(1999, 11, 31, 23, 59, 59, 999),
  Date.UTC(2025, 0, 1),
  Date.UTC(2026, 9, 5, 3, 4, 5, 6),
];

/** A pattern that writes what it cannot read back (tokens run together, "DMYYYY") is no form. */
function roundTripProblem(form: DateForm): string | undefined {
  for (const at of SAMPLES)
    for (const offset of ["+05:00", "-03:30"]) {
      const text = writeDate(at, form, offset);
      const read = readDate(text, form, offset);
      if (!read || at < read.start || at > read.end)
        return `does not read back what it writes (${new Date(at).toISOString()} is written "${text}")`;
    }
  return undefined;
}

/** A declared form: one of the names, or a pattern; why it cannot be one otherwise. */
export function parseDateForm(declared: string): DateForm | { problem: string } {
  const text = declared.trim();
  const pattern = Object.hasOwn(DATE_FORM_NAMES, text) ? DATE_FORM_NAMES[text]! : text;
  if (!pattern) return { problem: "is empty" };
  const reading = readPattern(pattern);
  if ("problem" in reading) return reading;
  const form: DateForm = { declared: text, pattern, ...reading };
  const problem = roundTripProblem(form);
  return problem ? { problem } : form;
}

/** Forms servers commonly read: what the preflight tries, one request each, when the declared one is refused. */
export const COMMON_DATE_FORMS: readonly DateForm[] = [
  "datetime-offset",
  "datetime-utc",
  "date",
  "DD.MM.YYYY",
  "YYYYMMDD",
  "DD/MM/YYYY",
  "MM/DD/YYYY",
  "YYYY-MM-DD HH:mm:ss",
  "YYYY-MM-DDTHH:mm:ss.SSS[Z]",
].map((text) => parseDateForm(text) as DateForm);
