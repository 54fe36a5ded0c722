/**
 * The one table of the sandbox's deliberate deviations. Every behaviour fault (faults.ts) sets the
 * hooks it needs here; the reference code reads the hooks — never a fault's name — so it reads as
 * the reference, with each point where it can deviate named, and a new fault is one row below.
 * The defaults are the conforming behaviour.
 */
import type { BehaviourFaultName, FaultSet } from "./faults.ts";

export interface FaultHooks {
  // before any handler (server.ts)
  /** A request body answered with HTTP 500, and why (undefined: handled). */
  serverErrorFor(bodyText: string): string | undefined;
  acceptsInvalidInput: boolean;
  wrongResponseSignature: boolean;
  // §4.1 register business client
  checksBearer: boolean;
  checksSignature: boolean;
  undecryptableAsEmpty: boolean;
  nonAsciiClientData: "accepted" | "server-error" | "refused";
  // §4.3 create transaction
  unknownCardAsPaymentCard: boolean;
  replayPostsAgain: boolean;
  reusedIdPostsAgain: boolean;
  /** Debits above this many minor units are refused. */
  largestDebitMinor: number;
  enforcesMinimums: boolean;
  enforcesCumulativeLimits: boolean;
  /** The cards' own limits list a per-debit maximum of this many minor units (undefined: as the sandbox's options say). */
  debitMaximumMinor: number | undefined;
  enforcesMaximums: boolean;
  /** A debit exactly at the maximum is accepted. */
  maximumInclusive: boolean;
  /** Time between the limit check and the posting (0: atomic). */
  postingDelayMs: number;
  losesPosting(minor: number): boolean;
  /** A posting shows in the statement and in usage this long after its answer (held against the limits at once). */
  postingShowsAfterMs: number;
  // §4.4 limits list
  frozenUsage: boolean;
  usageCountsEveryCard: boolean;
  remainingSkewMinor: number;
  /** How the usage of a minimum limit (always zero) is written; undefined: as the amount it is. */
  minimumUsageText: string | undefined;
  limitsOnlyForCards: boolean;
  unknownObjectAsPaymentCard: boolean;
  // §4.2 card statement
  unknownCardAsStatementCard: boolean;
  refusesSingleInstantPeriods: boolean;
  ignoresPeriod: boolean;
  listsEveryCard: boolean;
  emptyPeriodIsError: boolean;
  /** Statement amounts: exact, minor units × 0.01 in floating point, or a tenth of a tiyn off. */
  statementAmounts: "exact" | "float" | "drift";
  addsOperationBeforePeriod: boolean;
  // payment rules (sandbox/rules)
  checksCardData: boolean;
  checksPeriods: boolean;
  checksReferenceKinds: boolean;
  checksMoney: boolean;
  // answers that change from one to the next (served counts: env.ts `nthServed`)
  /** Every second success answer of an operation is serialized as an older build would. */
  alternatesBuilds: boolean;
  /** A closed period's statement, read again, changes its last operation every second time. */
  rereadStatementChanges: boolean;
  /** An object's limits, read again, gain a limit record every second time. */
  rereadLimitsChange: boolean;
}

const CONFORMING: FaultHooks = {
  serverErrorFor: () => undefined,
  acceptsInvalidInput: false,
  wrongResponseSignature: false,
  checksBearer: true,
  checksSignature: true,
  undecryptableAsEmpty: false,
  nonAsciiClientData: "accepted",
  unknownCardAsPaymentCard: false,
  replayPostsAgain: false,
  reusedIdPostsAgain: false,
  largestDebitMinor: Number.POSITIVE_INFINITY,
  enforcesMinimums: true,
  enforcesCumulativeLimits: true,
  debitMaximumMinor: undefined,
  enforcesMaximums: true,
  maximumInclusive: true,
  postingDelayMs: 0,
  losesPosting: () => false,
  postingShowsAfterMs: 0,
  frozenUsage: false,
  usageCountsEveryCard: false,
  remainingSkewMinor: 0,
  minimumUsageText: undefined,
  limitsOnlyForCards: false,
  unknownObjectAsPaymentCard: false,
  unknownCardAsStatementCard: false,
  refusesSingleInstantPeriods: false,
  ignoresPeriod: false,
  listsEveryCard: false,
  emptyPeriodIsError: false,
  statementAmounts: "exact",
  addsOperationBeforePeriod: false,
  checksCardData: true,
  checksPeriods: true,
  checksReferenceKinds: true,
  checksMoney: true,
  alternatesBuilds: false,
  rereadStatementChanges: false,
  rereadLimitsChange: false,
};

