/**
 * The pace serves a serial chain's request (a check holding an isolation lane) before the bulk
 * waiting for a slot (pace.ts): at a high latency each step of a chain would otherwise wait a whole
 * queue of generated cases. The bulk still gets every slot the chains leave free.
 */
import { expect, test } from "vitest";
import { Lanes, inCheckScope } from "../../lib/http/coordination/lanes.ts";
import { Pace } from "../../lib/http/coordination/pace.ts";

test("a waiting request of a lane holder gets the next slot before bulk requests that waited longer", async () => {
  const pace = new Pace({ concurrency: 1 });
  const lanes = new Lanes();
  const order: string[] = [];
  expect(await pace.acquire()).toBe(true); // the one slot is taken
  const bulk = [1, 2, 3].map((n) => inCheckScope(() => pace.acquire().then(() => void order.push(`bulk ${n}`))).result);
  const chain = inCheckScope(() =>
    lanes.exclusive("card:payment", () => pace.acquire().then(() => void order.push("chain"))),
  ).result;
  await new Promise((resolve) => setImmediate(resolve));
  for (let i = 0; i < 4; i++) {
    pace.release();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all([...bulk, chain]);
  expect(order).toEqual(["chain", "bulk 1", "bulk 2", "bulk 3"]);
});

test("without lane holders the slots go in arrival order", async () => {
  const pace = new Pace({ concurrency: 1 });
  const order: number[] = [];
  expect(await pace.acquire()).toBe(true);
  const waiting = [1, 2, 3].map((n) => pace.acquire().then(() => void order.push(n)));
  for (let i = 0; i < 3; i++) {
    pace.release();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(waiting);
  expect(order).toEqual([1, 2, 3]);
});
