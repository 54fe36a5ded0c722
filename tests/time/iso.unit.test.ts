import fc from "fast-check";
import { expect, test } from "vitest";
import {
  formatWithOffset,
  isIsoDateTime,
  offsetMinutes,
  offsetText,
  parseIsoDateTime,
  periodBound,
} from "../../lib/time/iso.ts";

const PARSE: Array<[string, number | undefined]> = [
  ["2025-06-01T00:00:00+05:00", Date.UTC(2025, 4, 31, 19)],
  ["2025-06-01T00:00:00.5Z", Date.UTC(2025, 5, 1, 0, 0, 0, 500)],
  ["2025-06-01T00:00+0500", Date.UTC(2025, 4, 31, 19)],
  ["2025-06-01T00:00:00+05", Date.UTC(2025, 4, 31, 19)],
  ["2025-06-01T00:00:00-03", Date.UTC(2025, 5, 1, 3)],
  ["2025-06-01T00:00:00+5", undefined],
  ["2025-06-01T00:00:00", undefined],
  ["2025-02-29T00:00:00Z", undefined],
  ["2024-02-29T00:00:00Z", Date.UTC(2024, 1, 29)],
  ["2025-06-01", undefined],
];

test.for(PARSE)("parseIsoDateTime(%s)", ([text, expected]) => {
  expect(parseIsoDateTime(text)).toBe(expected);
});

test("period bounds: a date is its whole day, a date-time end covers its second, local time uses the offset", () => {
  expect(periodBound("2025-06-30", "end", "+05:00")).toBe(Date.UTC(2025, 5, 30, 19) - 1);
  expect(periodBound("2025-06-01", "start", "+05:00")).toBe(Date.UTC(2025, 4, 31, 19));
  expect(periodBound("2025-06-30T23:59:59+05:00", "end", "+05:00")).toBe(Date.UTC(2025, 5, 30, 18, 59, 59, 999));
  expect(periodBound("2025-06-01T10:00:00", "start", "+05:00")).toBe(Date.UTC(2025, 5, 1, 5));
  expect(periodBound("June", "start", "+05:00")).toBeUndefined();
});

/** The one offset reader: ISO 8601's forms, nothing else (TARGET_UTC_OFFSET is read with it). */
const OFFSETS: Array<[string, number | undefined]> = [
  ["Z", 0],
  ["+00:00", 0],
  ["-00:00", 0],
  ["+05:00", 300],
  ["-03:30", -210],
  ["+0545", 345],
  ["+06", 360],
  ["+14:00", 840],
  ["+24:00", undefined],
  ["+05:60", undefined],
  ["05:00", undefined],
  ["+5:00", undefined],
  ["UTC", undefined],
  ["Asia/Almaty", undefined],
  ["", undefined],
];

test.for(OFFSETS)("offsetMinutes(%j)", ([text, minutes]) => {
  expect(offsetMinutes(text)).toBe(minutes);
});

test.for([
  [300, true, "+05:00"],
  [-210, true, "-03:30"],
  [0, true, "+00:00"],
  [345, false, "+0545"],
] as const)("offsetText(%d, colon %s) is %s", ([minutes, colon, text]) => {
  expect(offsetText(minutes, colon)).toBe(text);
});

test("formatWithOffset writes local time with the offset", () => {
  expect(formatWithOffset(Date.UTC(2026, 10, 22, 8, 30), "+05:00")).toBe("2026-11-22T13:30:00.000+05:00");
  expect(formatWithOffset(Date.UTC(2026, 10, 22, 8, 30), "Z")).toBe("2026-11-22T08:30:00.000Z");
});

/** The reference: a regex and Date.UTC, slow but obviously right (the scanner must agree with it). */
function referenceParse(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const days =
    new Date(Date.UTC(2000, mo, 0)).getUTCDate() -
    (mo === 2 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) ? 1 : 0);
  if (mo < 1 || mo > 12 || d < 1 || d > days || h > 23 || mi > 59 || s > 59) return undefined;
  const zone = m[8]!;
  const [oh, om] = zone === "Z" ? [0, 0] : [Number(zone.slice(1, 3)), zone.length > 3 ? Number(zone.slice(-2)) : 0];
  if (oh > 23 || om > 59) return undefined;
  const at = new Date(Date.UTC(2000, mo - 1, d, h, mi, s, m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0));
  at.setUTCFullYear(y);
  return at.getTime() - (zone[0] === "-" ? -1 : 1) * (oh * 60 + om) * 60_000;
}

const stamps = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.option(fc.integer({ min: 0, max: 61 })),
    fc.option(fc.stringMatching(/^[0-9]{0,7}$/)),
    fc.constantFrom("Z", "+05:00", "-0330", "+05", "-11", "+24", "+24:00", "+05:60", "", "z", "+5:00", "+5"),
  )
  .map(([y, mo, d, h, mi, s, frac, zone]) => {
    const p = (n: number, w = 2) => String(n).padStart(w, "0");
    return `${p(y, 4)}-${p(mo)}-${p(d)}T${p(h)}:${p(mi)}${s === null ? "" : `:${p(s)}${frac === null ? "" : `.${frac}`}`}${zone}`;
  });
const mangled = fc
  .tuple(stamps, fc.nat(30), fc.constantFrom("", "x", "1", ":", "-", " "))
  .map(([t, i, c]) => t.slice(0, i) + c + t.slice(i + 1));

test("the regex-free scanner and parser agree with the reference on generated and mangled timestamps", () => {
  fc.assert(
    fc.property(fc.oneof(stamps, mangled, fc.string()), (t) => {
      expect(parseIsoDateTime(t)).toBe(referenceParse(t));
      expect(isIsoDateTime(t)).toBe(referenceParse(t) !== undefined);
    }),
    { numRuns: 20_000, seed: 7 },
  );
});

test("the parser agrees with Date.parse on RFC 3339 timestamps", () => {
  const rfc3339 = fc
    .date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })
    .chain((d) => fc.constantFrom("Z", "+05:00", "-03:30").map((z) => d.toISOString().replace("Z", z)));
  fc.assert(
    fc.property(rfc3339, (t) => parseIsoDateTime(t) === Date.parse(t)),
    { numRuns: 5_000, seed: 9 },
  );
});
