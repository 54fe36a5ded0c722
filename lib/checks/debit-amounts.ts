/**
 * The debit amounts of a run context, read once: the payment card's limits list (§4.4, read-only)
 * gives the range (lib/payments/debit-range.ts), memoized as one promise so that checks asking at once share
 * one reading. It never rejects: a limits list that cannot be read gives the documented defaults,
 * and the range says so.
 */
import { randomUUID } from "node:crypto";
import { LIMITS_LIST } from "../catalogue/index.ts";
import type { Config } from "../config/load.ts";
import type { Target } from "../http/target.ts";
import { MAGIC_AMOUNTS_MINOR } from "../test-data/published.ts";
import { answerKind, describeAnswer } from "./answers.ts";
import { chooseDebitRange, type DebitRange } from "../payments/debit-range.ts";
import { amountLimitsOf, type AmountLimit } from "../payments/limits.ts";
import type { TerminalScope } from "../payments/limit-vocabulary.ts";

export type { DebitRange } from "../payments/debit-range.ts";

/** The range for these limits under this configuration (the test terminal as declared, or as the preflight read it). */
export function debitRangeFor(
  config: Config,
  limits: AmountLimit[] | undefined,
  terminal: TerminalScope = config.cardApi.terminal,
): DebitRange {
  const { minMinor, maxMinor } = config.fixtures.debitAmounts;
  return chooseDebitRange(limits, {
    vocabulary: config.cardApi,
    terminal,
    ...(minMinor !== undefined ? { configuredMinMinor: minMinor } : {}),
    ...(maxMinor !== undefined ? { configuredMaxMinor: maxMinor } : {}),
    avoidMinor: Object.values(MAGIC_AMOUNTS_MINOR),
    currency: config.fixtures.payment.currency,
  });
}

/**
 * The limits request of the payment card: the suites' generator hands one over (it obeys the rules
 * the target declares, REQUEST_RULES_FILE); without it, the plain request.
 */
export type LimitsRequestOf = (config: Config) => unknown;

const plainLimitsRequest: LimitsRequestOf = (config) => ({
  request_id: randomUUID(),
  object: { type: config.cardApi.objectTypes.card, value: config.fixtures.payment.cardId },
});

/** Reads the payment card's limits and chooses the range; both bounds configured: nothing is read. */
export async function readDebitRange(
  config: Config,
  target: Target,
  limitsRequest: LimitsRequestOf = plainLimitsRequest,
  terminal: TerminalScope = config.cardApi.terminal,
): Promise<DebitRange> {
  const { minMinor, maxMinor } = config.fixtures.debitAmounts;
  if (minMinor !== undefined && maxMinor !== undefined) return debitRangeFor(config, [], terminal);
  let unread: string;
  try {
    const body = limitsRequest(config);
    const exchange = await target.send(LIMITS_LIST, body);
    if (answerKind(exchange) === "success")
      return debitRangeFor(config, amountLimitsOf(exchange.response?.json), terminal);
    unread = describeAnswer(exchange);
  } catch (error) {
    unread = (error as Error).message;
  }
  const range = debitRangeFor(config, undefined, terminal);
  return { ...range, why: `${range.why} (${unread})` };
}

/** One memoized reading per target (a run context shares its target with every check's context). */
const readings = new WeakMap<Target, Promise<DebitRange>>();
/** The limits request each target's readings are made with, so that a reading chosen again asks the same way. */
const requestsOf = new WeakMap<Target, LimitsRequestOf>();

export function debitRangeOf(config: Config, target: Target, limitsRequest?: LimitsRequestOf): Promise<DebitRange> {
  if (limitsRequest) requestsOf.set(target, limitsRequest);
  let pending = readings.get(target);
  if (!pending) {
    pending = readDebitRange(config, target, limitsRequest);
    readings.set(target, pending);
  }
  return pending;
}

/**
 * The preflight read the test terminal's MCC from its posted fixture debit (TERMINAL_MCC unset):
 * the range is chosen again for that terminal, and every later reading of this target gets it.
 */
export function rechooseDebitRange(config: Config, target: Target, terminal: TerminalScope): Promise<DebitRange> {
  const pending = readDebitRange(config, target, requestsOf.get(target), terminal);
  readings.set(target, pending);
  return pending;
}
