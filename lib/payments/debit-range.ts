/**
 * The range of valid debit amounts, chosen inside what the target's own limits list says it allows
 * (§2.4, §8): at least the largest minimum-type limit (MINIMUM_LIMIT_TYPES), within a share of the
 * smallest remaining cumulative limit (CUMULATIVE_LIMIT_TYPES, whatever the target calls it), and
 * never one of the sandbox's published magic amounts. DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX override
 * either bound. Pure and exact: every amount is an integer of minor units (hundredths).
 */
import { type AmountLimit } from "./limits.ts";
import { formatMinor, minorUnitsOf } from "./money.ts";

export interface DebitRange {
  /** Smallest and largest valid debit, minor units, inclusive. */
  minMinor: number;
  maxMinor: number;
  /** The one fixed debit (the success scenario, the preflight): the default 10.00 when it fits. */
  fixedMinor: number;
  /** Amounts never sent as valid debits (the sandbox's magic amounts). */
  avoidMinor: readonly number[];
  /** Where the bounds come from: the target's limits, configuration, or the defaults. */
  source: "limits" | "configured" | "default";
  /** Why, in one sentence for the report: "1.00–99.99 KZT (fixed 10.00): …". */
  why: string;
}

export interface RangeOptions {
  minimumTypes: readonly string[];
  cumulativeTypes: readonly string[];
  configuredMinMinor?: number;
  configuredMaxMinor?: number;
  avoidMinor: readonly number[];
  currency: string;
}

export const DEFAULT_MIN_MINOR = 100;
export const DEFAULT_MAX_MINOR = 9_999;
export const DEFAULT_FIXED_MINOR = 1_000;
/**
 * A run sends a few hundred valid debits at most (PROPERTY_RUNS valid cases, the ledger sequences,
 * the idempotency checks): the largest stays under this share of the smallest remaining limit.
 */
export const RUN_SHARE = 400;

/** The next amount at or above `minor` that is not avoided (stays within max when it can). */
function awayFrom(minor: number, avoid: readonly number[]): number {
  let n = minor;
  while (avoid.includes(n)) n++;
  return n;
}

/**
 * The range for a limits list (undefined: the limits could not be read). Only limits in the
 * configured currency count; a limit without a readable amount is ignored.
 */
export function chooseDebitRange(limits: AmountLimit[] | undefined, o: RangeOptions): DebitRange {
  const inCurrency = (limits ?? []).filter((l) => l.currency === undefined || l.currency === o.currency);
  const minimums = inCurrency
    .filter((l) => o.minimumTypes.includes(l.type))
    .map((l) => minorUnitsOf(l.value))
    .filter((v): v is number => v !== undefined);
  const rooms = inCurrency
    .filter((l) => o.cumulativeTypes.includes(l.type))
    .map((l) => minorUnitsOf(l.remaining))
    .filter((v): v is number => v !== undefined);
  const floor = minimums.length ? Math.max(...minimums) : undefined;
  const room = rooms.length ? Math.min(...rooms) : undefined;
  const reasons: string[] = [];
  let min = Math.max(floor ?? 0, DEFAULT_MIN_MINOR);
  if (floor !== undefined) reasons.push(`largest minimum ${formatMinor(floor)} (${o.minimumTypes.join("/")})`);
  let max = Math.max(DEFAULT_MAX_MINOR, 2 * min - 1);
  if (room !== undefined) {
    reasons.push(`smallest remaining ${formatMinor(room)} (${o.cumulativeTypes.join("/")})`);
    max = Math.min(max, Math.max(min, Math.floor(room / RUN_SHARE)));
    if (room < min * RUN_SHARE)
      reasons.push(
        `WARNING: the remaining limit holds ${Math.floor(room / min)} debit(s) of the minimum; later debits may be refused as over the limit`,
      );
  }
  if (o.configuredMinMinor !== undefined) min = o.configuredMinMinor;
  if (o.configuredMaxMinor !== undefined) max = o.configuredMaxMinor;
  // A configured minimum above the chosen maximum lifts it (and the reverse): configuration wins.
  if (o.configuredMinMinor !== undefined && o.configuredMaxMinor === undefined) max = Math.max(max, min);
  if (o.configuredMaxMinor !== undefined && o.configuredMinMinor === undefined) min = Math.min(min, max);
  min = awayFrom(min, o.avoidMinor);
  max = Math.max(min, max);
  const fixed = awayFrom(Math.min(Math.max(DEFAULT_FIXED_MINOR, min), max), o.avoidMinor);
  const configured = o.configuredMinMinor !== undefined || o.configuredMaxMinor !== undefined;
  const source = configured
    ? "configured"
    : limits === undefined || (floor === undefined && room === undefined)
      ? "default"
      : "limits";
  const basis =
    source === "configured"
      ? `DEBIT_AMOUNT_MIN/MAX${reasons.length ? `; the payment card's limits show ${reasons.join(", ")}` : ""}`
      : source === "limits"
        ? `from the payment card's limits: ${reasons.join(", ")}`
        : limits === undefined
          ? "the defaults: the payment card's limits could not be read"
          : `the defaults: the payment card's limits show no ${o.minimumTypes.join("/")} or ${o.cumulativeTypes.join("/")} amount`;
  return {
    minMinor: min,
    maxMinor: max,
    fixedMinor: fixed,
    avoidMinor: o.avoidMinor,
    source,
    why: `debit amounts ${formatMinor(min)}–${formatMinor(max)} ${o.currency} (fixed debit ${formatMinor(fixed)}), ${basis}`,
  };
}

/** min + offset (minor units), kept inside the range and away from the avoided amounts. */
export function amountAbove(range: DebitRange, offsetMinor: number): number {
  const minor = awayFrom(Math.min(range.minMinor + offsetMinor, range.maxMinor), range.avoidMinor);
  return minor <= range.maxMinor ? minor : range.minMinor;
}
