/**
 * Sharding across machines: `--shard=i/n` runs vitest's i-th part of the test files and writes a
 * blob report beside the usual outputs; `--merge-reports DIR` reads the blobs of every shard and
 * runs the usual reporters once over all of them, so JUnit, the summary and the Allure results
 * cover the whole run. The blob reporter is added by the CLI only when sharding: a `--reporter`
 * flag would replace the other reporters (docs TOOLCHAIN.md).
 */
import { join, resolve } from "node:path";
import { UsageError } from "./cli-errors.ts";

export interface Shard {
  index: number;
  count: number;
}

export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || index < 1 || count < 1 || index > count)
    throw new UsageError(`--shard ${text}: expected i/n with 1 ≤ i ≤ n, e.g. --shard=1/2`);
  return { index, count };
}

/** Where a shard writes its blob; CI collects these files into one folder for the merge. */
function blobFile(reportsDir: string, shard: Shard): string {
  return join(reportsDir, "blobs", `blob-${shard.index}-${shard.count}.json`);
}

/** The vitest blob reporter entry of a shard. */
export function blobReporter(reportsDir: string, shard: Shard): [string, Record<string, unknown>] {
  // Absolute: vitest resolves a relative one against the checkout (its root), not the working folder.
  return ["blob", { outputFile: resolve(blobFile(reportsDir, shard)) }];
}