const NON_ASCII = /[^\x00-\x7f]/;

/** What each behaviour fault changes: the type requires a row for every fault. */
export const FAULT_HOOKS: Record<BehaviourFaultName, Partial<FaultHooks>> = {
  "accepts-invalid-input": { acceptsInvalidInput: true },
  "accepts-foreign-card-data": { checksCardData: false },
  "accepts-mismatched-money": { checksMoney: false },
  "accepts-nonsense-periods": { checksPeriods: false },
  "resolves-any-identifier": { checksReferenceKinds: false },
  "statement-lists-every-card": { listsEveryCard: true },
  "card-limits-count-every-card": { usageCountsEveryCard: true },
  "statement-float-amounts": { statementAmounts: "float" },
  "statement-amount-drift": { statementAmounts: "drift" },
  "limits-negative-zero": { minimumUsageText: "-0.00" },
  "skips-bearer-check": { checksBearer: false },
  "skips-signature-check": { checksSignature: false },
  "ignores-undecryptable": { undecryptableAsEmpty: true },
  "response-signature-wrong": { wrongResponseSignature: true },
  "500-on-non-ascii": {
    serverErrorFor: (body) => (NON_ASCII.test(body) ? "fault: non-ASCII body" : undefined),
    nonAsciiClientData: "server-error",
  },
  "500-on-long-body": { serverErrorFor: (body) => (body.length > 8192 ? "fault: long body" : undefined) },
  "rejects-non-ascii-client-data": { nonAsciiClientData: "refused" },
  "debits-unknown-card-as-fixture": { unknownCardAsPaymentCard: true },
  "double-posting-on-replay": { replayPostsAgain: true },
  "accepts-reused-request-id": { reusedIdPostsAgain: true },
  "rejects-amounts-above-50": { largestDebitMinor: 5_000 },
  "limits-not-enforced": { enforcesMinimums: false, enforcesCumulativeLimits: false },
  "cumulative-limits-not-enforced": { enforcesCumulativeLimits: false },
  "maximum-not-enforced": { debitMaximumMinor: 50_000, enforcesMaximums: false },
  "maximum-exclusive": { debitMaximumMinor: 50_000, maximumInclusive: false },
  // Yields between the limit check and the posting: the check-then-act race.
  "limit-race": { postingDelayMs: 5 },
  // Decided by the debit itself, not by a count of all debits: checks run side by side, and which
  // debit was "every second one" would depend on their interleaving (a flaky fault table).
  "lost-write": { losesPosting: (minor) => minor % 2 === 1 },
  "posts-late": { postingShowsAfterMs: 300 },
  "frozen-usage": { frozenUsage: true },
  "wrong-remaining": { remainingSkewMinor: 100 },
  "limits-only-for-cards": { limitsOnlyForCards: true },
  "limits-unknown-object-leaks": { unknownObjectAsPaymentCard: true },
  "statement-unknown-card-leaks": { unknownCardAsStatementCard: true },
  "rejects-single-instant-periods": { refusesSingleInstantPeriods: true },
  "statement-ignores-period": { ignoresPeriod: true },
  "empty-period-is-an-error": { emptyPeriodIsError: true },
  "operations-outside-period": { addsOperationBeforePeriod: true },
  "two-builds": { alternatesBuilds: true },
  "statement-record-changes": { rereadStatementChanges: true },
  "limit-records-change": { rereadLimitsChange: true },
};

/** The hooks of a sandbox: the conforming ones, changed by each of its behaviour faults. */
export function hooksOf(faults: FaultSet): FaultHooks {
  const rows = faults.behaviourNames().map((name) => FAULT_HOOKS[name]);
  // Two faults that each answer some bodies with a 500 both apply.
  const errors = rows.flatMap((row) => (row.serverErrorFor ? [row.serverErrorFor] : []));
  return {
    ...CONFORMING,
    ...Object.assign({}, ...rows),
    serverErrorFor: (body: string) => errors.map((f) => f(body)).find((reason) => reason !== undefined),
  };
}
