/**
 * The meter's arithmetic (lib/checks/percentiles.ts, lib/checks/meter.ts): nearest-rank percentiles
 * exactly, the error shares by kind, the slowest exchanges kept, and what is not a sample.
 */
import { describe, expect, test } from "vitest";
import { percentileOf, percentiles } from "../../lib/checks/percentiles.ts";
import { LatencyMeter } from "../../lib/checks/meter.ts";
import type { Exchange } from "../../lib/http/exchange.ts";

let seq = 0;
function exchange(latencyMs: number | undefined, extra: Partial<Exchange> = {}): Exchange {
  return {
    seq: ++seq,
    operationKey: "card-api.statement",
    startedAt: 0,
    durationMs: 10_000,
    ...(latencyMs === undefined ? {} : { latencyMs }),
    request: { method: "POST", url: "http://127.0.0.1/x", headers: {}, bodyText: "{}" },
    response: { status: 200, headers: {}, bodyText: "{}" },
    ...extra,
  };
}

describe("percentiles", () => {
  test.for([
    [50, 50],
    [95, 95],
    [99, 99],
    [100, 100],
    [1, 1],
  ])("nearest rank of 1..100: p%i is %i", ([p, expected]) => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentileOf(sorted, p!)).toBe(expected);
  });

  test("a few samples: the rank rounds up, so p95 of 10 is the largest", () => {
    expect(percentiles([5, 1, 9, 3, 7, 2, 8, 4, 6, 10])).toEqual({ count: 10, p50: 5, p95: 10, p99: 10, max: 10 });
  });

  test("no sample: no figures", () => {
    expect(percentiles([])).toBeUndefined();
  });
});

describe("the latency meter", () => {
  test("counts the wire time only, not the exchange's whole duration (the harness's waits)", () => {
    const meter = new LatencyMeter();
    for (let i = 1; i <= 20; i++) meter.observe(exchange(i));
    const m = meter.measures("card-api.statement")!;
    expect(m).toMatchObject({ count: 20, p50: 10, p95: 19, p99: 20, max: 20, errorShare: 0 });
  });

  test("timeouts, connection errors and 5xx are counted apart; their share is of every exchange on the wire", () => {
    const meter = new LatencyMeter();
    meter.observe(exchange(1000, { response: undefined, transportError: { kind: "timeout", message: "t" } }));
    meter.observe(exchange(3, { response: undefined, transportError: { kind: "connection-reset", message: "r" } }));
    meter.observe(exchange(4, { response: { status: 503, headers: {}, bodyText: "" } }));
    meter.observe(exchange(5));
    expect(meter.measures("card-api.statement")).toMatchObject({
      count: 4,
      timeouts: 1,
      resets: 1,
      serverErrors: 1,
      errorShare: 0.75,
    });
  });

  test("an exchange that never went on the wire (deadline, interruption) is no sample", () => {
    const meter = new LatencyMeter();
    meter.observe(exchange(undefined, { response: undefined, transportError: { kind: "deadline", message: "d" } }));
    expect(meter.measures("card-api.statement")).toBeUndefined();
  });

  test("keeps the three slowest exchanges, slowest first", () => {
    const meter = new LatencyMeter();
    for (const ms of [5, 50, 1, 40, 30, 60, 2]) meter.observe(exchange(ms));
    expect(meter.slowest("card-api.statement").map((e) => e.latencyMs)).toEqual([60, 50, 40]);
  });
});
