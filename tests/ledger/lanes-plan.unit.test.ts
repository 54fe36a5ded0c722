/**
 * Which isolation lanes a run plans: with one worker (every run today, run-limits.ts `workerCount`)
 * lanes in memory — no file lock and no lane state file written per request; a lanes folder
 * (file-lanes.ts, proven across processes by cross-worker-lanes.test.ts) only for several workers.
 */
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { FileLanes } from "../../lib/http/coordination/file-lanes.ts";
import { Lanes } from "../../lib/http/coordination/lanes.ts";
import { lanesAcrossProcesses, lanesOf, planRunLimits, workerCount } from "../../lib/http/coordination/run-limits.ts";

test("one worker: lanes in memory; several workers: a lanes folder they share", () => {
  expect(lanesAcrossProcesses({ workers: workerCount() })).toBe(false);
  expect(lanesAcrossProcesses({ workers: 2 })).toBe(true);
  const limits = planRunLimits(loadConfig({}), { workers: 1, shards: 1, startedAt: 1_000 });
  expect(limits.lanesDir).toBeUndefined();
  expect(lanesOf(limits)).toBeInstanceOf(Lanes);
  expect(lanesOf({ ...limits, lanesDir: "/tmp/lanes" })).toBeInstanceOf(FileLanes);
});
