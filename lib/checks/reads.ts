/**
 * What a check reads of the configuration, declared as data beside it (`reads` of a check or of
 * its module): the variables whose value changes what it judges, and how — it `changes` the
 * judgement, or `enables` / `disables` the check when a condition of the declared value holds.
 * The conformance statement's option effects, the "reads" column of docs/checks.md and the "what
 * this changes" lines of the docs are derived from it (lib/reporting/certify/option-effects.ts);
 * tests/certify/reads.sandbox.test.ts flips each option against the sandbox and shows that only
 * the checks named change. A command-line option is named by the variable it sets
 * (`--retries` is CHECK_RETRIES).
 */
import type { Condition, DeclaredFacts, Read, ReadOf } from "./read-types.ts";
import type { Check, Module } from "./types.ts";

export type { Condition, DeclaredFacts, Read, ReadEffect, ReadOf } from "./read-types.ts";

export const PRODUCTION_GUARD: Condition = {
  text: "TARGET_ENV=production without ALLOW_MUTATIONS=true",
  holds: (d) => d.safety?.targetEnv === "production" && !d.safety.allowMutations,
};
const OFF_SANDBOX_NO_UNKNOWN_PAN: Condition = {
  text: "UNKNOWN_CARD_PAN unset and TARGET_ENV other than sandbox",
  holds: (d) => d.safety !== undefined && d.safety.targetEnv !== "sandbox" && !d.safety.unknownCardPan,
};
const DEBIT_CAP: Condition = { text: "MAX_DEBIT_TOTAL set", holds: (d) => d.safety?.maxDebitTotalMinor !== undefined };
const RETRYING: Condition = { text: "CHECK_RETRIES above 0", holds: (d) => (d.retries ?? 0) > 0 };

/** Card API requests carry the harness's auth (CARD_API_AUTH) and headers (CARD_API_HEADERS): every card API check. */
export const CARD_API_READS: readonly Read[] = [
  {
    variable: "CARD_API_AUTH",
    effect: "changes",
    when: { text: "CARD_API_AUTH other than none", holds: (d) => d.cardApiAuth !== "none" },
  },
  {
    variable: "CARD_API_HEADERS",
    effect: "changes",
    when: { text: "CARD_API_HEADERS set", holds: (d) => d.cardApiHeaders.length > 0 },
  },
];

/** A statement request is written in the declared form at the target's offset (and a day begins at its midnight). */
export const STATEMENT_READS: readonly Read[] = ["STATEMENT_DATE_FORMAT", "TARGET_UTC_OFFSET"];

/** Which limits count, and how (the limits vocabulary and the test terminal's scope): the checks that judge usage and limits. */
export const LIMIT_VOCABULARY_READS: readonly Read[] = [
  "CUMULATIVE_LIMIT_TYPES",
  "MINIMUM_LIMIT_TYPES",
  "MAXIMUM_LIMIT_TYPES",
  "LIMIT_PERIODS",
  "TERMINAL_MCC",
  "LIMIT_ANY_MCC",
  "TERMINAL_REGION",
  "LIMIT_ANY_REGION",
  "LIMIT_TRANSACTION_TYPES",
];

/** The debit of an unknown card: the number it sends, and off the sandbox none without UNKNOWN_CARD_PAN (not judged). */
export const UNKNOWN_CARD_READS: readonly Read[] = [
  {
    variable: "UNKNOWN_CARD_PAN",
    effect: "changes",
    when: { text: "UNKNOWN_CARD_PAN set", holds: (d) => d.safety?.unknownCardPan === true },
  },
  { variable: "UNKNOWN_CARD_PAN", effect: "disables", when: OFF_SANDBOX_NO_UNKNOWN_PAN },
  { variable: "TARGET_ENV", effect: "disables", when: OFF_SANDBOX_NO_UNKNOWN_PAN },
];

/** The generated requests of an operation obey, and its invalid ones break, the rules REQUEST_RULES_FILE declares for it. */
export function rulesRead(op: { key: string }): Read {
  return {
    variable: "REQUEST_RULES_FILE",
    effect: "changes",
    when: {
      text: `REQUEST_RULES_FILE declares rules for ${op.key}`,
      holds: (d) => d.requestRulesFile !== undefined && (d.requestRulesFile.operations?.includes(op.key) ?? true),
    },
  };
}

/**
 * Every check: a failed one runs again (CHECK_RETRIES). One that moves money (touches, isolation.ts)
 * debits amounts of the debit range (DEBIT_AMOUNT_MIN / MAX, else read from the card's limits),
 * counted against MAX_DEBIT_TOTAL and refused in production by the guard (lib/http/guard.ts), as is
 * every request of an operation that creates anything.
 */
function engineReads(check: Check, module: Module): ReadOf[] {
  // What it touches (isolation.ts touchesOf): anything but read-only debits.
  const debits = (check.touches ?? module.touches ?? "read-only") !== "read-only";
  const guarded = module.operation.mutates || debits;
  return [
    { variable: "CHECK_RETRIES", effect: "changes", when: RETRYING },
    ...(guarded ? [{ variable: "TARGET_ENV", effect: "disables", when: PRODUCTION_GUARD } as const] : []),
    ...(debits ? DEBIT_READS : []),
  ];
}

function expand(read: Read): ReadOf {
  return typeof read === "string" ? { variable: read, effect: "changes" } : { effect: "changes", ...read };
}

const RANGE_FROM_LIMITS: Condition = {
  text: "DEBIT_AMOUNT_MIN or DEBIT_AMOUNT_MAX unset: the debit range read from the payment card's limits",
  holds: (d) => d.debitAmounts.minMinor === undefined || d.debitAmounts.maxMinor === undefined,
};

/** The debit range every debit is drawn from: declared, else read from the card's limits in the declared vocabulary. */
const DEBIT_READS: readonly ReadOf[] = [
  { variable: "DEBIT_AMOUNT_MIN", effect: "changes" },
  { variable: "DEBIT_AMOUNT_MAX", effect: "changes" },
  ...[...LIMIT_VOCABULARY_READS, "LIMIT_OBJECT_TYPES" as const].map((read) => ({
    ...expand(read),
    when: RANGE_FROM_LIMITS,
  })),
  { variable: "MAX_DEBIT_TOTAL", effect: "changes", when: DEBIT_CAP },
];

/** What a check reads: its own declaration, its module's, and what the engine applies to every check. */
export function readsOf(check: Check, module: Module): ReadOf[] {
  return [...(module.reads ?? []), ...(check.reads ?? [])].map(expand).concat(engineReads(check, module));
}

/** Whether a read takes effect under a declaration: a read without a condition always does. */
export function inEffect(read: ReadOf, d: DeclaredFacts): boolean {
  return read.when ? read.when.holds(d) : true;
}

/** "IDEMPOTENCY_MODE", "TARGET_ENV (disables: TARGET_ENV=production without ALLOW_MUTATIONS=true)". */
export function describeRead(read: ReadOf): string {
  if (read.effect === "changes" && !read.when) return read.variable;
  return `${read.variable} (${read.effect}${read.when ? `: ${read.when.text}` : ""})`;
}

/** Every check of these modules with what it reads, for the statement and the docs. */
export function checkReads(modules: readonly Module[]): Array<{ id: string; reads: ReadOf[] }> {
  return modules.flatMap((m) => m.checks.map((c) => ({ id: c.id, reads: readsOf(c, m) })));
}
