/**
 * The target's limits vocabulary (§2.4, §8 show only the amount-limit type `min` and the period
 * `day`): which amount-limit types cap one debit from below or above and which add up over a
 * period, what each period name means, and which limit records apply to the test terminal's debits
 * (their `mcc`, `region` and `transaction_type`). The one place a limit's meaning is decided: the
 * debit range, the ledger checks and the preflight ask here, never the name of a type or period.
 */
import type { AmountLimit } from "./limits.ts";
import { micro } from "./money.ts";

/** What a period name means: when its usage resets, or `debit` — each debit alone, nothing accumulates. */
export const PERIOD_MEANINGS = ["day", "week", "month", "year", "debit"] as const;
export type PeriodMeaning = (typeof PERIOD_MEANINGS)[number];

/** The amount-limit types and period names the target declares (Config["cardApi"] is one). */
export interface LimitVocabulary {
  /** MINIMUM_LIMIT_TYPES: the smallest amount of one debit. */
  readonly minimumLimitTypes: readonly string[];
  /** MAXIMUM_LIMIT_TYPES: the largest amount of one debit. */
  readonly maximumLimitTypes: readonly string[];
  /** CUMULATIVE_LIMIT_TYPES: debits add up over the period (remaining = value − current). */
  readonly cumulativeLimitTypes: readonly string[];
  /** LIMIT_PERIODS: the target's period names, each with its meaning. */
  readonly limitPeriods: Readonly<Record<string, PeriodMeaning>>;
}

/**
 * The test terminal as a limit record's scope sees it. A field left unknown lets every limit
 * apply on it (conservative: a limit kept in by mistake shrinks the debit range; one left out by
 * mistake would leave its enforcement untested).
 */
export interface TerminalScope {
  /** TERMINAL_MCC, or read from the target (the fixture debit's statement entry); undefined: unknown. */
  readonly mcc?: string | undefined;
  /** Where the MCC came from, for the report. */
  readonly mccSource?: "declared" | "read" | undefined;
  /** LIMIT_ANY_MCC: the `mcc` values that mean every MCC. */
  readonly anyMcc: readonly string[];
  /** TERMINAL_REGION; undefined: unknown. */
  readonly region?: string | undefined;
  /** LIMIT_ANY_REGION: the `region` values that mean every region. */
  readonly anyRegion: readonly string[];
  /** LIMIT_TRANSACTION_TYPES: the `transaction_type` values that apply to the harness's debits; empty: every one. */
  readonly transactionTypes: readonly string[];
}

/**
 * A declared name's meaning; an undeclared one is guessed from its words (month, year or annual,
 * week), else taken as a day — the shortest period that resets, so a reading pair is set aside
 * more often than needed, never judged across a reset. `debit` is never guessed: it is declared.
 */
export function periodMeaning(v: LimitVocabulary, period: string): PeriodMeaning {
  const declared = v.limitPeriods[period];
  if (declared) return declared;
  const p = period.toLowerCase();
  if (/month/.test(p)) return "month";
  if (/year|annual/.test(p)) return "year";
  if (/week/.test(p)) return "week";
  return "day";
}

/** A per-debit minimum (MINIMUM_LIMIT_TYPES). */
export const isMinimum = (v: LimitVocabulary, l: AmountLimit): boolean => v.minimumLimitTypes.includes(l.type);

/** Usage that adds up over a period that resets: a cumulative type whose period is not `debit`. */
export const accumulates = (v: LimitVocabulary, l: AmountLimit): boolean =>
  v.cumulativeLimitTypes.includes(l.type) && periodMeaning(v, l.period) !== "debit";

/** A cap on one debit alone: a maximum type, or a cumulative type whose period means `debit`. */
export const capsEachDebit = (v: LimitVocabulary, l: AmountLimit): boolean =>
  v.maximumLimitTypes.includes(l.type) ||
  (v.cumulativeLimitTypes.includes(l.type) && periodMeaning(v, l.period) === "debit");

