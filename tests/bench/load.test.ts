/**
 * The benchmark's machinery (not its figures: those are measured by `npm run bench`, never by a
 * timed test): the load loop is bounded in count and time, and a run is launched exactly as
 * `npm run conformance` launches it.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "vitest";
import { closedLoop } from "../../bench/load.ts";
import { efficiency } from "../../bench/latency.ts";
import { conformanceArgs, startServer } from "../../bench/processes.ts";
import { median, medianRatio } from "../../bench/measures.ts";

test("the closed loop stops at its request bound and counts failures", async () => {
  let calls = 0;
  const load = await closedLoop(4, 60_000, 100, async () => ++calls % 10 !== 0);
  expect(load.requests).toBe(100);
  expect(calls).toBe(100);
  expect(load.errors).toBe(10);
});

test("the closed loop stops at its time bound", async () => {
  const load = await closedLoop(2, 200, 1_000_000, () => new Promise((resolve) => setTimeout(() => resolve(true), 20)));
  expect(load.requests).toBeLessThan(100);
  expect(load.seconds).toBeLessThan(5);
});

test("runs are launched with the node arguments of npm run conformance", () => {
  const script = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).scripts
    .conformance as string;
  expect(["node", ...conformanceArgs()].join(" ")).toBe(script);
  expect(conformanceArgs().at(-1)).toBe("cli/conformance.mjs");
});

test("ratios are medians of neighbouring windows: one disturbed round does not move them", () => {
  const loads = (rates: number[]) => rates.map((rps) => ({ rps, requests: 0, errors: 0, seconds: 1 }));
  // Round 3 ran while the machine was busy: both loads dropped, their ratio did not.
  const harness = loads([600, 620, 200, 590, 610]);
  const raw = loads([1000, 1000, 350, 1000, 1000]);
  expect(medianRatio(harness, raw)).toBe(0.6);
  expect(median([5, 1, 3])).toBe(3);
  expect(median([4, 1, 3, 2])).toBe(2.5);
});

test("latency efficiency: the ideal (no-delay time + requests × latency / CONCURRENCY) over the time measured", () => {
  expect(efficiency(5, 2_240, 16, 12, 50)).toBeCloseTo((5 + 7) / 12, 6);
  expect(efficiency(6, 2_300, 16, 47, 200)).toBeCloseTo((6 + 28.75) / 47, 6);
  // A serial run: every request waits its 50 ms in turn.
  expect(efficiency(5, 2_240, 16, 5 + 112, 50)).toBeLessThan(0.11);
});

test("the delaying proxy holds each answer back by its delay and passes the answer through", async () => {
  const target = createServer((req, res) =>
    req.resume().on("end", () => res.writeHead(201, { "x-seen": req.url ?? "" }).end('{"ok":true}')),
  );
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  const proxy = await startServer("bench/delay-proxy.ts", [
    `http://127.0.0.1:${(target.address() as AddressInfo).port}`,
    "120",
  ]);
  try {
    const started = Date.now();
    const res = await fetch(`${proxy.url}/v5/x`, { method: "POST", body: "{}" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(120);
    expect(res.status).toBe(201);
    expect(res.headers.get("x-seen")).toBe("/v5/x");
    expect(await res.text()).toBe('{"ok":true}');
  } finally {
    proxy.stop();
    target.close();
  }
});
