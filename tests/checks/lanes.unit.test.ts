/** Isolation lanes (lib/http/coordination/lanes.ts): shared holders side by side, an exclusive one alone, first come first served, owners pass through. */
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "vitest";
import { inCheckScope, countRequest, Lanes } from "../../lib/http/coordination/lanes.ts";

test("shared holders overlap; an exclusive holder waits for them and keeps later ones out until it ends", async () => {
  const lanes = new Lanes();
  const log: string[] = [];
  const shared = (name: string, ms: number) =>
    lanes.shared("card:1", async () => (log.push(`${name}+`), await sleep(ms), log.push(`${name}-`)));
  const a = shared("a", 30);
  const b = shared("b", 30);
  const x = lanes.exclusive("card:1", async () => (log.push("x+"), await sleep(30), log.push("x-")));
  // Queued after the exclusive one: it must not overtake it (FIFO), however many shared ones come.
  const c = shared("c", 1);
  await Promise.all([a, b, x, c]);
  expect(log.slice(0, 2).sort()).toEqual(["a+", "b+"]);
  expect(log.indexOf("x+")).toBeGreaterThan(Math.max(log.indexOf("a-"), log.indexOf("b-")));
  expect(log.indexOf("c+")).toBeGreaterThan(log.indexOf("x-"));
});

test("the exclusive owner's own requests (also parallel ones) pass through its lane; other keys are independent", async () => {
  const lanes = new Lanes();
  let inside = 0;
  await lanes.exclusive("card:1", async () => {
    await Promise.all([1, 2, 3].map(() => lanes.shared("card:1", async () => void inside++)));
    await lanes.exclusive("card:1", async () => void inside++);
    await lanes.shared("card:2", async () => void inside++);
  });
  expect(inside).toBe(5);
});

test("requests are counted to the check whose async context sends them, also inside a lane", async () => {
  const lanes = new Lanes();
  const one = inCheckScope(async () => {
    countRequest();
    await lanes.exclusive("card:1", async () => void (await Promise.all([countRequest(), countRequest()])));
  });
  const two = inCheckScope(async () => void countRequest());
  await Promise.all([one.result, two.result]);
  expect(one.counter.sent).toBe(3);
  expect(two.counter.sent).toBe(1);
});
