/**
 * Per declared option, which checks it enabled, disabled or changed, so that a
 * reader of the pack sees what the verdict rests on. The check lists are derived from the ids of
 * this harness (by the prefix of the operation they belong to, or named), so they never name a
 * check that does not exist; tests/certify/statement.unit.test.ts keeps the named ones real.
 */
import { CATALOGUE } from "../../catalogue/index.ts";
import type { Declaration } from "./declaration.ts";

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

/** Checks named here by id; the test asserts each exists. */
export const NAMED_IN_EFFECTS = [
  "CARD-TXN-IDEMPOTENT-REPLAY",
  "CARD-LIM-OBJECT-KINDS",
  "CARD-LIM-OTHER-OBJECT",
  "CARD-LEDGER-USAGE",
  "CARD-LEDGER-REMAINING",
  "CARD-LEDGER-RACE",
  "CARD-LEDGER-LIMITS-ENFORCED",
  "PT-BIZ-NEGATIVE",
] as const;

const IDEMPOTENCY: Record<string, string> = {
  replay: "a replayed request_id with the same body must get the original success answer",
  reject: "a replayed request_id with the same body must be refused (any 4xx, or a 2xx whose outcome says failure)",
  either: "a replayed request_id may be answered either way",
};

function effect(option: string, value: string, text: string, changed: string[], more: Partial<OptionEffect> = {}) {
  return { option, value, effect: text, changed: [...new Set(changed)].sort(), enabled: [], disabled: [], ...more };
}

/** The profile seals and signs every partner request and verifies the responses; card API auth is CARD_API_AUTH's. */
function cryptoProfileEffect(d: Declaration, byPrefix: (...prefixes: string[]) => string[]): OptionEffect {
  const { name, builtIn } = d.cryptoProfile;
  return effect(
    "CRYPTO_PROFILE",
    `${name}${builtIn ? "" : " (module)"}`,
    "every partner transfer API request is sealed and signed with it, and the response signature verified",
    byPrefix("PT-BIZ-"),
  );
}

const CARD_API_AUTH: Record<string, string> = {
  none: "card API requests carry no auth of the harness's (CARD_API_HEADERS only)",
  headers: "card API requests carry CARD_API_HEADERS",
  jws: "every card API request carries a detached JWS of its body (CARD_API_JWS_*)",
  bearer: "every card API request carries the partner's access token as a bearer",
  module: "every card API request carries the profile module's headers",
};

/**
 * Declared request rules turn the generated negatives that break them into should failures (the
 * rule named); without a declaration those that break only the reference's assumptions are info.
 */
function requestRulesEffect(rules: NonNullable<Declaration["requestRulesFile"]>, checkIds: string[]): OptionEffect {
  const codes = rules.operations
    ? CATALOGUE.filter((op) => rules.operations!.includes(op.key)).map((op) => op.code)
    : CATALOGUE.map((op) => op.code);
  const reference = rules.path === "reference";
  return effect(
    "REQUEST_RULES_FILE",
    reference
      ? "reference (the reference sandbox's own rules)"
      : `${rules.sha256 ?? "(unreadable)"} (${codes.join(", ")})`,
    "a generated request that breaks a declared rule must be refused (should, the rule named in the failure)",
    [],
    { enabled: checkIds.filter((id) => codes.some((code) => id === `${code}-NEGATIVE`)) },
  );
}

