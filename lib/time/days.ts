/**
 * Days at a UTC offset: when a daily limit's period turns (§2.4 "period": "day"), as the target's
 * clock reads it (TARGET_UTC_OFFSET).
 */
import { DAY_MS, offsetMinutes } from "./iso.ts";

/** The wall-clock time at an offset, as epoch ms whose UTC fields read it: 18:00Z at +06:00 is 00:00. */
export function wallClockAt(epochMs: number, offset: string): number {
  return epochMs + (offsetMinutes(offset) ?? 0) * 60_000;
}

/** The day number of an instant at an offset ("+05:00"): equal for two instants of the same local day. */
export function dayAt(epochMs: number, offset: string): number {
  return Math.floor(wallClockAt(epochMs, offset) / DAY_MS);
}
