/**
 * The pieces of a shared staging's ledger readings: amounts unique to the run
 * (lib/payments/run-amounts.ts), the bounded wait for a posting (lib/checks/converge.ts), and
 * telling our postings from others' (suites/card-api/ledger/settling.ts).
 */
import { expect, test } from "vitest";
import { convergeWithin, SettleTimes } from "../../lib/checks/converge.ts";
import { runAmountMinor, runShiftMinor } from "../../lib/payments/run-amounts.ts";
import { attribute, judgeOurs } from "../../suites/card-api/ledger/settling.ts";

const RANGE = { minMinor: 100, maxMinor: 9_999, avoidMinor: [1_000, 1_001] };

test("an amount class gives another amount under another nonce, always inside the range and never an avoided one", () => {
  const a = [0, 11, 122, 1_900].map((offset) => runAmountMinor(RANGE, offset, 12_345));
  const b = [0, 11, 122, 1_900].map((offset) => runAmountMinor(RANGE, offset, 987_654));
  expect(a.some((x, i) => x === b[i])).toBe(false);
  for (let nonce = 0; nonce < 200; nonce++) {
    const minor = runAmountMinor(RANGE, 900, nonce * 7_919);
    expect(minor).toBeGreaterThanOrEqual(RANGE.minMinor);
    expect(minor).toBeLessThanOrEqual(RANGE.maxMinor);
    expect(RANGE.avoidMinor).not.toContain(minor);
  }
  expect(runAmountMinor(RANGE, 900, 0), "nonce 0: the class itself").toBe(1_002);
  expect(runShiftMinor(99, 250)).toBe(50);
});

test("a wait reads until the posting shows, and measures how long it took", async () => {
  const times = new SettleTimes();
  let reads = 0;
  const since = Date.now();
  const seen = await convergeWithin(
    2_000,
    times,
    async () => ++reads,
    (n) => n >= 3,
    since,
  );
  expect(seen).toMatchObject({ settled: true, reading: 3, first: 1, readings: 3 });
  expect(times.samples).toHaveLength(1);
  expect(times.samples[0]).toBeGreaterThan(0);
  expect(times.figures()).toMatchObject({ count: 1, late: 1 });
});

test("a wait that runs out of its bound ends with the last reading, counted as lost", async () => {
  const times = new SettleTimes();
  const started = Date.now();
  const seen = await convergeWithin(
    150,
    times,
    async () => "missing",
    () => false,
    started,
  );
  expect(seen.settled).toBe(false);
  expect(seen.readings).toBeGreaterThan(1);
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(times).toMatchObject({ lost: 1, samples: [] });
});

const op = (amount: number, rrn: string) => ({ type: "debit", amount, currency: "KZT", datetime: "x", rrn }) as never;

test("ours are the postings of our amounts; an extra of an amount a limit fixes is others' once others are seen", () => {
  const seen = attribute(
    [op(12.34, "1"), op(7.5, "2"), op(250, "3"), op(250, "4")],
    new Set([12_340_000, 250_000_000]),
  );
  expect(seen.ours).toHaveLength(3);
  expect(seen.foreign).toHaveLength(1);
  const expected = [
    { micro: 12_340_000, requestId: "a" },
    { micro: 250_000_000, requestId: "b" },
  ];
  const judged = judgeOurs(expected, seen, new Set([250_000_000]));
  expect(judged).toMatchObject({ lost: [], extra: [] });
  expect(judged.foreign).toHaveLength(2);
  // Without the fixed amount (an amount unique to the run), the second 250.00 is ours twice.
  expect(judgeOurs(expected, seen, new Set()).extra).toHaveLength(1);
  expect(judgeOurs([...expected, { micro: 1_000_000, requestId: "c" }], seen, new Set()).lost).toEqual([
    { micro: 1_000_000, requestId: "c" },
  ]);
});
