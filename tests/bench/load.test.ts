/**
 * The benchmark's machinery (not its figures: those are measured by `npm run bench`, never by a
 * timed test): the load loop is bounded in count and time, and a run is launched exactly as
 * `npm run conformance` launches it.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { closedLoop } from "../../bench/load.ts";
import { conformanceArgs } from "../../bench/processes.ts";

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
  const script = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).scripts.conformance as string;
  expect(["node", ...conformanceArgs()].join(" ")).toBe(script);
  expect(conformanceArgs().at(-1)).toBe("cli/conformance.mjs");
});
