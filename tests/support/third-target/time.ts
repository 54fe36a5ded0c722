/**
 * The target's clock and calendar. Its business day runs at UTC−04:00 (data.ts); it writes `dt`
 * with that offset, operation datetimes in UTC with milliseconds (§2.2), and reads statement
 * periods as UTC date-times to the second (its declared format, request-rules.ts).
 */
import { OFFSET_MINUTES, UTC_OFFSET } from "./data.ts";

const OFFSET_MS = OFFSET_MINUTES * 60_000;

/** 2026-11-25T14:03:07.120-04:00: the instant at the target's offset (§2.3 dt: numeric offset). */
export function localTimestamp(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().replace("Z", UTC_OFFSET);
}

/** 2026-11-25T18:03:07.120Z (§2.1 response_time, §2.2 operation datetime). */
export function utcMillis(ms: number): string {
  return new Date(ms).toISOString();
}

/** Start of the local day or month holding `ms`, as an instant. */
export function periodStart(ms: number, period: "day" | "month"): number {
  const local = new Date(ms + OFFSET_MS);
  const day = period === "day" ? local.getUTCDate() : 1;
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), day) - OFFSET_MS;
}

/** The instant of a declared period bound (`2025-09-01T04:00:00Z`), or undefined when it is no date. */
export function parseUtcSecond(text: string): number | undefined {
  const ms = Date.parse(text);
  // Date.parse rolls 2025-02-30 over to March: a bound that does not print back is not a date.
  if (Number.isNaN(ms) || new Date(ms).toISOString().replace(".000Z", "Z") !== text) return undefined;
  return ms;
}
