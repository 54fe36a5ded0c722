import { expect, test } from "vitest";
import { formatWithOffset, parseIsoDateTime, periodBound } from "../../lib/time/iso.ts";

const PARSE: Array<[string, number | undefined]> = [
  ["2025-06-01T00:00:00+05:00", Date.UTC(2025, 4, 31, 19)],
  ["2025-06-01T00:00:00.5Z", Date.UTC(2025, 5, 1, 0, 0, 0, 500)],
  ["2025-06-01T00:00+0500", Date.UTC(2025, 4, 31, 19)],
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

test("formatWithOffset writes local time with the offset", () => {
  expect(formatWithOffset(Date.UTC(2026, 10, 22, 8, 30), "+05:00")).toBe("2026-11-22T13:30:00.000+05:00");
  expect(formatWithOffset(Date.UTC(2026, 10, 22, 8, 30), "Z")).toBe("2026-11-22T08:30:00.000Z");
});
