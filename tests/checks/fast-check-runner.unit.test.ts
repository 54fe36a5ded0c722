/** The one fast-check runner: same seed, same cases; the first failing case is the one a sequential run finds; a stop stops. */
import fc from "fast-check";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "vitest";
import { shrinkCase, tryCases } from "../../lib/checks/fast-check-runner.ts";

const draw = { arbitrary: fc.integer({ min: 0, max: 1_000 }), seed: 42, numRuns: 60, examples: [7] };

test("the same seed gives the same cases in the same order, examples first, whatever the width", async () => {
  const seen = async (width: number) => {
    const values: number[] = [];
    await tryCases(draw, width, async (v, i) => ((values[i] = v), await sleep(v % 3), "pass"));
    return values;
  };
  const one = await seen(1);
  expect(one).toHaveLength(60);
  expect(one[0]).toBe(7);
  expect(await seen(16)).toEqual(one);
});

test("in flight: one alone first, then twice as many as passed, never more than the width", async () => {
  let now = 0;
  let most = 0;
  const widths: number[] = [];
  await tryCases(draw, 8, async () => {
    most = Math.max(most, ++now);
    widths.push(now);
    await sleep(2);
    now--;
    return "pass";
  });
  expect(widths[0]).toBe(1);
  expect(most).toBe(8);
});

test("the first failing case is the lowest index, as a sequential run finds it, and fast-check replays it by path", async () => {
  const failing = (v: number) => v > 600;
  const values: number[] = [];
  await tryCases(draw, 1, async (v, i) => ((values[i] = v), "pass"));
  const expected = values.findIndex(failing);
  const tried = await tryCases(
    draw,
    16,
    async (v) => (await sleep(1_000 - v > 0 ? (1_000 - v) % 5 : 0), failing(v) ? "fail" : "pass"),
  );
  expect(tried.failedAt).toBe(expected);
  const details = await shrinkCase(draw, expected, async (v) => !failing(v));
  expect(details.failed).toBe(true);
  expect(details.counterexample?.[0]).toBe(601);
  expect(details.counterexamplePath?.startsWith(String(expected))).toBe(true);
});

test("a stop (a transport error) starts nothing more", async () => {
  let started = 0;
  const tried = await tryCases(draw, 16, async () => (started++, await sleep(1), "stop"));
  expect(tried.stoppedAt).toBe(0);
  expect(started).toBe(1);
});
