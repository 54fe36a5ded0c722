/** The live progress line: what it says, and how it is drawn on a terminal and without one. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test, vi } from "vitest";
import { requestsReported, startRequestFeed } from "../../lib/reporting/progress-feed.ts";
import { progressLine, ProgressReporter } from "../../lib/reporting/progress.ts";

afterEach(() => vi.useRealTimers());

test("the line says checks done of total, requests, rate, failures, warnings, elapsed and what is left", () => {
  const line = progressLine({
    done: 30,
    total: 120,
    requests: 1234,
    rate: 210.4,
    failed: 1,
    warnings: 2,
    elapsedMs: 42_000,
  });
  expect(line).toBe(
    "conformance: 30/120 checks · 1234 requests · 210/s · 1 failed · 2 warnings · 0:42 elapsed · ~2:06 left",
  );
  expect(progressLine({ done: 0, total: 5, requests: 0, rate: 0, failed: 0, warnings: 0, elapsedMs: 0 })).not.toMatch(
    /left/,
  );
});

function reporter(isTTY: boolean, clock: { now: number }) {
  const written: string[] = [];
  const r = new ProgressReporter({
    expected: 10,
    out: { isTTY, write: (t) => written.push(t) },
    now: () => clock.now,
    plainEveryMs: 10_000,
  });
  return { r, written };
}

test("on a terminal: one line redrawn in place, erased before the run's end", () => {
  vi.useFakeTimers();
  const clock = { now: 0 };
  const { r, written } = reporter(true, clock);
  r.onInit();
  clock.now = 1_000;
  vi.advanceTimersByTime(1_000);
  expect(written.length).toBeGreaterThanOrEqual(3);
  for (const w of written) expect(w).toMatch(/^\r\x1b\[2Kconformance: 0\/10 checks/);
  r.onTestRunEnd();
  expect(written.at(-1)).toBe("\r\x1b[2K");
  expect(written.join("")).not.toContain("\n");
});

test("without a terminal: a plain status line every 10 s, with the rate over the last interval", () => {
  vi.useFakeTimers();
  const dir = mkdtempSync(join(tmpdir(), "progress-"));
  try {
    const clock = { now: 0 };
    const written: string[] = [];
    const r = new ProgressReporter({
      feedDir: dir,
      out: { isTTY: false, write: (t) => written.push(t) },
      now: () => clock.now,
    });
    r.onInit();
    clock.now = 9_000;
    vi.advanceTimersByTime(9_000);
    expect(written).toEqual([]);
    clock.now = 10_000;
    vi.advanceTimersByTime(1_000);
    expect(written).toEqual([
      expect.stringMatching(/^conformance: 0\/0 checks · 0 requests · 0\/s .* 0:10 elapsed\n$/),
    ]);
    expect(r.state().rate).toBe(0);
    r.onTestRunEnd();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the workers' feed: each writes its count, the reporter adds them up; no feed is zero", () => {
  expect(requestsReported(join(tmpdir(), "no-such-progress-feed"))).toBe(0);
  const dir = mkdtempSync(join(tmpdir(), "progress-feed-"));
  try {
    vi.useFakeTimers();
    startRequestFeed(dir);
    vi.advanceTimersByTime(1_000);
    const own = readdirSync(dir).filter((f) => f.startsWith(`requests-${process.pid}-`));
    expect(own).toHaveLength(1);
    const mine = Number(readFileSync(join(dir, own[0]!), "utf8"));
    expect(Number.isInteger(mine)).toBe(true);
    writeFileSync(join(dir, "requests-1-1.txt"), "1200");
    writeFileSync(join(dir, "requests-2-1.txt"), "34");
    expect(requestsReported(dir)).toBe(mine + 1234);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A reporter reading a feed folder whose one worker file the test writes, on a clock the test moves. */
function fedReporter() {
  const dir = mkdtempSync(join(tmpdir(), "progress-rate-"));
  const clock = { now: 0 };
  const written: string[] = [];
  const r = new ProgressReporter({
    feedDir: dir,
    out: { isTTY: false, write: (t) => written.push(t) },
    now: () => clock.now,
  });
  const at = (ms: number, requests: number) => {
    writeFileSync(join(dir, "requests-1-1.txt"), String(requests));
    clock.now = ms;
    vi.advanceTimersByTime(ms - (at.last ?? 0));
    at.last = ms;
  };
  at.last = 0 as number | undefined;
  return { r, written, at, done: () => rmSync(dir, { recursive: true, force: true }) };
}

// [what, readings (ms since start, requests sent), the rate the last line shows]
const RATES: Array<[string, Array<[number, number]>, number]> = [
  ["the first line: over the time since the run began", [[10_000, 903]], 90],
  [
    "a later line: over the last interval",
    [
      [10_000, 900],
      [20_000, 2_900],
    ],
    200,
  ],
  [
    "no request since the last line: none per second",
    [
      [10_000, 900],
      [20_000, 900],
    ],
    0,
  ],
];

test.for(RATES)("the rate is requests per second — %s", ([, readings, rate]) => {
  vi.useFakeTimers();
  const { r, written, at, done } = fedReporter();
  try {
    r.onInit();
    for (const [ms, requests] of readings) at(ms, requests);
    expect(written).toHaveLength(readings.length);
    expect(written.at(-1)).toContain(` · ${readings.at(-1)![1]} requests · ${rate}/s · `);
    r.onTestRunEnd();
  } finally {
    done();
  }
});