/** An MCC as four digits ("0000", 6011 → "6011"); other text as sent; undefined when absent. */
export function mccText(value: unknown): string | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : undefined;
  return text !== undefined && /^\d{1,4}$/.test(text) ? text.padStart(4, "0") : text || undefined;
}

function fits(value: string | undefined, mine: string | undefined, any: readonly string[]): boolean {
  return mine === undefined || value === undefined || value === mine || any.includes(value);
}

/** Whether a limit applies to the test terminal's debits: each scope field unknown, absent, "any" or the terminal's. */
export function appliesTo(terminal: TerminalScope, l: AmountLimit): boolean {
  const region = typeof l.region === "string" && l.region ? l.region.toUpperCase() : undefined;
  const type = typeof l.transactionType === "string" && l.transactionType ? l.transactionType : undefined;
  return (
    fits(
      mccText(l.mcc),
      terminal.mcc,
      terminal.anyMcc.map((m) => mccText(m) ?? m),
    ) &&
    fits(
      region,
      terminal.region?.toUpperCase(),
      terminal.anyRegion.map((r) => r.toUpperCase()),
    ) &&
    (terminal.transactionTypes.length === 0 || type === undefined || terminal.transactionTypes.includes(type))
  );
}

/** The limits that apply to the test terminal's debits. */
export function limitsThatApply(limits: readonly AmountLimit[], terminal: TerminalScope): AmountLimit[] {
  return limits.filter((l) => appliesTo(terminal, l));
}

/** The scope of the terminal in one phrase, for notes: "MCC 6012 (read from the target) or 0000". */
export function scopeText(terminal: TerminalScope): string {
  const parts = [
    ...(terminal.mcc
      ? [
          `MCC ${terminal.mcc}${terminal.mccSource === "read" ? " (read from the target)" : ""}${anyText(terminal.anyMcc)}`,
        ]
      : []),
    ...(terminal.region ? [`region ${terminal.region}${anyText(terminal.anyRegion)}`] : []),
    ...(terminal.transactionTypes.length ? [`transaction type ${terminal.transactionTypes.join("/")}`] : []),
  ];
  return parts.length ? parts.join(", ") : "every MCC, region and transaction type";
}

const anyText = (any: readonly string[]) => (any.length ? ` or ${any.join("/")}` : "");

/** The meanings of the periods these limits reset in (for lib/time's boundaryBetween): `debit` limits never reset. */
export function resettingPeriods(v: LimitVocabulary, limits: readonly AmountLimit[]): string[] {
  return limits.filter((l) => accumulates(v, l)).map((l) => periodMeaning(v, l.period));
}

/** The smallest remaining of the accumulating limits, in micro-units (undefined: none). */
export function smallestRemaining(v: LimitVocabulary, limits: readonly AmountLimit[]): number | undefined {
  const values = limits
    .filter((l) => accumulates(v, l))
    .map((l) => micro(l.remaining))
    .filter((n): n is number => n !== undefined);
  return values.length ? Math.min(...values) : undefined;
}

/** The largest per-debit minimum, in micro-units (0: none). */
export function largestMinimum(v: LimitVocabulary, limits: readonly AmountLimit[]): number {
  return Math.max(0, ...limits.filter((l) => isMinimum(v, l)).map((l) => micro(l.value) ?? 0));
}

/** The smallest per-debit cap and its limit, in micro-units (undefined: none). */
export function smallestMaximum<L extends AmountLimit>(
  v: LimitVocabulary,
  limits: readonly L[],
): { micro: number; limit: L } | undefined {
  let best: { micro: number; limit: L } | undefined;
  for (const limit of limits.filter((l) => capsEachDebit(v, l))) {
    const value = micro(limit.value);
    if (value !== undefined && (best === undefined || value < best.micro)) best = { micro: value, limit };
  }
  return best;
}
