/**
 * The range of valid debit amounts, chosen inside what the target's own limits list says it allows
 * (§2.4, §8), counting only the limits that apply to the test terminal's debits (their MCC, region
 * and transaction type: lib/payments/limit-vocabulary.ts): at least the largest per-debit minimum
 * (MINIMUM_LIMIT_TYPES), at most the smallest per-debit maximum (MAXIMUM_LIMIT_TYPES, or a
 * cumulative type whose period means `debit`), within a share of the smallest remaining cumulative
 * limit (CUMULATIVE_LIMIT_TYPES, whatever the target calls it), and never one of the sandbox's
 * published magic amounts. DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX override either bound. Pure and
 * exact: every amount is an integer of minor units (hundredths).
 */
import { type AmountLimit } from "./limits.ts";
import {
  accumulates,
  capsEachDebit,
  isMinimum,
  limitsThatApply,
  scopeText,
  type LimitVocabulary,
  type TerminalScope,
} from "./limit-vocabulary.ts";
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
  /** The test terminal the range was chosen for: the ledger checks count the limits that apply to it. */
  terminal: TerminalScope;
  /** Why, in one sentence for the report: "1.00–99.99 KZT (fixed 10.00): …". */
  why: string;
}

export interface RangeOptions {
  vocabulary: LimitVocabulary;
  terminal: TerminalScope;
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

/** What the limits that count say, in minor units: the floor, the per-debit cap, the room left. */
interface Bounds {
  floor?: number;
  cap?: number;
  /** The capping limit's type and period ("max", "total per operation"). */
  capName?: string;
  room?: number;
  /** How many limits were left out as not the test terminal's. */
  leftOut: number;
  /** The terminal the bounds were chosen for (a read MCC dropped when nothing would apply to it). */
  terminal: TerminalScope;
}

/**
 * An MCC read from the target that leaves none of the cumulative limits applying is more likely a
 * misreading (another "every MCC" value than LIMIT_ANY_MCC) than a card without limits: dropped,
 * so that every limit applies, as when it is unknown. A declared one is used as declared.
 */
function plausible(inCurrency: AmountLimit[], o: RangeOptions): TerminalScope {
  const { mcc: _mcc, mccSource: _source, ...unknownMcc } = o.terminal;
  if (o.terminal.mccSource !== "read" || !inCurrency.some((l) => accumulates(o.vocabulary, l))) return o.terminal;
  return limitsThatApply(inCurrency, o.terminal).some((l) => accumulates(o.vocabulary, l)) ? o.terminal : unknownMcc;
}

function boundsOf(limits: AmountLimit[] | undefined, o: RangeOptions): Bounds {
  const inCurrency = (limits ?? []).filter((l) => l.currency === undefined || l.currency === o.currency);
  const terminal = plausible(inCurrency, o);
  const applying = limitsThatApply(inCurrency, terminal);
  const values = (pick: (l: AmountLimit) => boolean, field: "value" | "remaining") =>
    applying
      .filter(pick)
      .map((l) => minorUnitsOf(l[field]))
      .filter((v): v is number => v !== undefined);
  const floors = values((l) => isMinimum(o.vocabulary, l), "value");
  const caps = values((l) => capsEachDebit(o.vocabulary, l), "value");
  const capping = applying.find((l) => capsEachDebit(o.vocabulary, l) && minorUnitsOf(l.value) === Math.min(...caps));
  const capName =
    capping &&
    (o.vocabulary.maximumLimitTypes.includes(capping.type) ? capping.type : `${capping.type} per ${capping.period}`);
  const rooms = values((l) => accumulates(o.vocabulary, l), "remaining");
  return {
    ...(floors.length ? { floor: Math.max(...floors) } : {}),
    ...(caps.length ? { cap: Math.min(...caps), capName } : {}),
    ...(rooms.length ? { room: Math.min(...rooms) } : {}),
    leftOut: inCurrency.length - applying.length,
    terminal,
  };
}

/**
 * The range for a limits list (undefined: the limits could not be read). Only limits in the
 * configured currency that apply to the test terminal count; a limit without a readable amount is ignored.
 */
export function chooseDebitRange(limits: AmountLimit[] | undefined, o: RangeOptions): DebitRange {
  const v = o.vocabulary;
  const { floor, cap, capName, room, leftOut, terminal } = boundsOf(limits, o);
  const reasons: string[] = [];
  let min = Math.max(floor ?? 0, DEFAULT_MIN_MINOR);
  if (floor !== undefined) reasons.push(`largest minimum ${formatMinor(floor)} (${v.minimumLimitTypes.join("/")})`);
  let max = Math.max(DEFAULT_MAX_MINOR, 2 * min - 1);
  if (cap !== undefined) {
    reasons.push(`smallest maximum ${formatMinor(cap)} (${capName})`);
    max = Math.min(max, Math.max(min, cap));
    if (cap < min) reasons.push(`WARNING: the maximum is below the minimum; debits may be refused`);
  }
  if (room !== undefined) {
    reasons.push(`smallest remaining ${formatMinor(room)} (${v.cumulativeLimitTypes.join("/")})`);
    max = Math.min(max, Math.max(min, Math.floor(room / RUN_SHARE)));
    if (room < min * RUN_SHARE)
      reasons.push(
        `WARNING: the remaining limit holds ${Math.floor(room / min)} debit(s) of the minimum; later debits may be refused as over the limit`,
      );
  }
  if (leftOut) reasons.push(`${leftOut} amount limit(s) left out, not for ${scopeText(terminal)}`);
  [min, max] = configuredBounds(min, max, o);
  const fixed = awayFrom(Math.min(Math.max(DEFAULT_FIXED_MINOR, min), max), o.avoidMinor);
  const configured = o.configuredMinMinor !== undefined || o.configuredMaxMinor !== undefined;
  const fromLimits = floor !== undefined || room !== undefined || cap !== undefined;
  const source = configured ? "configured" : limits === undefined || !fromLimits ? "default" : "limits";
  return {
    minMinor: min,
    maxMinor: max,
    fixedMinor: fixed,
    avoidMinor: o.avoidMinor,
    source,
    terminal,
    why: `debit amounts ${formatMinor(min)}–${formatMinor(max)} ${o.currency} (fixed debit ${formatMinor(fixed)}), ${basisOf(source, reasons, limits, v)}`,
  };
}

/** DEBIT_AMOUNT_MIN / MAX over the chosen bounds: configuration wins, and lifts (or lowers) the other bound when it must. */
function configuredBounds(min: number, max: number, o: RangeOptions): [number, number] {
  if (o.configuredMinMinor !== undefined) min = o.configuredMinMinor;
  if (o.configuredMaxMinor !== undefined) max = o.configuredMaxMinor;
  if (o.configuredMinMinor !== undefined && o.configuredMaxMinor === undefined) max = Math.max(max, min);
  if (o.configuredMaxMinor !== undefined && o.configuredMinMinor === undefined) min = Math.min(min, max);
  min = awayFrom(min, o.avoidMinor);
  return [min, Math.max(min, max)];
}

function basisOf(
  source: DebitRange["source"],
  reasons: string[],
  limits: AmountLimit[] | undefined,
  v: LimitVocabulary,
): string {
  if (source === "configured")
    return `DEBIT_AMOUNT_MIN/MAX${reasons.length ? `; the payment card's limits show ${reasons.join(", ")}` : ""}`;
  if (source === "limits") return `from the payment card's limits: ${reasons.join(", ")}`;
  if (limits === undefined) return "the defaults: the payment card's limits could not be read";
  const types = [v.minimumLimitTypes, v.maximumLimitTypes, v.cumulativeLimitTypes]
    .map((t) => t.join("/"))
    .filter(Boolean);
  return `the defaults: the payment card's limits show no ${types.join(" or ")} amount${reasons.length ? ` (${reasons.join(", ")})` : ""}`;
}

/** min + offset (minor units), kept inside the range and away from the avoided amounts. */
export function amountAbove(range: DebitRange, offsetMinor: number): number {
  const minor = awayFrom(Math.min(range.minMinor + offsetMinor, range.maxMinor), range.avoidMinor);
  return minor <= range.maxMinor ? minor : range.minMinor;
}
