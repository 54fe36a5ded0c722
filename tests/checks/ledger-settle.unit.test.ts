/**
 * CARD-LEDGER-SETTLE (suites/card-api/ledger/settle.checks.ts) from the waits a run made
 * (lib/checks/converge.ts SettleTimes): postings all there at the first reading pass; a lag with
 * LEDGER_SETTLE_MS unset is the observation suggesting the declaration; declared, it is reported
 * and passes; no wait at all, nothing to measure (skipped).
 */
import { expect, test } from "vitest";
import { SettleTimes } from "../../lib/checks/converge.ts";
import { CheckFailure, CheckSkipped, notApplicable } from "../../lib/checks/failure.ts";
import type { SettleContext, SettleReading } from "../../lib/checks/types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { ledgerSettleTime } from "../../suites/card-api/ledger/settle.checks.ts";

/** The check's outcome over these settle samples, with LEDGER_SETTLE_MS as given (unset: the default). */
async function settleOutcome(
  samples: number[],
  settle?: string,
  lost = 0,
): Promise<{ outcome: string; text: string; reading?: SettleReading }> {
  const times = new SettleTimes();
  times.samples.push(...samples);
  times.lost = lost;
  const notes: string[] = [];
  let reading: SettleReading | undefined;
  const ctx = {
    config: loadConfig(settle === undefined ? {} : { LEDGER_SETTLE_MS: settle }),
    sharedValue: async () => (samples.length ? times : undefined),
    note: (text: string) => void notes.push(text),
    keepSettle: (r: SettleReading) => void (reading = r),
    notApplicable,
  } as unknown as SettleContext;
  const kept = () => (reading ? { reading } : {});
  try {
    await ledgerSettleTime.run(ctx);
    return { outcome: "passed", text: notes.join("\n"), ...kept() };
  } catch (error) {
    if (error instanceof CheckFailure) return { outcome: "failed", text: error.detail, ...kept() };
    if (error instanceof CheckSkipped) return { outcome: "skipped", text: error.message, ...kept() };
    throw error;
  }
}

test("every posting there at the first reading: passed, the figures noted", async () => {
  const seen = await settleOutcome([0, 0, 0]);
  expect(seen).toMatchObject({ outcome: "passed" });
  expect(seen.text).toMatch(/3 posting wait\(s\), 0 not shown at the first reading.*the default/);
});

test("a lag while LEDGER_SETTLE_MS is not declared: the observation, with the declaration to make", async () => {
  const seen = await settleOutcome([0, 420, 610, 2_300]);
  expect(seen.outcome).toBe("failed");
  expect(seen.text).toMatch(/posts late — 4 posting wait\(s\), 3 not shown .*p95 2300 .*LEDGER_SETTLE_MS=5000/);
});

test("a lag within a declared LEDGER_SETTLE_MS: reported, passed", async () => {
  const seen = await settleOutcome([420, 610], "3000");
  expect(seen).toMatchObject({ outcome: "passed" });
  expect(seen.text).toMatch(/p50 420 .*LEDGER_SETTLE_MS 3000, declared/);
});

test("no reading waited for a posting: nothing to measure (skipped, as a latency budget with no request)", async () => {
  expect(await settleOutcome([])).toMatchObject({ outcome: "skipped", text: expect.stringMatching(/no reading/) });
});

test("the figures are kept as the check's reading, whatever its outcome (summary.json settleTimes)", async () => {
  const late = await settleOutcome([0, 420, 610, 2_300], undefined, 1);
  expect(late.reading).toEqual({
    waits: 4,
    late: 3,
    ranOut: 1,
    p50Ms: expect.any(Number),
    p95Ms: 2_300,
    maxMs: 2_300,
    boundMs: 5_000,
    declared: false,
  });
  expect((await settleOutcome([420, 610], "3000")).reading).toMatchObject({ waits: 2, boundMs: 3_000, declared: true });
  expect((await settleOutcome([])).reading, "nothing waited: no reading").toBeUndefined();
});
