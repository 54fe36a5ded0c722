/**
 * Sharding across machines: `--shard=i/n` runs vitest's i-th part of the test files and writes a
 * blob report beside the usual outputs; `--merge-reports DIR` reads the blobs of every shard and
 * runs the usual reporters once over all of them, so JUnit, the summary and the Allure results
 * cover the whole run. The blob reporter is added by the CLI only when sharding: a `--reporter`
 * flag would replace the other reporters (docs TOOLCHAIN.md).
 * Beside its blob each shard writes its contract tallies (contracts-i-n.json: every answer its
 * worker judged, lib/checks/contract-book.ts); the merge adds every shard's up and re-decides the
 * contract rows from them (lib/reporting/contract-rows.ts), so an answer received by one shard
 * counts for a contract check that ran in another. A shard of a selection (--check, --last-failed)
 * writes its selected ids too (selection-i-n.json): a merge of selections is a selection, never
 * a conformant whole run.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ContractBook } from "../checks/contract-book.ts";
import type { BookSnapshot } from "../checks/contract-types.ts";
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

/** Where a shard's worker writes its contract tallies: beside its blob, in the folder CI collects. */
export function contractsFileOf(reportsDir: string, shard: Shard): string {
  return resolve(join(reportsDir, "blobs", `contracts-${shard.index}-${shard.count}.json`));
}

const CONTRACTS_FILE = /^contracts-\d+-\d+\.json$/;
const SELECTION_FILE = /^selection-\d+-\d+\.json$/;

/** A shard of a selection says so beside its blob; a whole run's shard removes an earlier run's word. */
export function writeShardSelection(reportsDir: string, shard: Shard, selectedChecks: readonly string[]): void {
  const dir = join(reportsDir, "blobs");
  const file = join(dir, `selection-${shard.index}-${shard.count}.json`);
  if (!selectedChecks.length) return rmSync(file, { force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify([...selectedChecks]));
}

/** The checks the shards in DIR selected (every shard's, once each); none when they ran whole. */
export function shardsSelection(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).filter((name) => SELECTION_FILE.test(name));
  const ids = files.flatMap((f) => selectionIn(join(dir, f)));
  return [...new Set(ids)].sort();
}

/** One shard's selected ids; a file that is not one (cut short, edited) is the folder's problem, exit 2. */
function selectionIn(file: string): string[] {
  let ids: unknown;
  try {
    ids = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    ids = error;
  }
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string"))
    throw new UsageError(`--merge-reports: ${file} is not a shard's list of selected checks`);
  return ids;
}

/**
 * What a merge reads from the shards' folder: the blobs alone in a folder of their own (vitest
 * takes every file of its folder for a blob), and every shard's contract tallies added up.
 */
export function mergeInputs(dir: string): { blobsDir: string; contracts?: BookSnapshot; close(): void } {
  const files = readdirSync(dir);
  const blobsDir = mkdtempSync(join(tmpdir(), "conformance-blobs-"));
  const blobs = files.filter((name) => !CONTRACTS_FILE.test(name) && !SELECTION_FILE.test(name));
  for (const f of blobs) cpSync(join(dir, f), join(blobsDir, f));
  const tallies = files.filter((name) => CONTRACTS_FILE.test(name));
  const book = new ContractBook();
  for (const f of tallies) book.absorb(JSON.parse(readFileSync(join(dir, f), "utf8")) as BookSnapshot);
  return {
    blobsDir,
    ...(tallies.length ? { contracts: book.snapshot(false) } : {}),
    close: () => rmSync(blobsDir, { recursive: true, force: true }),
  };
}
