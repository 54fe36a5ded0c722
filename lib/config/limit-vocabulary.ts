/**
 * The limits vocabulary the target declares (§2.4 shows only the type `min` and the period `day`):
 * its amount-limit types, its period names with their meaning, and the test terminal's scope
 * (MCC, region, transaction type). Read once; a bad value is a ConfigError naming the variable.
 */
import { ConfigError } from "../errors/config-error.ts";
import { PERIOD_MEANINGS, type PeriodMeaning, type TerminalScope } from "../payments/limit-vocabulary.ts";
import type { createReader } from "./reader.ts";
import type { VariableName } from "./variables.ts";

type Reader = ReturnType<typeof createReader>;

export interface LimitSettings {
  cumulativeLimitTypes: string[];
  minimumLimitTypes: string[];
  maximumLimitTypes: string[];
  /** LIMIT_PERIODS: the target's period names, each with its meaning. */
  limitPeriods: Record<string, PeriodMeaning>;
  /** The test terminal as declared (TERMINAL_MCC, TERMINAL_REGION, …); the preflight may read its MCC. */
  terminal: TerminalScope;
}

const TYPE_LISTS = ["MINIMUM_LIMIT_TYPES", "MAXIMUM_LIMIT_TYPES", "CUMULATIVE_LIMIT_TYPES"] as const;
type TypeList = (typeof TYPE_LISTS)[number];

/**
 * The release before 0.1.0 had only MINIMUM_LIMIT_TYPES and CUMULATIVE_LIMIT_TYPES and let a type
 * stand in both (it had both meanings): a configuration of that release keeps running, warned.
 */
const bothMeaningsBefore = (a: VariableName, b: VariableName): boolean =>
  [a, b].every((name) => name === "MINIMUM_LIMIT_TYPES" || name === "CUMULATIVE_LIMIT_TYPES");

/**
 * The three type lists; a type has one meaning. A declared list (set, other than its default) claims
 * its types: a default list drops a type a declared one claims (CUMULATIVE_LIMIT_TYPES=max leaves
 * MAXIMUM_LIMIT_TYPES's default empty), and two declared lists sharing a type are refused, naming
 * the later one. The defaults share no type.
 */
function limitTypes(r: Reader): Record<TypeList, string[]> {
  const claimed = new Map<string, VariableName>();
  const declared = TYPE_LISTS.filter((name) => r.declared(name));
  for (const name of declared)
    for (const type of r.list(name)) {
      const before = claimed.get(type);
      if (before && before !== name && bothMeaningsBefore(before, name))
        r.deprecate(
          name,
          `"${type}" is also in ${before}: it keeps both meanings, as the release before 0.1.0 read it, for this release only; list it in one of the two`,
        );
      else if (before && before !== name)
        throw new ConfigError(name, `"${type}" is also in ${before}: an amount-limit type has one meaning`);
      claimed.set(type, name);
    }
  const types = (name: TypeList) =>
    declared.includes(name) ? r.list(name) : r.list(name).filter((type) => !claimed.has(type));
  return {
    MINIMUM_LIMIT_TYPES: types("MINIMUM_LIMIT_TYPES"),
    MAXIMUM_LIMIT_TYPES: types("MAXIMUM_LIMIT_TYPES"),
    CUMULATIVE_LIMIT_TYPES: types("CUMULATIVE_LIMIT_TYPES"),
  };
}

/** LIMIT_PERIODS: `name=meaning,…`, each meaning one of day, week, month, year, debit. */
function limitPeriods(r: Reader): Record<string, PeriodMeaning> {
  const periods: Record<string, PeriodMeaning> = {};
  for (const item of r.list("LIMIT_PERIODS")) {
    const [name, meaning, ...rest] = item.split("=").map((s) => s.trim());
    const problem = !name
      ? "names no period"
      : !PERIOD_MEANINGS.includes(meaning as PeriodMeaning) || rest.length
        ? `must be name=meaning with a meaning of ${PERIOD_MEANINGS.join(", ")}`
        : name in periods
          ? "is declared twice"
          : undefined;
    if (problem) throw new ConfigError("LIMIT_PERIODS", `"${item}" ${problem}`);
    periods[name!] = meaning as PeriodMeaning;
  }
  return periods;
}

function terminal(r: Reader): TerminalScope {
  const mcc = r.string("TERMINAL_MCC") ? r.pattern("TERMINAL_MCC", /^\d{4}$/, "four digits (an MCC such as 5411)") : "";
  const region = r.string("TERMINAL_REGION");
  return {
    ...(mcc ? { mcc, mccSource: "declared" as const } : {}),
    anyMcc: r.list("LIMIT_ANY_MCC"),
    ...(region ? { region } : {}),
    anyRegion: r.list("LIMIT_ANY_REGION"),
    transactionTypes: r.list("LIMIT_TRANSACTION_TYPES"),
  };
}

export function readLimitSettings(r: Reader): LimitSettings {
  const types = limitTypes(r);
  return {
    cumulativeLimitTypes: types.CUMULATIVE_LIMIT_TYPES,
    minimumLimitTypes: types.MINIMUM_LIMIT_TYPES,
    maximumLimitTypes: types.MAXIMUM_LIMIT_TYPES,
    limitPeriods: limitPeriods(r),
    terminal: terminal(r),
  };
}
