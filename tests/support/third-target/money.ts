/**
 * Money in minor units (tiyn): every sum, cap and usage is an integer, so no float ever leaks
 * into an answer. KZT has two decimals (ISO 4217); an amount with more is not money.
 */

/** Minor units of a JSON number, or undefined when it has more than two decimals or is not finite. */
export function toMinor(amount: number): number | undefined {
  if (!Number.isFinite(amount)) return undefined;
  const minor = Math.round(amount * 100);
  // Round-trip: 10.005 comes back as 10.01 or 10.00, never as itself.
  if (minor / 100 !== amount || !Number.isSafeInteger(minor)) return undefined;
  return minor;
}

/** "1234.50": the decimal string of the limits list (§2.4 shows value/current/remaining as strings). */
export function minorText(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A JSON number for a statement amount: an integer over 100 prints as its shortest decimal. */
export function minorNumber(minor: number): number {
  return minor / 100;
}
