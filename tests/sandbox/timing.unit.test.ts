/**
 * The sandbox's timing (sandbox/timing.ts): a mix of delays is most answers fast and a share slow,
 * spread by count (the same requests slow every run), and `--delay` reads it as FAST/SLOW@P%.
 */
import { expect, test } from "vitest";
import { parseDelay, perOperation, Timing, STALL_MS } from "../../sandbox/timing.ts";

const KEY = "card-api.statement";

test("20/400@10%: the 10th and 20th of twenty answers are slow, the others fast — every run the same", () => {
  const holds = () => {
    const timing = new Timing({ delays: { [KEY]: { fastMs: 20, slowMs: 400, slowShare: 0.1 } } });
    return Array.from({ length: 20 }, () => timing.holdFor(KEY));
  };
  const first = holds();
  expect(first.filter((ms) => ms === 400).length).toBe(2);
  expect([first[9], first[19]]).toEqual([400, 400]);
  expect(first.filter((ms) => ms === 20).length).toBe(18);
  expect(holds()).toEqual(first);
});

test("a stall wins over the mix for its share; other operations keep their own delay", () => {
  const timing = new Timing({
    delays: { [KEY]: { fastMs: 0, slowMs: 50, slowShare: 0.5 }, "card-api.limits-list": 7 },
    stalls: { [KEY]: 0.25 },
  });
  expect(Array.from({ length: 4 }, () => timing.holdFor(KEY))).toEqual([0, 50, 0, STALL_MS]);
  expect(timing.holdFor("card-api.limits-list")).toBe(7);
});

test.for([
  ["300", 300],
  ["20/400@10%", { fastMs: 20, slowMs: 400, slowShare: 0.1 }],
  ["0/1500@12.5%", { fastMs: 0, slowMs: 1500, slowShare: 0.125 }],
  ["20/400@0%", undefined],
  ["20/400@101%", undefined],
  ["20/400", undefined],
  ["-5", undefined],
  ["700000", undefined],
] as const)("--delay value %s reads as %j", ([text, delay]) => {
  expect(parseDelay(text)).toEqual(delay);
});

test("--delay names the item it cannot read", () => {
  expect(perOperation(`${KEY}:20/400@10%`, [KEY], parseDelay)).toEqual({
    [KEY]: { fastMs: 20, slowMs: 400, slowShare: 0.1 },
  });
  expect(perOperation(`${KEY}:20/400@ten`, [KEY], parseDelay)).toBe(
    `"${KEY}:20/400@ten" has no valid value after the colon`,
  );
});