export function optionEffects(d: Declaration, checkIds: string[]): OptionEffect[] {
  const byPrefix = (...prefixes: string[]) => checkIds.filter((id) => prefixes.some((p) => id.startsWith(p)));
  const known = (...ids: string[]) => ids.filter((id) => checkIds.includes(id));
  const periodChecks = byPrefix("CARD-STMT-", "CARD-LEDGER-", "CARD-TXN-IDEMPOTENT-");
  const amounts = (m?: number) => (m === undefined ? "unset" : (m / 100).toFixed(2));
  const rows: OptionEffect[] = [
    cryptoProfileEffect(d, byPrefix),
    effect(
      "IDEMPOTENCY_MODE",
      d.idempotencyMode,
      `${IDEMPOTENCY[d.idempotencyMode] ?? d.idempotencyMode}; never a second posting`,
      known("CARD-TXN-IDEMPOTENT-REPLAY"),
    ),
    effect(
      "STATEMENT_DATE_FORMAT",
      d.statementDateFormat,
      "start_date and end_date of every statement request are written in it",
      periodChecks,
    ),
    effect(
      "TARGET_UTC_OFFSET",
      d.targetUtcOffset,
      "the offset of the statement bounds and the target's day: readings across its midnight (a month's end for month limits) are not judged",
      [...periodChecks, ...known("CARD-LIM-OTHER-OBJECT")],
    ),
    effect(
      "LIMIT_OBJECT_TYPES",
      Object.entries(d.limits.objectTypes)
        .map(([k, v]) => `${k}=${v}`)
        .join(", "),
      "object.type of every limits request",
      [...byPrefix("CARD-LIM-"), ...known("CARD-LIM-OBJECT-KINDS")],
    ),
    effect(
      "CUMULATIVE_LIMIT_TYPES",
      d.limits.cumulativeLimitTypes.join(","),
      "remaining = value − current and usage after a debit are judged for these amount-limit types only",
      known("CARD-LEDGER-USAGE", "CARD-LEDGER-REMAINING", "CARD-LEDGER-RACE", "CARD-LIM-OTHER-OBJECT"),
    ),
    effect(
      "MINIMUM_LIMIT_TYPES",
      d.limits.minimumLimitTypes.join(","),
      "per-debit minimums: the debit range starts at the largest, and a debit under it must be refused",
      known("CARD-LEDGER-LIMITS-ENFORCED", "CARD-LEDGER-RACE"),
    ),
    effect(
      "MAXIMUM_LIMIT_TYPES",
      d.limits.maximumLimitTypes.join(","),
      "per-debit maximums: the debit range ends at the smallest, a debit over it must be refused and one at it accepted",
      known("CARD-LEDGER-LIMITS-ENFORCED", "CARD-LEDGER-RACE"),
    ),
    effect(
      "LIMIT_PERIODS",
      Object.entries(d.limits.limitPeriods)
        .map(([k, v]) => `${k}=${v}`)
        .join(","),
      "when each limit's usage resets (readings across it are not judged), and which limits cap each debit alone (debit)",
      known("CARD-LEDGER-USAGE", "CARD-LEDGER-LIMITS-ENFORCED", "CARD-LEDGER-RACE", "CARD-LIM-OTHER-OBJECT"),
    ),
    effect(
      "TERMINAL_MCC / LIMIT_ANY_MCC / TERMINAL_REGION / LIMIT_ANY_REGION / LIMIT_TRANSACTION_TYPES",
      terminalText(d.limits.terminal),
      "the limits that apply to the test debits: the others are left out of the debit range and of every usage expectation",
      known("CARD-LEDGER-USAGE", "CARD-LEDGER-LIMITS-ENFORCED", "CARD-LEDGER-RACE"),
    ),
    effect(
      "DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX",
      `${amounts(d.debitAmounts.minMinor)} / ${amounts(d.debitAmounts.maxMinor)}`,
      "the amounts of every valid debit (unset: chosen inside the payment card's own limits)",
      byPrefix("CARD-TXN-", "CARD-LEDGER-"),
    ),
    effect(
      "CARD_API_AUTH",
      d.cardApiAuth,
      CARD_API_AUTH[d.cardApiAuth] ?? d.cardApiAuth,
      d.cardApiAuth === "none" ? [] : byPrefix("CARD-"),
    ),
    effect(
      "CARD_API_HEADERS",
      d.cardApiHeaders.join(", ") || "(none)",
      "headers sent with every card API request (names shown, values never)",
      d.cardApiHeaders.length ? byPrefix("CARD-") : [],
    ),
  ];
  if (d.clientDataFile)
    rows.push(
      effect(
        "CLIENT_DATA_FILE",
        `${d.clientDataFile.kind} ${d.clientDataFile.sha256 ?? "(unreadable)"}`,
        d.clientDataFile.kind === "schema"
          ? "the client data of every registration; invalid client data is derived from the schema"
          : "the client data of every registration",
        byPrefix("PT-BIZ-"),
        d.clientDataFile.kind === "schema" ? { enabled: known("PT-BIZ-NEGATIVE") } : {},
      ),
    );
  if (d.requestRulesFile) rows.push(requestRulesEffect(d.requestRulesFile, checkIds));
  return rows;
}

/** "MCC 5411 (or 0000), region any, transaction types any"; an unset MCC is read from the target. */
function terminalText(t: Declaration["limits"]["terminal"]): string {
  const or = (any: string[]) => (any.length ? ` (or ${any.join("/")})` : "");
  return [
    `MCC ${t.mcc ?? "read from the target"}${or(t.anyMcc)}`,
    `region ${t.region ?? "any"}${or(t.anyRegion)}`,
    `transaction types ${t.transactionTypes.join("/") || "any"}`,
  ].join(", ");
}
