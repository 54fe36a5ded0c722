/**
 * Pace, as the target sees it: MAX_RPS spaces request starts, CONCURRENCY bounds requests in
 * flight, a 429 is honoured (wait, retry, bounded) and reported as a note, not a failure, and
 * the run deadline stops what would start after it.
 */
import { retryAfterMs } from "../../lib/http/transport/retry-after.ts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { LIMITS_LIST } from "../../lib/catalogue/index.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { wholeRunLimits } from "../../lib/http/coordination/run-limits.ts";
import { limitsRequest } from "../../generators/card-api/limits.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/server.ts";
import { configFor, evaluateAll } from "../support/harness.ts";
import { startCountingProxy, startMisbehavingTarget, type ProxyOptions, type TestTarget } from "../support/targets.ts";

let sandbox: RunningSandbox;
beforeAll(async () => void (sandbox = await startSandbox()));
afterAll(async () => sandbox.close());

/** Sends `count` limits requests at once through one run context; returns the exchanges. */
async function burst(target: TestTarget, count: number, env: Record<string, string>) {
  const config = configFor(target.url, env);
  const run = await createRunContext(config);
  try {
    return await Promise.all(Array.from({ length: count }, () => run.target.send(LIMITS_LIST, limitsRequest(config))));
  } finally {
    await run.target.close();
  }
}

async function withProxy<T>(options: ProxyOptions, body: (proxy: TestTarget) => Promise<T>): Promise<T> {
  const proxy = await startCountingProxy(sandbox.url, options);
  try {
    return await body(proxy);
  } finally {
    await proxy.close();
  }
}

/**
 * The pacer spaces request starts 100 ms apart; the target sees arrival times, which carry the
 * event-loop jitter of a shared machine: tens of ms, up to 200 ms when a new connection is set up,
 * and more when two cores run several test processes at once (the proxy shares this thread, so a
 * stall delays and bunches its timestamps). The margin is half the nominal spacing of a window,
 * and still tells pacing apart: an unpaced burst of 15 arrives within a few ms. So: no 11 arrivals
 * within 0.5 s (10 × 100 ms nominal), and the 15 arrivals span at least 0.9 s (14 × 100 ms nominal).
 */
const JITTER_MS = 500;

test("MAX_RPS=10: no 11 requests reach the target within 0.5 s, and 15 take at least 0.9 s", async () => {
  await withProxy({}, async (proxy) => {
    await burst(proxy, 15, { MAX_RPS: "10" });
    const times = proxy.received.map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(15);
    for (let i = 0; i + 10 < times.length; i++)
      expect(times[i + 10]! - times[i]!).toBeGreaterThanOrEqual(1_000 - JITTER_MS);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(1_400 - JITTER_MS);
  });
});

test("CONCURRENCY=3: at most 3 requests are in flight at the target", async () => {
  await withProxy({ delayMs: 150 }, async (proxy) => {
    await burst(proxy, 9, { CONCURRENCY: "3" });
    expect(proxy.received).toHaveLength(9);
    expect(proxy.maxInFlight()).toBeLessThanOrEqual(3);
    expect(proxy.maxInFlight()).toBeGreaterThanOrEqual(2);
  });
});

test("a 429 with Retry-After is waited for and retried; the check passes and carries a note", async () => {
  await withProxy({ tooManyFirst: { count: 1, retryAfter: "1" } }, async (proxy) => {
    const results = await evaluateAll(configFor(proxy.url));
    expect(results.filter((r) => r.outcome !== "passed").map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    const noted = results.filter((r) =>
      r.notes.some((n) => /^rate limited: HTTP 429 \(Retry-After: 1\), waited 1000 ms and retried$/.test(n)),
    );
    expect(noted.length).toBeGreaterThan(0);
    // Checks run side by side: requests already in flight arrive at once; the retry of the refused one waited.
    const [first, ...rest] = proxy.received;
    const retry = rest.find((r) => r.body === first!.body && r.path === first!.path);
    // Half the 1 s wait: a stall that delays the first arrival's timestamp cannot make a retry that waited look early.
    expect(retry!.at - first!.at).toBeGreaterThanOrEqual(500);
  });
});

const STUBBORN: Array<[string, { retryAfter: string; received: number; message: RegExp }]> = [
  [
    "Retry-After: 0 every time: three retries, then a transport error",
    { retryAfter: "0", received: 4, message: /^HTTP 429 \(Retry-After: 0\) after 3 retries$/ },
  ],
  [
    "Retry-After: 120: not waited for at all",
    { retryAfter: "120", received: 1, message: /longer than the 30000 ms the harness waits/ },
  ],
];

test.for(STUBBORN)("%s", async ([, row]) => {
  await withProxy({ tooManyFirst: { count: 100, retryAfter: row.retryAfter } }, async (proxy) => {
    const [exchange] = await burst(proxy, 1, {});
    expect(exchange!.transportError?.kind).toBe("rate-limited");
    expect(exchange!.transportError?.message).toMatch(row.message);
    expect(proxy.received).toHaveLength(row.received);
  });
});

test("a pause longer than the harness waits is still honoured: nothing more is sent to that target", async () => {
  await withProxy({ tooManyFirst: { count: 100, retryAfter: "3600" } }, async (proxy) => {
    const config = configFor(proxy.url);
    const run = await createRunContext(config);
    try {
      const first = await run.target.send(LIMITS_LIST, limitsRequest(config));
      const later = await run.target.send(LIMITS_LIST, limitsRequest(config));
      expect(first.transportError?.message).toMatch(/Retry-After: 3600.*longer than the 30000 ms/);
      expect(later.transportError).toMatchObject({
        kind: "rate-limited",
        message: expect.stringMatching(/^not sent: the target asked for a pause/),
      });
      expect(proxy.received).toHaveLength(1);
    } finally {
      await run.target.close();
    }
  });
});

test.for([
  ["delay-seconds", "7", 7_000],
  ["an HTTP date 5 s ahead", new Date(Date.UTC(2026, 10, 22, 12, 0, 5)).toUTCString(), 5_000],
  ["a fraction (not RFC 9110): the default wait", "1.5", 1_000],
  ["two joined headers: the default wait", "5, 5", 1_000],
  ["missing: the default wait", undefined, 1_000],
] as const)("Retry-After %s", ([, header, ms]) => {
  expect(retryAfterMs(header, Date.UTC(2026, 10, 22, 12, 0, 0))).toBe(ms);
});

test("the run deadline: nothing is sent after it, and a request in flight is cut at it", async () => {
  const hung = await startMisbehavingTarget("never answers");
  try {
    const config = configFor(hung.url, { REQUEST_TIMEOUT_MS: "10000" });
    const run = await createRunContext(config, { limits: { ...wholeRunLimits(config), deadlineAt: Date.now() + 500 } });
    try {
      const started = Date.now();
      const cut = await run.target.send(LIMITS_LIST, limitsRequest(config));
      // Cut at the 0.5 s deadline, not at the 10 s request timeout: wide of both on a busy machine.
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(cut.transportError).toMatchObject({
        kind: "deadline",
        message: expect.stringMatching(/when the run deadline \(RUN_DEADLINE_MS\) passed/),
      });
      const late = await run.target.send(LIMITS_LIST, limitsRequest(config));
      expect(late.transportError).toEqual({
        kind: "deadline",
        message: "not sent: the run deadline (RUN_DEADLINE_MS) has passed",
      });
      expect(hung.received).toHaveLength(1);
    } finally {
      await run.target.close();
    }
  } finally {
    await hung.close();
  }
});
