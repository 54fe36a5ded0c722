/**
 * Money in minor units (tiyn), never in floating point: an amount arrives as a JSON number and is
 * read from its shortest decimal text, so 10.005 or 0.30000000000000004 is not an amount of KZT.
 */

/** The minor units of a non-negative amount with at most two decimals, else undefined. */
export function toMinor(amount: unknown): number | undefined {
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 0) return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!match) return undefined;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** As a JSON number: the nearest double to the decimal, which prints as that decimal. */
export const asNumber = (minor: number): number => minor / 100;

/** As the limits list writes it: a decimal string with two digits after the point. */
export function asText(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}
