/**
 * The target's latency as the client records it (lib/http/transport/client.ts `latencyMs`) and the meter
 * reads it (lib/checks/meter.ts), against a sandbox told how slowly to answer (sandbox/timing.ts):
 * the figures match what was injected, within a stated tolerance, and none counts the harness's
 * own waiting; a mix (most answers fast, every tenth slow) shows as a p50 under the slow delay and a
 * p95 at or over it, so no figure of the meter can pass for another. Tolerance: a delayed answer is measured at no less than its delay and within
 * TOLERANCE_MS above it at the median (loopback, but the sandbox's timers run in the test's own
 * thread on a loaded 2-core machine, where other test files take the CPU for hundreds of ms: seen
 * 800 ms for a 300 ms delay), an undelayed operation measured at the same time clearly below it;
 * unpaced, a median below FAST_MS.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { HttpClient } from "../../lib/http/transport/client.ts";
import { Pace } from "../../lib/http/coordination/pace.ts";
import { LatencyMeter } from "../../lib/checks/meter.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/server.ts";

const TOLERANCE_MS = 1_000;
const FAST_MS = 300;
const STATEMENT = { key: "card-api.statement", path: "/v5/card-api/card/statement" };
const LIMITS = { key: "card-api.limits-list", path: "/v5/card-api/limits/list" };
const DEBIT = { key: "card-api.transaction-create", path: "/v5/card-api/transaction/create" };
const SLOW_MS = 1_500;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({
    timing: {
      delays: { [STATEMENT.key]: 300, [DEBIT.key]: { fastMs: 0, slowMs: SLOW_MS, slowShare: 0.1 } },
      stalls: { "partner-transfer-api.register-business": 0.25 },
    },
  });
});
afterAll(() => sandbox.close());

/** `n` requests of an operation at once through one client; each answered (a refusal is an answer too). */
async function send(client: HttpClient, meter: LatencyMeter, op: { key: string; path: string }, n: number) {
  const exchanges = await Promise.all(
    Array.from({ length: n }, () =>
      client.post(sandbox.url + op.path, {
        headers: { "content-type": "application/json" },
        bodyText: "{}",
        operationKey: op.key,
      }),
    ),
  );
  exchanges.forEach(meter.observe);
  return exchanges;
}

test("a fixed delay on one operation shows in its figures, and only in its", async () => {
  const client = new HttpClient({ timeoutMs: 5_000 });
  const meter = new LatencyMeter();
  // At the same time: whatever the machine's load does to one, it does to the other.
  await Promise.all([send(client, meter, STATEMENT, 8), send(client, meter, LIMITS, 8)]);
  await client.close();
  const slow = meter.measures(STATEMENT.key)!;
  const fast = meter.measures(LIMITS.key)!;
  expect(slow.count).toBe(8);
  expect(slow.p50).toBeGreaterThanOrEqual(300);
  expect(slow.p50).toBeLessThan(300 + TOLERANCE_MS);
  expect(fast.p50).toBeLessThan(slow.p50 - 150);
});

test("a mix, every tenth answer slow: the p50 is a fast answer's, the p95 and p99 a slow one's", async () => {
  const client = new HttpClient({ timeoutMs: 10_000 });
  const meter = new LatencyMeter();
  const exchanges = await send(client, meter, DEBIT, 20);
  await client.close();
  const mix = meter.measures(DEBIT.key)!;
  expect(exchanges.filter((e) => e.latencyMs! >= SLOW_MS).length).toBeGreaterThanOrEqual(2);
  expect(mix.count).toBe(20);
  expect(mix.p50).toBeLessThan(SLOW_MS);
  expect(mix.p95).toBeGreaterThanOrEqual(SLOW_MS);
  expect(mix.p99).toBeGreaterThanOrEqual(SLOW_MS);
});

test("a share of requests left unanswered is that share of timeouts", async () => {
  // Long enough that no answered request is cut on a loaded machine; the stalled ones are, at it.
  const client = new HttpClient({ timeoutMs: 2_000 });
  const meter = new LatencyMeter();
  const op = { key: "partner-transfer-api.register-business", path: "/v5/partner/transfer/business/create" };
  await send(client, meter, op, 8);
  await client.close();
  expect(meter.measures(op.key)).toMatchObject({ count: 8, timeouts: 2, resets: 0, serverErrors: 0, errorShare: 0.25 });
});

test("the harness's pacing is not the target's latency: MAX_RPS=5 spreads ten requests over two seconds, p50 stays low", async () => {
  const client = new HttpClient({ timeoutMs: 5_000, pace: new Pace({ rps: 5, concurrency: 16 }) });
  const meter = new LatencyMeter();
  const exchanges = await send(client, meter, LIMITS, 10);
  await client.close();
  // The last one waited for its turn well over a second; its latency did not.
  expect(Math.max(...exchanges.map((e) => e.durationMs))).toBeGreaterThan(1_400);
  for (const e of exchanges) expect(e.latencyMs!).toBeLessThanOrEqual(e.durationMs + 1);
  expect(meter.measures(LIMITS.key)!.p50).toBeLessThan(FAST_MS);
});
