/**
 * Per declared option, which checks it enabled, disabled or changed, so that a reader of the pack
 * sees what the verdict rests on — derived from what each check declares it reads
 * (lib/checks/reads.ts), evaluated against the declared value; the effect sentence is the
 * variable's own (lib/config/variables.ts). No check is named here (tests/certify/statement.unit.test.ts
 * holds that); tests/certify/reads.sandbox.test.ts flips each option against the sandbox and shows
 * that only the checks named change.
 */
import { inEffect, type ReadOf } from "../../checks/reads.ts";
import { VARIABLES, type VariableName, type VariableSpec } from "../../config/variables.ts";
import type { Declaration } from "./declaration.ts";
import { formatMinor } from "../../payments/money.ts";

export interface OptionEffect {
  option: string;
  /** The declared value, as the statement shows it (never a secret). */
  value: string;
  /** What the option does to the checks, in one sentence. */
  effect: string;
  changed: string[];
  enabled: string[];
  disabled: string[];
}

/** A check and what it reads (readsOf: its own declaration, its module's, the engine's). */
export interface CheckReads {
  id: string;
  reads: readonly ReadOf[];
}

const list = (values: readonly string[]) => values.join(",") || "unset";
const pairs = (record: Record<string, string>) =>
  Object.entries(record)
    .map(([k, v]) => `${k}=${v}`)
    .join(",");
const amount = (minor?: number) => (minor === undefined ? "unset" : formatMinor(minor));
const NOT_RECORDED = "not recorded by the run";

/** How the statement shows each option's declared value: from the declaration, never a secret. */
const SHOWN: Partial<Record<VariableName, (d: Declaration) => string>> = {
  CRYPTO_PROFILE: (d) => `${d.cryptoProfile.name}${d.cryptoProfile.builtIn ? "" : " (module)"}`,
  CARD_API_AUTH: (d) => d.cardApiAuth,
  CARD_API_HEADERS: (d) => d.cardApiHeaders.join(", ") || "(none)",
  IDEMPOTENCY_MODE: (d) => d.idempotencyMode,
  LEDGER_SETTLE_MS: (d) =>
    d.ledgerSettle ? `${d.ledgerSettle.ms} ms${d.ledgerSettle.declared ? "" : " (the default)"}` : NOT_RECORDED,
  STATEMENT_DATE_FORMAT: (d) => d.statementDateFormat,
  TARGET_UTC_OFFSET: (d) => d.targetUtcOffset,
  LIMIT_OBJECT_TYPES: (d) => pairs(d.limits.objectTypes),
  CUMULATIVE_LIMIT_TYPES: (d) => list(d.limits.cumulativeLimitTypes),
  MINIMUM_LIMIT_TYPES: (d) => list(d.limits.minimumLimitTypes),
  MAXIMUM_LIMIT_TYPES: (d) => list(d.limits.maximumLimitTypes),
  LIMIT_PERIODS: (d) => pairs(d.limits.limitPeriods),
  TERMINAL_MCC: (d) => d.limits.terminal.mcc ?? "read from the target",
  LIMIT_ANY_MCC: (d) => list(d.limits.terminal.anyMcc),
  TERMINAL_REGION: (d) => d.limits.terminal.region ?? "any",
  LIMIT_ANY_REGION: (d) => list(d.limits.terminal.anyRegion),
  LIMIT_TRANSACTION_TYPES: (d) => list(d.limits.terminal.transactionTypes),
  DEBIT_AMOUNT_MIN: (d) => amount(d.debitAmounts.minMinor),
  DEBIT_AMOUNT_MAX: (d) => amount(d.debitAmounts.maxMinor),
  CLIENT_DATA_FILE: (d) =>
    d.clientDataFile ? `${d.clientDataFile.kind} ${d.clientDataFile.sha256 ?? "(unreadable)"}` : "unset",
  REQUEST_RULES_FILE: (d) => requestRulesValue(d.requestRulesFile),
  TARGET_ENV: (d) =>
    d.safety ? `${d.safety.targetEnv}${d.safety.allowMutations ? " (ALLOW_MUTATIONS=true)" : ""}` : NOT_RECORDED,
  UNKNOWN_CARD_PAN: (d) => (d.safety ? (d.safety.unknownCardPan ? "set" : "unset") : NOT_RECORDED),
  MAX_DEBIT_TOTAL: (d) => (d.safety ? amount(d.safety.maxDebitTotalMinor) : NOT_RECORDED),
  CHECK_RETRIES: (d) => (d.retries === undefined ? NOT_RECORDED : String(d.retries)),
  LATENCY_P95_MS: (d) => budgetsValue(d.latencyP95Ms),
};

/** "800 ms for every operation", "card-api.statement 800 ms, …", "unset (figures only)". */
function budgetsValue(b: Declaration["latencyP95Ms"]): string {
  if (!b) return NOT_RECORDED;
  if (b.all !== undefined) return `${b.all} ms for every operation`;
  const each = Object.entries(b.byOperation).map(([key, ms]) => `${key} ${ms} ms`);
  return each.length ? each.join(", ") : "unset (figures only)";
}

function requestRulesValue(rules: Declaration["requestRulesFile"]): string {
  if (!rules) return "unset";
  if (rules.path === "reference") return "reference (the reference sandbox's own rules)";
  return `${rules.sha256 ?? "(unreadable)"} (${(rules.operations ?? []).join(", ")})`;
}

/** The value as shown; an option with no way to show it is a harness error, caught by the statement test. */
export function shownValue(d: Declaration, variable: VariableName): string {
  const show = SHOWN[variable];
  if (!show) throw new Error(`${variable} is read by a check but the statement has no way to show its value`);
  return show(d);
}

/** The variable's one sentence, or the sentence of its declared value where the value decides it. */
export function effectSentence(variable: VariableName, value: string): string {
  const spec: VariableSpec = VARIABLES[variable];
  return spec.effects?.[value] ?? spec.effect ?? "";
}

/** Every option some check reads, in the variable table's order, with the checks it changed, enabled or disabled. */
export function optionEffects(d: Declaration, checks: readonly CheckReads[]): OptionEffect[] {
  const read = new Set(checks.flatMap((c) => c.reads.map((r) => r.variable)));
  const names = (Object.keys(VARIABLES) as VariableName[]).filter((name) => read.has(name));
  return names.map((variable) => {
    const value = shownValue(d, variable);
    const flag = (VARIABLES[variable] as VariableSpec).flag;
    const ids = (effect: ReadOf["effect"]) =>
      [
        ...new Set(
          checks
            .filter((c) => c.reads.some((r) => r.variable === variable && r.effect === effect && inEffect(r, d)))
            .map((c) => c.id),
        ),
      ].sort();
    return {
      option: flag ? `${variable} (${flag})` : variable,
      value,
      effect: effectSentence(variable, value),
      changed: ids("changes"),
      enabled: ids("enables"),
      disabled: ids("disables"),
    };
  });
}
