/**
 * The target's period boundaries: a limit's usage resets when its period ends —
 * at the target's local midnight for `day` (TARGET_UTC_OFFSET: 18:00 UTC for +06:00), at the end
 * of its month for `month`. Two readings on either side of such a boundary cannot be compared, so
 * the checks that compare them ask here first. A period the harness does not know (the spec shows
 * only `day`, §2.4) is taken as the shortest it knows, a day: a reading pair is then set aside
 * more often than needed, never judged across a reset.
 */
import { DAY_MS } from "./iso.ts";
import { dayAt, wallClockAt } from "./days.ts";

type Unit = "day" | "week" | "month" | "year";

function unitOf(period: string): Unit {
  const p = period.toLowerCase();
  if (/month/.test(p)) return "month";
  if (/year|annual/.test(p)) return "year";
  if (/week/.test(p)) return "week";
  return "day";
}

/** Which period of its kind an instant falls in, at the offset (a number that changes at each boundary). */
function periodIndex(epochMs: number, offset: string, unit: Unit): number {
  const day = dayAt(epochMs, offset);
  const date = new Date(wallClockAt(epochMs, offset));
  if (unit === "day") return day;
  // 1970-01-01 was a Thursday: +3 makes weeks start on Monday (ISO 8601).
  if (unit === "week") return Math.floor((day + 3) / 7);
  if (unit === "month") return date.getUTCFullYear() * 12 + date.getUTCMonth();
  return date.getUTCFullYear();
}

/** The first instant of the period after the one holding `epochMs` (UTC ms). */
function nextBoundary(epochMs: number, offset: string, unit: Unit): number {
  let lo = epochMs;
  let hi = epochMs + 367 * DAY_MS;
  const start = periodIndex(epochMs, offset, unit);
  // Bisection to the millisecond: at most 35 steps.
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (periodIndex(mid, offset, unit) === start) lo = mid;
    else hi = mid;
  }
  return hi;
}

const NAMES: Record<Unit, string> = {
  day: "the target's midnight",
  week: "the target's week end",
  month: "the target's month end",
  year: "the target's year end",
};

/**
 * The boundary of one of these periods that lies between two readings, in words for a "not
 * judged" message ("the target's midnight (2026-11-25T18:00:00.000Z at TARGET_UTC_OFFSET +06:00)
 * for day limits"); undefined when both readings fall in the same period of every kind.
 */
export function boundaryBetween(a: number, b: number, offset: string, periods: Iterable<string>): string | undefined {
  const [from, to] = a <= b ? [a, b] : [b, a];
  const kinds = new Map<Unit, string[]>();
  for (const p of periods) kinds.set(unitOf(p), [...(kinds.get(unitOf(p)) ?? []), p]);
  if (kinds.size === 0) kinds.set("day", ["day"]);
  for (const unit of ["day", "week", "month", "year"] as Unit[]) {
    const named = kinds.get(unit);
    if (!named || periodIndex(from, offset, unit) === periodIndex(to, offset, unit)) continue;
    const at = new Date(nextBoundary(from, offset, unit)).toISOString();
    return `${NAMES[unit]} (${at} at TARGET_UTC_OFFSET ${offset}) for ${[...new Set(named)].join(", ")} limits`;
  }
  return undefined;
}
