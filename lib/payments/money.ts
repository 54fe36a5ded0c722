/**
 * Exact money (§2.2, §2.4), the one place amounts are read and written: amounts are read as
 * decimals (`parseDecimal`, and `unitsOf` and its named scales below), never through float
 * arithmetic, written by one formatter (`formatUnits`), and judged against the currency's minor
 * unit from the ISO 4217 table (the `currency-codes` package, maintained from the ISO list: KZT
 * has two digits, JPY none, BHD three). A JSON number is read through its shortest round-trip text
 * (String(x)), which is exactly the decimal the double stands for: 0.30000000000000004 stays that,
 * and 1.5e1 is 15.
 */
import currencyCodes from "currency-codes";

/** A decimal as an integer of units of 10^-scale: 12.5 → { units: 125n, scale: 1 }. */
export interface Decimal {
  negative: boolean;
  units: bigint;
  scale: number;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$|^([+-]?)\.(\d+)(?:[eE]([+-]?\d+))?$/;

/** Parses decimal text (exponent notation allowed); undefined when it is not a plain decimal. */
export function parseDecimal(text: string): Decimal | undefined {
  const m = DECIMAL.exec(text.trim());
  if (!m) return undefined;
  const [sign, int, frac, exp] = m[2] !== undefined ? [m[1]!, m[2], m[3] ?? "", m[4]] : [m[5]!, "0", m[6]!, m[7]];
  let digits = (int + frac).replace(/^0+(?=\d)/, "");
  let scale = frac.length - Number(exp ?? 0);
  if (scale < 0) [digits, scale] = [digits + "0".repeat(-scale), 0];
  // Trailing zeros after the point say nothing: 10.500 is 10.5.
  while (scale > 0 && digits.endsWith("0") && digits.length > 1) [digits, scale] = [digits.slice(0, -1), scale - 1];
  return { negative: sign === "-", units: BigInt(digits), scale };
}

/** The text a JSON amount stands for: a string as sent, a number as its shortest round-trip form. */
export function amountText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  return undefined;
}

/** An amount of an answer as the target wrote it, for a message: never rescaled, never reformatted (-150.5, "150.50"). */
export function writtenAmount(value: unknown): string {
  return amountText(value) ?? JSON.stringify(value) ?? String(value);
}

/** Minor-unit digits per code as looked up: every amount of every answer asks, and the table scan costs more than the rest. */
const digitsByCode = new Map<string, number | undefined>();

/** Digits of the minor unit of an ISO 4217 code (alphabetic or numeric); undefined when unknown. */
export function minorUnitDigits(currency: unknown): number | undefined {
  if (typeof currency !== "string") return undefined;
  if (digitsByCode.has(currency)) return digitsByCode.get(currency);
  const entry = /^\d{3}$/.test(currency) ? currencyCodes.number(currency) : currencyCodes.code(currency.toUpperCase());
  const digits = typeof entry?.digits === "number" ? entry.digits : undefined;
  if (digitsByCode.size < 1_000) digitsByCode.set(currency, digits);
  return digits;
}

/** Plain decimal text with at most this many decimals, per count of decimals (an unknown currency: any). */
const PLAIN = new Map<number | undefined, RegExp>();

/**
 * Whether an amount's text is plainly exact money — digits, at most the currency's decimals, not a
 * negative zero — as most amounts of most answers are: judged without building its Decimal (every
 * amount of every answer of a run is judged). Any other text takes the whole reading below.
 */
function plainlyExact(text: string, digits: number | undefined): boolean {
  let plain = PLAIN.get(digits);
  if (!plain)
    PLAIN.set(digits, (plain = new RegExp(`^-?\\d+(?:\\.\\d${digits === undefined ? "*" : `{0,${digits}}`})?$`)));
  return plain.test(text) && (text[0] !== "-" || /[1-9]/.test(text));
}

/**
 * What is wrong with an amount of a currency, or undefined: not a finite decimal, a negative
 * zero, or more decimals than the currency's minor unit. An unknown currency leaves the decimals
 * unjudged (another check owns currency codes).
 */
export function amountProblem(value: unknown, currency: unknown): string | undefined {
  if (typeof value === "number" && !Number.isFinite(value)) return `${String(value)} is not a finite amount`;
  const text = amountText(value);
  if (text !== undefined && plainlyExact(text, minorUnitDigits(currency))) return undefined;
  const decimal = text === undefined ? undefined : parseDecimal(text);
  if (!decimal) return `${JSON.stringify(value)} is not a decimal amount`;
  if (decimal.negative && decimal.units === 0n)
    return `${typeof value === "string" ? JSON.stringify(value) : text} is a negative zero`;
  const digits = minorUnitDigits(currency);
  if (digits !== undefined && decimal.scale > digits) {
    return `${text} has ${decimal.scale} decimals, more than the ${digits} of ${String(currency)}`;
  }
  return undefined;
}

