/**
 * Concurrency (should level, §2.3 and §2.4): parallel debits whose sum exceeds a remaining limit
 * never pass it together (parallel replays of one request_id: parallel-replay.checks.ts). Bounded:
 * RACE_DEBITS (at most 100), loopback or the configured target, each request under
 * REQUEST_TIMEOUT_MS and the pace settings. On a shared card the race counts only its own debits:
 * their amount is the run's own (lib/payments/run-amounts.ts), and their postings are awaited
 * within LEDGER_SETTLE_MS (settling.ts).
 */
import {
  answerKind,
  type CheckContext,
  defineCheck,
  type Exchange,
  fail,
  LIMIT_VOCABULARY_READS,
  requireAnswer,
} from "../../../lib/checks/kit.ts";
import { CREATE_TRANSACTION } from "../../../lib/catalogue/index.ts";
import { runShiftMinor } from "../../../lib/payments/run-amounts.ts";
import { debitRequest } from "../../../generators/card-api/transaction.ts";
import { fakerFor, freshRequestId } from "../../../generators/faker.ts";
import { boundaryBetween } from "../../../lib/time/period-boundary.ts";
import { answeredAt, readLimits, statementOperations, windowSince } from "./readback.ts";
import { awaitOurs, foreignTotal, missing, notShown, requestIdOf } from "./settling.ts";
import {
  largestMinimum,
  limitsThatApply,
  resettingPeriods,
  smallestMaximum,
  smallestRemaining,
} from "../../../lib/payments/limit-vocabulary.ts";
import { formatMicro, formatMinor, micro, microOfMinor, minorOfMicro } from "../../../lib/payments/money.ts";

/** The most of these exchanges that were in flight at the same time (from their start and duration). */
export function mostInFlight(exchanges: Array<{ startedAt: number; durationMs: number }>): number {
  const edges = exchanges
    .flatMap(
      (e) =>
        [
          [e.startedAt, 1],
          [e.startedAt + e.durationMs, -1],
        ] as const,
    )
    // At the same instant a start counts before an end: two requests sent in the same millisecond overlap.
    .sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let now = 0;
  let most = 0;
  for (const [, step] of edges) most = Math.max(most, (now += step));
  return most;
}

/**
 * A race that did not happen proves nothing: when the pace (MAX_RPS, this process's share of
 * CONCURRENCY) sent the requests one after another, the check is skipped with that reason.
 */
export function requireOverlap(ctx: CheckContext, exchanges: Array<{ startedAt: number; durationMs: number }>): void {
  if (mostInFlight(exchanges) < 2)
    ctx.notJudged(
      "the requests were never in flight together (MAX_RPS or CONCURRENCY paced them one after another), so no race was tested",
      "MAX_RPS / CONCURRENCY",
    );
}

/** A debit of a race card, by card_id only (the race fixtures are configured by id). */
function raceDebit(ctx: CheckContext, cardId: string, minor: number) {
  const body = debitRequest(fakerFor(ctx.seed), ctx.config, { minor, requestId: freshRequestId() });
  const { amount, currency, terminal_number } = body.debit;
  return { ...body, debit: { amount, currency, terminal_number, card: { card_id: cardId } } };
}

interface RaceCard {
  cardId: string;
  remaining: number;
  amount: number;
  /** When the target answered the limits reading (its `dt`), and the periods of its cumulative limits. */
  readAt: number;
  periods: string[];
}

/**
 * The first race card with room for at least one debit of the race amount, and that amount: about
 * 2 × remaining / RACE_DEBITS, at least the largest minimum, at most the smallest per-debit maximum
 * — of the limits that apply to the test terminal. Otherwise why no card could be raced.
 */
async function raceCard(ctx: CheckContext): Promise<RaceCard | string> {
  const { terminal } = await ctx.debitAmounts();
  const vocabulary = ctx.config.cardApi;
  let why = `every race card (RACE_CARD_IDS, ${ctx.config.fixtures.raceCardIds.length}) has used its limit for this period; it resets with the period`;
  for (const cardId of ctx.config.fixtures.raceCardIds) {
    const { limits: listed, at } = await readLimits(ctx, "card", cardId);
    const limits = limitsThatApply(listed, terminal);
    const remaining = smallestRemaining(vocabulary, limits);
    if (remaining === undefined) why = `race card ${cardId} lists no cumulative limit of its own (group card)`;
    if (remaining === undefined || remaining <= 0) continue;
    const perDebit = microOfMinor(minorOfMicro((2 * remaining) / ctx.config.cardApi.raceDebits, "up"));
    const cap = smallestMaximum(vocabulary, limits)?.micro ?? Infinity;
    const amount = Math.min(cap, Math.max(perDebit, largestMinimum(vocabulary, limits), 10_000));
    if (amount * ctx.config.cardApi.raceDebits <= remaining) {
      why = `RACE_DEBITS (${ctx.config.cardApi.raceDebits}) debits of at most the per-debit maximum ${formatMicro(cap)} cannot pass the remaining ${formatMicro(remaining)} of card ${cardId}: raise RACE_DEBITS or give race cards smaller limits`;
      continue;
    }
    if (amount <= remaining)
      return {
        cardId,
        remaining,
        amount: ownAmount(amount, cap, remaining, ctx.config.cardApi.amountNonce),
        readAt: at,
        periods: resettingPeriods(vocabulary, limits),
      };
  }
  return why;
}

