/** Days at a UTC offset: when a daily limit's period turns (§2.4 "period": "day"), as the target's clock reads it. */
import { DAY_MS, offsetMinutes } from "./iso.ts";

/** The day number of an instant at an offset ("+05:00"): equal for two instants of the same local day. */
export function dayAt(epochMs: number, offset: string): number {
  return Math.floor((epochMs + (offsetMinutes(offset) ?? 0) * 60_000) / DAY_MS);
}

export function sameDay(a: number, b: number, offset: string): boolean {
  return dayAt(a, offset) === dayAt(b, offset);
}
