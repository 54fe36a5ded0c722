/**
 * CARD-LEDGER-USAGE's reading: cumulative usage moves by exactly the accepted amounts, or not at
 * all (a limit whose scope the harness does not know to exclude). A limit that does not apply to
 * the test terminal, or whose period means `debit` (LIMIT_PERIODS), is expected nothing of. On a
 * shared staging the reading waits for our postings (LEDGER_SETTLE_MS) and counts others': usage may
 * also have moved by what other clients' operations on the payment card add up to (its statement
 * shows them). Usage that falls back to no more than what was debited since is a reset the `dt`
 * does not mark: set aside, as readings across a midnight are; usage that falls otherwise fails.
 */
import { converge, fail } from "../../../lib/checks/kit.ts";
import type { ObjectKind } from "../../../lib/payments/kinds.ts";
import type { AmountLimit } from "../../../lib/payments/limits.ts";
import { accumulates, appliesTo, resettingPeriods } from "../../../lib/payments/limit-vocabulary.ts";
import { formatMicro, micro } from "../../../lib/payments/money.ts";
import { boundaryBetween } from "../../../lib/time/period-boundary.ts";
import type { LedgerReal } from "./model.ts";
import { expectedOf, type LedgerModel } from "./observations.ts";
import { newOperations, windowSince } from "./readback.ts";
import { attribute, foreignTotal, judgeOurs } from "./settling.ts";

type Verdict =
  | { state: "explained" }
  | { state: "nothing" }
  | { state: "set aside"; why: string }
  | { state: "unexplained"; detail: string; by: number };

/** What the card's statement shows of others since the baseline: how many operations, and their total. */
interface Others {
  count: number;
  micro: number;
}

export function usageVerdict(
  r: LedgerReal,
  m: LedgerModel,
  kind: ObjectKind,
  limits: AmountLimit[],
  others: Others,
): Verdict {
  const vocabulary = r.ctx.config.cardApi;
  const counted = limits.filter((l) => accumulates(vocabulary, l) && appliesTo(r.terminal, l));
  // Usage resets when a limit's period ends: readings on either side of that boundary are not compared.
  const boundary = boundaryBetween(
    r.baselineAt.get(kind) ?? r.since,
    r.readAt.get(kind) ?? Date.now(),
    r.ctx.config.target.utcOffset,
    resettingPeriods(vocabulary, counted),
  );
  if (boundary) return { state: "set aside", why: `the ${kind}'s limits were read on either side of ${boundary}` };
  const before = new Map((r.baselineLimits.get(kind) ?? []).map((l) => [l.key, micro(l.current)]));
  const ours = m.accepted.reduce((sum, a) => sum + a.micro, 0);
  const moves = counted
    .filter((l) => before.get(l.key) !== undefined)
    .map((l) => ({ key: l.key, now: micro(l.current) ?? NaN, by: (micro(l.current) ?? NaN) - before.get(l.key)! }));
  // No cumulative limit of this object to compare: nothing judged (a survey where no object has one is not judged).
  if (!moves.length) return { state: "nothing" };
  const fell = moves.find((x) => x.by < 0);
  if (fell && fell.now <= ours + others.micro)
    return {
      state: "set aside",
      why: `the ${kind} limit ${fell.key} fell from ${formatMicro(fell.now - fell.by)} to ${formatMicro(fell.now)}, no more than was debited since: its period reset between the readings, though the dt does not mark it`,
    };
  const ok = (by: number) => by === 0 || by === ours || (others.count > 0 && by === ours + others.micro);
  const theirs = others.count ? `, others' operations seen on the payment card ${formatMicro(others.micro)}` : "";
  const wrong = moves.find((x) => !ok(x.by));
  if (wrong)
    return {
      state: "unexplained",
      by: wrong.by,
      detail: `${kind} limit ${wrong.key}: current moved by ${formatMicro(wrong.by)}, the accepted debits total ${formatMicro(ours)}${theirs}`,
    };
  if (ours !== 0 && !moves.some((x) => x.by !== 0))
    return {
      state: "unexplained",
      by: 0,
      detail: `no cumulative limit of the ${kind} moved, though debits of ${formatMicro(ours)} were accepted (${moves.map((x) => x.key).join(", ")})`,
    };
  return { state: "explained" };
}

/**
 * Reads the object's limits until its usage is explained by our postings (and others' seen), or
 * LEDGER_SETTLE_MS is spent; then judges the last reading. Returns that reading's limits.
 */
export async function settleUsage(r: LedgerReal, m: LedgerModel, kind: ObjectKind): Promise<AmountLimit[]> {
  let others: Others = { count: 0, micro: 0 };
  const read = async () => {
    const limits = await r.limits(kind);
    let verdict = usageVerdict(r, m, kind, limits, others);
    if (verdict.state === "unexplained") {
      // Others' postings on the card may explain it: its statement since the baseline says how much.
      const { operations } = await r.statement(windowSince(r.since));
      // An extra posting of an amount a limit fixes may be another run's (settling.ts judgeOurs): counted as others'.
      const seen = attribute(newOperations(r.baselineOperations, operations), m.sent);
      const { foreign } = judgeOurs(expectedOf(m), seen, m.fixed);
      others = { count: foreign.length, micro: foreignTotal(foreign) };
      verdict = usageVerdict(r, m, kind, limits, others);
    }
    return { limits, verdict };
  };
  const bound = r.settleBound();
  const seen = await converge(r.ctx, read, (x) => x.verdict.state !== "unexplained", {
    since: r.lastDebitAt,
    expects: m.accepted.length > 0,
    ...(bound !== undefined ? { boundMs: bound } : {}),
  });
  const { verdict, limits } = seen.reading;
  if (verdict.state === "set aside") r.notJudged("usage", verdict.why);
  if (verdict.state === "explained") r.judge("usage", () => undefined);
  if (verdict.state !== "unexplained") return limits;
  r.ranOut();
  const ours = m.accepted.reduce((sum, a) => sum + a.micro, 0);
  // The gap is one of our debits: that posting is not counted (others' activity cannot explain it away).
  const gap = [ours - verdict.by, ours + others.micro - verdict.by];
  const lost = expectedOf(m).find((e) => gap.includes(e.micro));
  const twice = expectedOf(m).find((e) => gap.includes(-e.micro));
  const named = lost
    ? ` — the debit of ${formatMicro(lost.micro)} (request_id ${lost.requestId}) is not counted after ${seen.waitedMs} ms (${seen.readings} reading(s))`
    : twice
      ? ` — the debit of ${formatMicro(twice.micro)} (request_id ${twice.requestId}) is counted twice`
      : "";
  if (!named && others.count)
    r.notJudged(
      "usage",
      `the ${kind}'s usage moved by an amount others' activity leaves unexplained (${verdict.detail}; ${others.count} operation(s) of other clients seen)`,
      "LEDGER_SETTLE_MS",
    );
  else r.judge("usage", () => fail("invariant", `${verdict.detail}${named}`));
  return limits;
}
