/**
 * Statement date forms (lib/time/date-form.ts): a declared dayjs pattern, or one of the three
 * names, is written and strictly read by dayjs; its precision says what a bound covers (a day
 * form its whole day at TARGET_UTC_OFFSET, a form with time that instant to its precision). Each
 * table row is one named test.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseDateForm, readDate, writeDate, writeImpossibleDate, type DateForm } from "../../lib/time/date-form.ts";
import { DAY_MS } from "../../lib/time/iso.ts";

function form(declared: string): DateForm {
  const parsed = parseDateForm(declared);
  if ("problem" in parsed) throw new Error(`${declared}: ${parsed.problem}`);
  return parsed;
}

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe("usable forms: the pattern, where its wall clock is, its precision", () => {
  test.for([
    ["datetime-offset", "YYYY-MM-DDTHH:mm:ssZ", "written", 1_000],
    ["datetime-utc", "YYYY-MM-DDTHH:mm:ss[Z]", "utc", 1_000],
    ["date", "YYYY-MM-DD", "target", DAY_MS],
    ["DD.MM.YYYY", "DD.MM.YYYY", "target", DAY_MS],
    ["YYYYMMDD", "YYYYMMDD", "target", DAY_MS],
    ["YYYY-MM-DD HH:mm:ss", "YYYY-MM-DD HH:mm:ss", "target", 1_000],
    ["YYYY-MM-DDTHH:mm:ssZ", "YYYY-MM-DDTHH:mm:ssZ", "written", 1_000],
    ["YYYY-MM-DDTHH:mm:ss.SSSZZ", "YYYY-MM-DDTHH:mm:ss.SSSZZ", "written", 1],
    ["DD/MM/YYYY HH:mm", "DD/MM/YYYY HH:mm", "target", 60_000],
    ["D MMM YYYY h:mm A", "D MMM YYYY h:mm A", "target", 60_000],
    ["MMMM D, YYYY", "MMMM D, YYYY", "target", DAY_MS],
    ["[from ]YYYY-MM-DD", "[from ]YYYY-MM-DD", "target", DAY_MS],
    ["  DD.MM.YYYY  ", "DD.MM.YYYY", "target", DAY_MS],
  ] as const)("%j", ([declared, pattern, zone, resolutionMs]) => {
    const f = form(declared);
    expect({ pattern: f.pattern, zone: f.zone, resolutionMs: f.resolutionMs }).toEqual({ pattern, zone, resolutionMs });
  });
});

describe("patterns that are no statement date form, with the reason", () => {
  test.for([
    ["no day", "YYYY-MM", /has no day token/],
    ["a time alone", "HH:mm", /has no year, month, day token/],
    ["a two-digit year", "DD.MM.YY", /"YY" cannot be used: a year is YYYY/],
    ["Unicode (date-fns) tokens", "dd.MM.yyyy", /"dd" cannot be used: days of the month are DD/],
    ["lowercase years", "DD.MM.yyyy", /"yyyy" cannot be used: years are YYYY/],
    ["an unknown token", "YYYY-MM-DD Q", /"Q" is not a date token/],
    ["an ordinal day", "Do MMMM YYYY", /"o" cannot be used: an ordinal day/],
    ["a timestamp", "X", /"X" cannot be used: a timestamp/],
    ["a fraction that is not milliseconds", "YYYY-MM-DD HH:mm:ss.SS", /"SS" cannot be used: fractions .* SSS/],
    ["a word", "unix", /"u" is not a date token/],
    ["a unit twice", "YYYY-MM-DD DD", /day written twice \(DD and DD\)/],
    ["minutes without hours", "YYYY-MM-DD mm", /mm without the hour/],
    ["seconds without minutes", "YYYY-MM-DD HH ss", /ss without the minute/],
    ["a 12-hour clock without AM/PM", "YYYY-MM-DD hh:mm", /12-hour clock needs both/],
    ["an offset without a time", "YYYY-MM-DDZ", /an offset \(Z\) needs a time of day/],
    ["an offset and a literal Z", "YYYY-MM-DDTHH:mm:ssZ[Z]", /both an offset token \(Z\) and a literal \[Z\]/],
    ["an unclosed bracket", "YYYY-MM-DD [T", /unclosed \[/],
    ["tokens that run together and cannot be read back", "DMYYYY", /does not read back what it writes/],
    ["nothing", "   ", /is empty/],
    ["a name of Object.prototype", "toString", /"t" is not a date token/],
  ] as const)("%s: %s", ([, declared, problem]) => {
    const parsed = parseDateForm(declared);
    expect("problem" in parsed && parsed.problem).toMatch(problem);
  });
});

describe("writing: an instant in the form, at TARGET_UTC_OFFSET unless the form says UTC", () => {
  const at = Date.UTC(2025, 5, 1, 19, 30, 5, 250); // 2025-06-01T19:30:05.250Z
  test.for([
    ["datetime-offset", "+05:00", "2025-06-02T00:30:05+05:00"],
    ["datetime-offset", "+00:00", "2025-06-01T19:30:05+00:00"],
    ["datetime-offset", "Z", "2025-06-01T19:30:05+00:00"],
    ["datetime-offset", "-03:30", "2025-06-01T16:00:05-03:30"],
    ["datetime-utc", "+05:00", "2025-06-01T19:30:05Z"],
    ["date", "+05:00", "2025-06-02"],
    ["date", "+00:00", "2025-06-01"],
    ["DD.MM.YYYY", "+05:00", "02.06.2025"],
    ["DD.MM.YYYY", "Z", "01.06.2025"],
    ["YYYYMMDD", "+06:00", "20250602"],
    ["YYYY-MM-DD HH:mm:ss", "+05:00", "2025-06-02 00:30:05"],
    ["YYYY-MM-DDTHH:mm:ss.SSSZZ", "+05:30", "2025-06-02T01:00:05.250+0530"],
    ["D MMM YYYY h:mm A", "+05:00", "2 Jun 2025 12:30 AM"],
  ] as const)("%s at %s: %s", ([declared, offset, text]) => {
    expect(writeDate(at, form(declared), offset)).toBe(text);
  });
});

describe("reading: the instants a bound covers, strictly in the form", () => {
  test.for([
    ["DD.MM.YYYY", "01.06.2025", "+05:00", ["2025-05-31T19:00:00.000Z", "2025-06-01T18:59:59.999Z"]],
    ["DD.MM.YYYY", "01.06.2025", "+00:00", ["2025-06-01T00:00:00.000Z", "2025-06-01T23:59:59.999Z"]],
    ["DD.MM.YYYY", "29.02.2024", "Z", ["2024-02-29T00:00:00.000Z", "2024-02-29T23:59:59.999Z"]],
    ["DD.MM.YYYY", "29.02.2025", "Z", undefined],
    ["DD.MM.YYYY", "32.13.2025", "Z", undefined],
    ["DD.MM.YYYY", "1.6.2025", "Z", undefined],
    ["DD.MM.YYYY", "2025-06-01", "Z", undefined],
    ["DD.MM.YYYY", " 01.06.2025", "Z", undefined],
    ["date", "2025-06-30", "+05:00", ["2025-06-29T19:00:00.000Z", "2025-06-30T18:59:59.999Z"]],
    ["date", "2025-06-30T00:00:00+05:00", "+05:00", undefined],
    [
      "datetime-offset",
      "2025-06-30T23:59:59+05:00",
      "+05:00",
      ["2025-06-30T18:59:59.000Z", "2025-06-30T18:59:59.999Z"],
    ],
    [
      "datetime-offset",
      "2025-06-30T23:59:59-03:30",
      "+05:00",
      ["2025-07-01T03:29:59.000Z", "2025-07-01T03:29:59.999Z"],
    ],
    ["datetime-offset", "2025-06-30T23:59:59Z", "+05:00", undefined],
    ["datetime-offset", "2025-06-30T23:59:59", "+05:00", undefined],
    ["datetime-utc", "2025-06-30T23:59:59Z", "+05:00", ["2025-06-30T23:59:59.000Z", "2025-06-30T23:59:59.999Z"]],
    ["datetime-utc", "2025-06-30T23:59:59+00:00", "+05:00", undefined],
    ["YYYY-MM-DD HH:mm:ss", "2025-06-01 10:00:00", "+05:00", ["2025-06-01T05:00:00.000Z", "2025-06-01T05:00:00.999Z"]],
    ["YYYY-MM-DD HH:mm", "2025-06-01 10:00", "+05:00", ["2025-06-01T05:00:00.000Z", "2025-06-01T05:00:59.999Z"]],
    [
      "YYYY-MM-DDTHH:mm:ss.SSSZZ",
      "2025-06-01T10:00:00.120+0500",
      "Z",
      ["2025-06-01T05:00:00.120Z", "2025-06-01T05:00:00.120Z"],
    ],
    ["YYYY-MM-DD HH:mm:ss", "2025-06-01 24:00:00", "Z", undefined],
  ] as const)("%s reads %j at %s", ([declared, text, offset, covered]) => {
    const read = readDate(text, form(declared), offset);
    expect(read && [iso(read.start), iso(read.end)]).toEqual(covered);
  });
});

describe("an impossible date written in the form (a date the form refuses)", () => {
  test.for([
    ["DD.MM.YYYY", "32.13.2025"],
    ["date", "2025-13-32"],
    ["datetime-offset", "2025-13-32T17:00:00+05:00"],
    ["D MMM YYYY h:mm A", "32 Jun 2025 5:00 PM"],
  ] as const)("%s: %s", ([declared, text]) => {
    const f = form(declared);
    expect(writeImpossibleDate(Date.UTC(2025, 5, 15, 12), f, "+05:00")).toBe(text);
    expect(readDate(text, f, "+05:00")).toBeUndefined();
  });
});

describe("every usable form reads back what it writes: the bound covers the instant", () => {
  const forms = [
    "datetime-offset",
    "datetime-utc",
    "date",
    "DD.MM.YYYY",
    "YYYYMMDD",
    "YYYY-MM-DD HH:mm",
    "D MMM YYYY h:mm:ss A",
  ];
  test.for(forms)("%s", (declared) => {
    const f = form(declared);
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2999, 11, 31) }),
        fc.constantFrom("+05:00", "+00:00", "Z", "-03:30", "+14:00"),
        (at, offset) => {
          const read = readDate(writeDate(at, f, offset), f, offset);
          return (
            read !== undefined && read.start <= at && at <= read.end && read.end - read.start + 1 === f.resolutionMs
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
