/**
 * The latency figure: a default run against a target 50 ms away (the sandbox behind a delaying
 * proxy on loopback) beside the same run with no delay (the same proxy at 0 ms, so both take the
 * same hop). A run that kept CONCURRENCY requests in flight all the time would take the no-delay
 * time plus requests × 50 ms / CONCURRENCY; efficiency is that ideal over the time measured
 * (1: latency fully hidden by parallelism; a serial run of ~2,200 requests scores about 0.1).
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VARIABLES } from "../lib/config/variables.ts";
import { startServer, timedConformance } from "./processes.ts";

export const LATENCY_MS = 50;

export interface LatencyFigures {
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
  latencyMs = LATENCY_MS,
): number {
  return (undelayedSeconds + (requests * latencyMs) / 1000 / concurrency) / delayedSeconds;
}

function requestsOf(dir: string): number {
  return (JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as { requests: number }).requests;
}

export async function latencyRuns(seed: string): Promise<LatencyFigures> {
  const sandbox = await startServer("cli/sandbox.ts", ["--port", "0"]);
  const servers = [sandbox];
  try {
    const direct = await startServer("bench/delay-proxy.ts", [sandbox.url, "0"]);
    servers.push(direct);
    const delayed = await startServer("bench/delay-proxy.ts", [sandbox.url, String(LATENCY_MS)]);
    servers.push(delayed);
    const [one, two] = [mkdtempSync(join(tmpdir(), "bench-lat0-")), mkdtempSync(join(tmpdir(), "bench-lat50-"))];
    const base = { SEED: seed, CONFORMANCE_STRICT: "false" };
    const fast = await timedConformance({ ...base, TARGET_BASE_URL: direct.url, REPORTS_DIR: one });
    const slow = await timedConformance({ ...base, TARGET_BASE_URL: delayed.url, REPORTS_DIR: two });
    const requests = requestsOf(two);
    return {
      efficiency: efficiency(fast.seconds, requests, Number(VARIABLES.CONCURRENCY.default), slow.seconds),
      delayedSeconds: slow.seconds,
      undelayedSeconds: fast.seconds,
      requests,
      delayedExit: slow.code,
      undelayedExit: fast.code,
    };
  } finally {
    servers.forEach((s) => s.stop());
  }
}
