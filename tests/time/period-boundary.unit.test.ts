/** The target's period boundaries (lib/time/period-boundary.ts): midnight, month end, unknown periods as days. */
import { describe, expect, test } from "vitest";
import { boundaryBetween } from "../../lib/time/period-boundary.ts";

describe("the boundary between two instants, at the target's offset", () => {
  const at = (iso: string) => Date.parse(iso);
  test.for([
    ["same local day", "2026-11-25T17:00:00Z", "2026-11-25T17:59:59Z", "+06:00", ["day"], undefined],
    [
      "18:00 UTC is midnight at +06:00",
      "2026-11-25T17:59:59Z",
      "2026-11-25T18:00:01Z",
      "+06:00",
      ["day"],
      "the target's midnight (2026-11-25T18:00:00.000Z at TARGET_UTC_OFFSET +06:00) for day limits",
    ],
    [
      "a midnight is no boundary of a month limit",
      "2026-11-25T17:59:59Z",
      "2026-11-25T18:00:01Z",
      "+06:00",
      ["month"],
      undefined,
    ],
    [
      "a month's end at +06:00",
      "2026-11-30T17:59:00Z",
      "2026-11-30T18:01:00Z",
      "+06:00",
      ["month"],
      "the target's month end (2026-11-30T18:00:00.000Z at TARGET_UTC_OFFSET +06:00) for month limits",
    ],
    [
      "a period the harness does not know counts as a day",
      "2026-11-25T23:59:00Z",
      "2026-11-26T00:01:00Z",
      "Z",
      ["shift"],
      "the target's midnight (2026-11-26T00:00:00.000Z at TARGET_UTC_OFFSET Z) for shift limits",
    ],
  ] as const)("%s", ([, a, b, offset, periods, expected]) => {
    expect(boundaryBetween(at(a), at(b), offset, periods)).toBe(expected);
  });
});
