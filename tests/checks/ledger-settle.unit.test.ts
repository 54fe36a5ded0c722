/**
 * CARD-LEDGER-SETTLE (suites/card-api/ledger/settle.checks.ts) from the waits a run made
 * (lib/checks/converge.ts SettleTimes): postings all there at the first reading pass; a lag with
 * LEDGER_SETTLE_MS unset is the observation suggesting the declaration; declared, it is reported
 * and passes; no wait at all, nothing to measure (skipped).
 */
import { expect, test } from "vitest";
import { SettleTimes } from "../../lib/checks/converge.ts";
import { CheckFailure, CheckSkipped, notApplicable } from "../../lib/checks/failure.ts";
import type { SettleContext } from "../../lib/checks/types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { ledgerSettleTime } from "../../suites/card-api/ledger/settle.checks.ts";

/** The check's outcome over these settle samples, with LEDGER_SETTLE_MS as given (unset: the default). */
async function settleOutcome(samples: number[], settle?: string): Promise<{ outcome: string; text: string }> {
  const times = new SettleTimes();
  times.samples.push(...samples);
  const notes: string[] = [];
  const ctx = {
    config: loadConfig(settle === undefined ? {} : { LEDGER_SETTLE_MS: settle }),
    sharedValue: async () => (samples.length ? times : undefined),
    note: (text: string) => void notes.push(text),
    notApplicable,
  } as unknown as SettleContext;
  try {
    await ledgerSettleTime.run(ctx);
    return { outcome: "passed", text: notes.join("\n") };
  } catch (error) {
    if (error instanceof CheckFailure) return { outcome: "failed", text: error.detail };
    if (error instanceof CheckSkipped) return { outcome: "skipped", text: error.message };
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
