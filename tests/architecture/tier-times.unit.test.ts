/**
 * The per-tier times CONTRIBUTING.md states come from `npm run test:tiers`
 * (tests/support/tier-times.ts): each tier's window from its first file's start to its last file's
 * end, the machine's CPU within it, and the whole run.
 */
import { expect, test } from "vitest";
import TierTimes, { procStatCpu, tierLines } from "../support/tier-times.ts";

/** A clock that moves 1 s and 1.5 busy CPU seconds per reading. */
function fakeClock() {
  let tick = 0;
  return () => {
    tick++;
    return { ms: tick * 1000, cpu: { busy: tick * 1.5, idle: tick * 0.25 } };
  };
}

const module = (name: string) => ({ project: { name } });

test("each tier's window runs from its first file's start to its last file's end", () => {
  let printed = "";
  const reporter = new TierTimes({ now: fakeClock(), print: (text) => (printed += text) }); // start: tick 1
  reporter.onTestModuleStart(module("unit")); // 2
  reporter.onTestModuleStart(module("unit")); // no reading: the tier has started
  reporter.onTestModuleEnd(module("unit")); // 3
  reporter.onTestModuleEnd(module("unit")); // 4
  reporter.onTestModuleStart(module("cli")); // 5
  reporter.onTestModuleEnd(module("cli")); // 6
  reporter.onTestRunEnd(); // 7
  expect(printed.trim().split("\n")).toEqual([
    "tier times (CPU of the whole machine in each window):",
    "  unit: wall 2.0 s, CPU 3 s, idle 0.5 s (from 1.0 s)",
    "  cli: wall 1.0 s, CPU 2 s, idle 0.3 s (from 4.0 s)",
    "  whole run: wall 6.0 s, CPU 9 s, idle 1.5 s",
  ]);
});

test("without /proc/stat, wall time only", () => {
  const window = { first: { ms: 0 }, last: { ms: 2500 } };
  expect(tierLines(new Map([["unit", window]]), { ms: 0 }, { ms: 3000 })).toEqual([
    "unit: wall 2.5 s (from 0.0 s)",
    "whole run: wall 3.0 s",
  ]);
});

test.skipIf(process.platform !== "linux")("on Linux the machine's CPU seconds are read from /proc/stat", () => {
  const cpu = procStatCpu();
  expect(cpu?.busy).toBeGreaterThan(0);
  expect(cpu?.idle).toBeGreaterThanOrEqual(0);
});
