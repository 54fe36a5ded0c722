/**
 * CARD-LEDGER-SETTLE (info, §4.2): how long the run's postings took to show. §4.2 says a statement
 * returns a card's transactions over a period, not when a posting becomes visible, so a lag is never
 * a violation: every reading that expects a posting waits for it (lib/checks/converge.ts) within
 * LEDGER_SETTLE_MS. Decided once every other check has sent, from the waits they made in this
 * process; a lag seen while the bound is not declared is an observation suggesting the declaration.
 */
import { defineSettledCheck, fail, LIMIT_VOCABULARY_READS, recordedSettleTimes } from "../../../lib/checks/kit.ts";

/** A declaration to suggest: the slowest settle time seen, doubled, in whole seconds. */
const suggested = (max: number) => Math.max(1_000, Math.ceil((2 * max) / 1_000) * 1_000);

export const ledgerSettleTime = defineSettledCheck({
  id: "CARD-LEDGER-SETTLE",
  level: "info",
  spec: "§4.2",
  basis: "spec",
  title: "Create transaction: how long an accepted debit takes to show in the statement and in usage",
  description:
    "The settle times the ledger checks measured (p50, p95, max) and the postings that never showed within LEDGER_SETTLE_MS, reported beside the latency figures (summary.json settleTimes). " +
    "An observation, never a failure: a posting that shows late is not a violation (§4.2 says nothing of when it becomes visible). A lag seen while LEDGER_SETTLE_MS is not declared is reported with the declaration to make.",
  touches: "read-only",
  // LEDGER_SETTLE_MS, and what decides whether the ledger checks debit at all (their limits vocabulary).
  reads: ["LEDGER_SETTLE_MS", ...LIMIT_VOCABULARY_READS],
  async run(ctx) {
    const times = await recordedSettleTimes(ctx);
    const figures = times.figures();
    const { ms, declared } = ctx.config.cardApi.ledgerSettle;
    // Nothing awaited (no ledger check debited: TARGET_ENV, MAX_DEBIT_TOTAL, the limits, the deadline): nothing to measure.
    if (!figures)
      return ctx.notApplicable(
        "nothing sent",
        "no reading of this run waited for a posting (no ledger check debited): nothing to measure",
      );
    ctx.keepSettle({
      waits: figures.count,
      late: figures.late,
      ranOut: times.lost,
      p50Ms: figures.p50,
      p95Ms: figures.p95,
      maxMs: figures.max,
      boundMs: ms,
      declared,
    });
    const lost = times.lost
      ? `; ${times.lost} wait(s) ran out at ${ms} ms (the checks that made them say which debit)`
      : "";
    const text =
      `${figures.count} posting wait(s), ${figures.late} not shown at the first reading: ` +
      `settle time p50 ${figures.p50} · p95 ${figures.p95} · max ${figures.max} ms${lost}`;
    ctx.note(`${text} (LEDGER_SETTLE_MS ${ms}${declared ? ", declared" : ", the default"})`);
    if (figures.late === 0 || declared) return;
    fail(
      "value",
      `the ledger posts late — ${text}. Declare how long a posting may take (e.g. LEDGER_SETTLE_MS=${suggested(figures.max)}), so that the wait is the target's word, not the default ${ms} ms`,
    );
  },
});
