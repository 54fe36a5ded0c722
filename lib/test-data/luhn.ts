/** Luhn (mod 10) check of a digit string, as used by card numbers (ISO/IEC 7812). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit that completes a digit string. */
export function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(partial + d)) return String(d);
  throw new Error("unreachable");
}