/** An amount in units of 10^-scale, exactly; undefined when it has more decimals than that or is not a decimal. */
export function unitsOf(value: unknown, scale: number): bigint | undefined {
  const text = amountText(value);
  const decimal = text === undefined ? undefined : parseDecimal(text);
  if (!decimal || decimal.scale > scale) return undefined;
  const units = decimal.units * 10n ** BigInt(scale - decimal.scale);
  return decimal.negative ? -units : units;
}

/** "100", "100.5", "100.00" or 100.5 → 10050 hundredths (a two-digit currency's minor units); undefined when negative or finer. */
export function minorUnitsOf(value: unknown): number | undefined {
  const units = unitsOf(value, 2);
  return units === undefined || units < 0n ? undefined : Number(units);
}

/**
 * 12.34, 1.234e1 or "12.34" → 12340000 micro-units, exactly: how the ledger compares what it posted
 * with what it reads back. No rounding hides a drift: a float-sum leak such as 0.30000000000000004
 * has more decimals than micro-units hold, so it reads as undefined and never compares equal.
 */
export function micro(value: unknown): number | undefined {
  const units = unitsOf(value, 6);
  return units === undefined ? undefined : Number(units);
}

/**
 * The one formatter: units of 10^-scale as decimal text with at least `decimals` digits (a
 * currency's minor unit); finer digits are kept, so a message never rounds a drift away:
 * formatUnits(10050, 2) → "100.50", formatUnits(1115000, 6) → "1.115". Not a whole number → as is.
 */
export function formatUnits(units: number | bigint, scale: number, decimals = 2): string {
  if (typeof units === "number" && !Number.isInteger(units)) return String(units);
  const n = BigInt(units);
  const digits = (n < 0n ? -n : n).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits
    .slice(digits.length - scale)
    .replace(/0+$/, "")
    .padEnd(decimals, "0");
  return `${n < 0n ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** Minor units (hundredths: tiyn) per major unit, and micro-units per minor unit: the scales money is counted in. */
const MINOR_PER_MAJOR = 100;
const MICRO_PER_MINOR = 10_000;

/**
 * The one writer of an amount sent: whole minor units as the decimal number a request carries
 * (§2.3 `amount`, two decimals): 1234 → 12.34. Every debit is built in minor units and written here.
 */
export function amountSent(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/** Minor units as micro-units (the scale limits are compared in): 1234 → 12_340_000. */
export const microOfMinor = (minor: number): number => minor * MICRO_PER_MINOR;

/**
 * Micro-units as whole minor units: rounded down (a debit meant to stay under an amount never
 * passes it), or up (one meant to reach an amount never falls short of it).
 */
export function minorOfMicro(units: number, round: "down" | "up" = "down"): number {
  return (round === "up" ? Math.ceil : Math.floor)(units / MICRO_PER_MINOR);
}

/** Hundredths as text: 10050 → "100.50". */
export const formatMinor = (minor: number): string => formatUnits(minor, 2);

/** Micro-units as text: 12340000 → "12.34", 1115000 → "1.115". */
export const formatMicro = (units: number): string => formatUnits(units, 6);

/**
 * An amount of ours (a debit we send, a JSON number) through the one formatter, never rounded:
 * 10 → "10.00", 10.005 → "10.005"; a float drift that micro-units cannot hold is shown whole.
 */
export function formatAmount(amount: number): string {
  const units = micro(amount);
  return units === undefined ? String(amount) : formatMicro(units);
}

/**
 * A JSON text parsed with every number kept as its literal text ("10.10", "1.5e1", "-0.0"), for a
 * tolerance-free decimal check: JSON.parse loses digits beyond a double's precision, so a server
 * that prints a float's full binary expansion (0.1000000000000000055511151231257827) would read as
 * 0.1. Undefined when the text is not JSON.
 */
export function parseKeepingNumberText(text: string): unknown {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      const m = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      if (!m) return undefined;
      out += JSON.stringify(m[0]);
      i += m[0].length;
    } else {
      out += c;
      i++;
    }
  }
  try {
    return JSON.parse(out);
  } catch {
    return undefined;
  }
}

/** The index just after the JSON string that starts at `start` (escapes skipped). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** The same amount with one more decimal than the currency has: 10 KZT → 10.005 (schema-valid, semantically wrong). */
export function withExtraDecimal(amount: number, digits: number): number {
  const whole = Math.round(amount * 10 ** digits) / 10 ** digits;
  return Number(digits === 0 ? `${whole}.5` : `${whole.toFixed(digits)}5`);
}
