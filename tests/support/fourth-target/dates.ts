/**
 * This platform's clock: statement bounds are whole days written DD.MM.YYYY, at UTC, both
 * inclusive; every timestamp it writes is UTC with the offset `+00:00` (operation datetimes end
 * in Z, as §2.2 shows them).
 */

export const DAY_MS = 86_400_000;

/** 00:00:00.000 UTC of a day written DD.MM.YYYY (a real calendar day), else undefined. */
export function parseDay(text: unknown): number | undefined {
  if (typeof text !== "string") return undefined;
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: years 0–99 would otherwise be read as 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.getTime() : undefined;
}

/** A card API `dt`: the instant in UTC, with milliseconds, written with `+00:00`. */
export function offsetTimestamp(ms = Date.now()): string {
  return new Date(ms).toISOString().replace(/Z$/, "+00:00");
}

/** Where a period of this name began, at UTC, for the instant `ms` (PER_TXN has none). */
export function periodStart(period: "DAILY" | "MONTHLY", ms: number): number {
  const d = new Date(ms);
  return period === "DAILY"
    ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
    : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}
