/** Typed readers over an environment map; each error names its variable, and hides secrets. */
import { offsetMinutes, parseIsoDateTime } from "../time/iso.ts";
import { parseDateForm, type DateForm } from "../time/date-form.ts";
import { DATE_FORM_HELP } from "../time/date-pattern.ts";
import { minorUnitsOf } from "../payments/money.ts";
import { ConfigError } from "../errors/config-error.ts";
import { VARIABLES, type VariableName, type VariableSpec } from "./variables.ts";

export type Env = Record<string, string | undefined>;

/** The form an amount variable takes: whole units and at most two decimals, no sign or exponent. */
const AMOUNT = /^\d{1,12}(?:\.\d{1,2})?$/;

/**
 * The value that says "the empty list" for a list variable: an empty value means the default, so
 * without it a default list (MAXIMUM_LIMIT_TYPES=max, LIMIT_ANY_MCC=0000) could not be emptied.
 */
export const NONE = "none";

export function createReader(env: Env) {
  // Unset, empty or only blanks: the default (blanks are no declaration, as `declared` reads them).
  const raw = (name: VariableName): string => env[name]?.trim() || VARIABLES[name].default;
  const shown = (name: VariableName, value: string) =>
    (VARIABLES[name] as VariableSpec).secret ? "(value hidden)" : JSON.stringify(value);
  const fail = (name: VariableName, problem: string): never => {
    throw new ConfigError(name, `${shown(name, raw(name))} ${problem}`);
  };
  const deprecations: string[] = [];

  return {
    /**
     * Forms the previous release accepted that this one reads as it did but will refuse in a later
     * one: each a line naming the variable and the new form, printed once at the start of a run and
     * kept in summary.json (`run.deprecations`), so an upgrade warns before it breaks.
     */
    deprecations: deprecations as readonly string[],
    deprecate(name: VariableName, problem: string): void {
      deprecations.push(`${name}: ${problem}`);
    },
    string: (name: VariableName) => raw(name),
    /**
     * The environment sets it to a value other than its default. A line copied from .env.example
     * repeats the default, so it declares nothing: only a declaration beats another variable's default.
     */
    declared(name: VariableName): boolean {
      const value = env[name]?.trim();
      return Boolean(value) && value !== VARIABLES[name].default;
    },
    /** A comma-separated list, items trimmed, empty items dropped; `none` alone is the empty list. */
    list(name: VariableName): string[] {
      const value = raw(name);
      if (value === NONE) return [];
      return value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    },
    required(name: VariableName): string {
      return raw(name) || fail(name, "must be set");
    },
    optionalUrl(name: VariableName): string | undefined {
      const value = raw(name);
      if (!value) return undefined;
      let url: URL | undefined;
      try {
        url = new URL(value);
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol)) fail(name, "is not an http(s) URL");
      // Operation paths are appended to it: a query or fragment would end up before them.
      if (url!.search || url!.hash || /[?#]/.test(value))
        fail(name, "must not carry a query (?) or fragment (#): operation paths are appended to it");
      return value.replace(/\/+$/, "");
    },
    integer(name: VariableName, min: number, max = Number.MAX_SAFE_INTEGER): number {
      const value = raw(name);
      if (!/^-?\d+$/.test(value)) fail(name, "is not a whole number");
      const n = Number(value);
      if (n < min) fail(name, `must be at least ${min}`);
      if (!Number.isSafeInteger(n) || n > max) fail(name, `must be at most ${max}`);
      return n;
    },
    boolean(name: VariableName): boolean {
      const value = raw(name).toLowerCase();
      if (["true", "1", "yes"].includes(value)) return true;
      if (["false", "0", "no", ""].includes(value)) return false;
      return fail(name, "must be true or false");
    },
    oneOf<T extends string>(name: VariableName, allowed: readonly T[]): T {
      const value = raw(name);
      return (allowed as readonly string[]).includes(value)
        ? (value as T)
        : fail(name, `must be one of ${allowed.join(", ")}`);
    },
    pattern(name: VariableName, re: RegExp, what: string): string {
      const value = raw(name);
      return re.test(value) ? value : fail(name, `is not ${what}`);
    },
    /** An amount in major units ("500", "500.5", "500.00") as hundredths, read by lib/payments; undefined when unset. */
    amountMinor(name: VariableName, example: string): number | undefined {
      const value = raw(name);
      if (!value) return undefined;
      const minor = AMOUNT.test(value) ? minorUnitsOf(value) : undefined;
      return minor ?? fail(name, `is not an amount such as ${example} or ${example}.00`);
    },
    isoDateTime(name: VariableName): string {
      const value = raw(name);
      return parseIsoDateTime(value) !== undefined ? value : fail(name, "is not an ISO 8601 date-time with offset");
    },
    /** A UTC offset in an ISO 8601 form: Z, +05:00, +00:00, -03:30 (the one offset reader, lib/time). */
    utcOffset(name: VariableName): string {
      const value = raw(name);
      return offsetMinutes(value) !== undefined ? value : fail(name, "is not a UTC offset such as +05:00, +00:00 or Z");
    },
    /** A statement date form: a dayjs pattern or one of its names (lib/time/date-form.ts). */
    dateForm(name: VariableName): DateForm {
      const form = parseDateForm(raw(name));
      return "problem" in form
        ? fail(name, `is not a usable date form: ${form.problem}; give ${DATE_FORM_HELP}`)
        : form;
    },
    headers(name: VariableName): Record<string, string> {
      const value = raw(name);
      if (!value) return {};
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = undefined;
      }
      const ok =
        typeof parsed === "object" &&
        parsed !== null &&
        !Array.isArray(parsed) &&
        Object.values(parsed).every((v) => typeof v === "string");
      return ok ? (parsed as Record<string, string>) : fail(name, "is not a JSON object of string headers");
    },
  };
}
