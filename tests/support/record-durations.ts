/**
 * Records how long each of the harness's own test files took in the last `npm test`, from vitest's
 * results cache, into tests/support/durations.json: the order a fresh clone runs the files in
 * (vitest.config.ts, LongestFirst). Run it after a whole `npm test` on a quiet 2-core machine when
 * files were added or grew; a file that no longer exists is left out.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RECORDED_DURATIONS } from "../../vitest.config.ts";

const ROOT = join(import.meta.dirname, "../..");
/** vitest keeps the results of the root project under the hash of its empty name. */
const RESULTS = join(ROOT, "node_modules/.vite/vitest", createHash("sha1").update("").digest("hex"), "results.json");
const TIERS = ["unit", "sandbox", "cli"];

if (!existsSync(RESULTS)) {
  console.error(`record-durations: no vitest results at ${RESULTS}; run npm test first`);
  process.exit(2);
}
const { results } = JSON.parse(readFileSync(RESULTS, "utf8")) as { results: Array<[string, { duration?: number }]> };
const recorded = Object.fromEntries(
  results
    .filter(([key]) => TIERS.includes(key.split(":")[0]!) && existsSync(join(ROOT, key.split(":")[1]!)))
    .map(([key, { duration = 0 }]) => [key, Math.round(duration / 1000)] as const)
    .filter(([, seconds]) => seconds >= 1)
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(RECORDED_DURATIONS, `${JSON.stringify(recorded, null, 2)}\n`);
console.log(`record-durations: ${Object.keys(recorded).length} files written to ${RECORDED_DURATIONS}`);
