/** Days at an offset (lib/time/days.ts): where a daily limit's period turns, as the target's clock reads it. */
import { expect, test } from "vitest";
import { dayAt, wallClockAt } from "../../lib/time/days.ts";

const at = (iso: string) => Date.parse(iso);

test.for([
  ["18:59 and 19:01 UTC are two days at +05:00", "2026-11-25T18:59:00Z", "2026-11-25T19:01:00Z", "+05:00", false],
  ["the same two instants are one day in UTC", "2026-11-25T18:59:00Z", "2026-11-25T19:01:00Z", "Z", true],
  ["and one day at +00:00", "2026-11-25T18:59:00Z", "2026-11-25T19:01:00Z", "+00:00", true],
  ["23:30 and 00:30 UTC are one day at -03:30", "2026-11-25T23:30:00Z", "2026-11-26T00:30:00Z", "-03:30", true],
  ["an offset without a colon reads the same", "2026-11-25T18:59:00Z", "2026-11-25T19:01:00Z", "+0500", false],
] as const)("%s", ([, a, b, offset, same]) => {
  expect(dayAt(at(a), offset) === dayAt(at(b), offset)).toBe(same);
});

test("a day number counts whole days at the offset", () => {
  expect(dayAt(at("2026-11-25T19:00:00Z"), "+05:00") - dayAt(at("2026-11-25T18:59:59Z"), "+05:00")).toBe(1);
});

test("the wall clock at +06:00 of 18:00 UTC is the next midnight", () => {
  expect(new Date(wallClockAt(at("2026-11-25T18:00:00Z"), "+06:00")).toISOString()).toBe("2026-11-26T00:00:00.000Z");
});
