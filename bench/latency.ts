/**
 * The latency figures: a default run against a target 50 ms and one 200 ms away (the sandbox
 * behind a delaying proxy on loopback) beside the same run with no delay (the same proxy at 0 ms,
 * so all take the same hop). A run that kept CONCURRENCY requests in flight all the time would take
 * the no-delay time plus requests × latency / CONCURRENCY; efficiency is that ideal over the time
 * measured (1: latency fully hidden by parallelism; a serial run of ~2,200 requests scores about
 * 0.1). At 200 ms the payment card's serial chains (ledger, replays, race) set the pace: see
 * docs/performance.md.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VARIABLES } from "../lib/config/variables.ts";
import { startServer, timedConformance, type RunFigures } from "./processes.ts";

export const LATENCIES_MS = [50, 200] as const;

export interface LatencyFigures {
  latencyMs: number;
  efficiency: number;
  delayedSeconds: number;
  undelayedSeconds: number;
  requests: number;
  delayedExit: number | null;
  undelayedExit: number | null;
}

export function efficiency(
  undelayedSeconds: number,
  requests: number,
  concurrency: number,
  delayedSeconds: number,
  latencyMs: number,
): number {
  return (undelayedSeconds + (requests * latencyMs) / 1000 / concurrency) / delayedSeconds;
}

function requestsOf(dir: string): number {
  return (JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as { requests: number }).requests;
}

/** One run through a proxy that delays each answer by `ms`: its time and its request count. */
async function runAt(sandboxUrl: string, ms: number, seed: string): Promise<RunFigures & { requests: number }> {
  const proxy = await startServer("bench/delay-proxy.ts", [sandboxUrl, String(ms)]);
  try {
    const dir = mkdtempSync(join(tmpdir(), `bench-lat${ms}-`));
    const run = await timedConformance({
      SEED: seed,
      CONFORMANCE_STRICT: "false",
      TARGET_BASE_URL: proxy.url,
      REPORTS_DIR: dir,
    });
    return { ...run, requests: requestsOf(dir) };
  } finally {
    proxy.stop();
  }
}

export async function latencyRuns(seed: string): Promise<LatencyFigures[]> {
  const sandbox = await startServer("cli/sandbox.ts", ["--port", "0"]);
  try {
    const fast = await runAt(sandbox.url, 0, seed);
    const figures: LatencyFigures[] = [];
    for (const latencyMs of LATENCIES_MS) {
      const slow = await runAt(sandbox.url, latencyMs, seed);
      const concurrency = Number(VARIABLES.CONCURRENCY.default);
      figures.push({
        latencyMs,
        efficiency: efficiency(fast.seconds, slow.requests, concurrency, slow.seconds, latencyMs),
        delayedSeconds: slow.seconds,
        undelayedSeconds: fast.seconds,
        requests: slow.requests,
        delayedExit: slow.code,
        undelayedExit: fast.code,
      });
    }
    return figures;
  } finally {
    sandbox.stop();
  }
}