/**
 * The race amount moved by up to 0.99 for this run (lib/payments/run-amounts.ts), so that a second
 * run racing the same card at the same time posts amounts of its own; unmoved when that would pass
 * the per-debit maximum or the remaining limit.
 */
function ownAmount(amount: number, cap: number, remaining: number, nonce: number): number {
  const moved = amount + microOfMinor(runShiftMinor(99, nonce));
  return moved <= cap && moved <= remaining ? moved : amount;
}

/**
 * The remaining limit was read before the debits: when the target's period ended in between (its
 * midnight at TARGET_UTC_OFFSET, told by its own `dt`), the limit reset, and debits past the old
 * remaining prove nothing — not judged, naming the boundary, never a failure.
 */
function notJudgedAcrossBoundary(ctx: CheckContext, race: RaceCard, exchanges: Exchange[]): void {
  const last = Math.max(...exchanges.map(answeredAt));
  const boundary = boundaryBetween(race.readAt, last, ctx.config.target.utcOffset, race.periods);
  if (boundary)
    ctx.notJudged(
      `the race card's limits were read before ${boundary}, and its debits were answered after it`,
      "TARGET_UTC_OFFSET",
    );
}

export const parallelDebitsWithinLimit = defineCheck({
  id: "CARD-LEDGER-RACE",
  reads: LIMIT_VOCABULARY_READS,
  touches: "race-card",
  level: "should",
  spec: "§2.4",
  // declared: the limits vocabulary (CUMULATIVE_LIMIT_TYPES, …, the test terminal's scope) and the target's own limits
  basis: "declared",
  title: "Create transaction: parallel debits whose sum exceeds the remaining limit never pass it together",
  description:
    "RACE_DEBITS debits of a race card at once, together about twice its remaining cumulative limit: the accepted ones stay within it, and the statement holds exactly them. Each run exhausts one race card for the limit's period (RACE_CARD_IDS is a pool).",
  async run(ctx) {
    const race = await raceCard(ctx);
    if (typeof race === "string") return ctx.notJudged(race, "RACE_CARD_IDS");
    // The race card's lane: nothing else debits it between the readings (lib/http/coordination/lanes.ts).
    await ctx.isolated(race.cardId, () => raceOn(ctx, race));
  },
});

/** The race itself, on a card whose lane the check holds. */
async function raceOn(ctx: CheckContext, race: RaceCard): Promise<void> {
  const since = Date.now();
  const before = await statementOperations(ctx, race.cardId, windowSince(since));
  const minor = minorOfMicro(race.amount);
  const exchanges = await Promise.all(
    Array.from({ length: ctx.config.cardApi.raceDebits }, () =>
      ctx.send(CREATE_TRANSACTION, raceDebit(ctx, race.cardId, minor)),
    ),
  );
  exchanges.forEach(requireAnswer);
  const accepted = exchanges.filter((e) => answerKind(e) === "success");
  accepted.slice(0, 2).forEach((e) => ctx.record(e));
  const total = accepted.length * race.amount;
  if (total > race.remaining) notJudgedAcrossBoundary(ctx, race, exchanges);
  if (total > race.remaining)
    fail(
      "invariant",
      `${accepted.length} of ${exchanges.length} parallel debits of ${formatMinor(minor)} were accepted: ${formatMicro(total)} in total, over the remaining ${formatMicro(race.remaining)}`,
    );
  // Ours are the postings of the race amount; others' on the card (another client, another run) are counted, not judged.
  const expected = accepted.map((e) => ({ micro: race.amount, requestId: requestIdOf(e) }));
  const seen = await awaitOurs(ctx, {
    before,
    read: () => statementOperations(ctx, race.cardId, windowSince(since)),
    sent: new Set([race.amount]),
    expected,
    since: Date.now(),
  });
  const posted = seen.reading.ours;
  if (seen.reading.foreign.length)
    ctx.note(
      `${seen.reading.foreign.length} operation(s) of other clients on the race card (${formatMicro(foreignTotal(seen.reading.foreign))}), not judged`,
    );
  const lost = missing(expected, posted)[0];
  if (posted.length !== accepted.length)
    fail(
      "invariant",
      `${accepted.length} debits were accepted, the statement shows ${posted.length} new operation(s) of their amount${lost ? `: ${notShown(lost, seen)}` : ""}`,
    );
  requireOverlap(ctx, exchanges);
}
