/**
 * Sharding: two shards together run exactly the checks of one unsharded run, each check once,
 * and `--merge-reports` turns their blobs into one JUnit file, one summary and one set of Allure
 * results covering the whole run — and, from the contract tallies each shard writes beside its
 * blob, counts every answer either shard received for the contract checks of both.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import type { Summary } from "../../lib/reporting/summary.ts";
import type { BookSnapshot } from "../../lib/checks/contract-types.ts";
import { parseShard } from "../../lib/runner/shard.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";

const testcases = (dir: string): string[] =>
  [...readFileSync(join(dir, "junit.xml"), "utf8").matchAll(/<testcase [^>]*name="([^"]*)"/g)].map((m) => m[1]!).sort();
const allureNames = (dir: string): string[] =>
  readdirSync(join(dir, "allure-results"))
    .filter((f) => f.endsWith("-result.json"))
    .map((f) => (JSON.parse(readFileSync(join(dir, "allure-results", f), "utf8")) as { name: string }).name)
    .sort();
const checkIds = (dir: string): string[] =>
  (JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as Summary).checks.map((c) => c.id).sort();

test("--shard=1/2 and --shard=2/2, merged with --merge-reports, equal one unsharded run", async () => {
  const work = tempReportsDir();
  const dirs = {
    whole: join(work, "whole"),
    one: join(work, "one"),
    two: join(work, "two"),
    merged: join(work, "merged"),
  };
  const env = (dir: string) => ({ SEED: "21", REPORTS_DIR: dir });
  const runs = await Promise.all([
    runCli("conformance.ts", [], env(dirs.whole)),
    runCli("conformance.ts", ["--shard=1/2"], env(dirs.one)),
    runCli("conformance.ts", ["--shard=2/2"], env(dirs.two)),
  ]);
  for (const r of runs) expect(r.code, r.stdout + r.stderr).toBe(0);

  const [one, two, whole] = [testcases(dirs.one), testcases(dirs.two), testcases(dirs.whole)];
  expect(one.length).toBeGreaterThan(0);
  expect(two.length).toBeGreaterThan(0);
  expect(one.filter((name) => two.includes(name))).toEqual([]);
  expect([...one, ...two].sort()).toEqual(whole);

  // CI copies every shard's blob into one folder, then merges.
  mkdirSync(join(dirs.merged, "blobs"), { recursive: true });
  for (const d of [dirs.one, dirs.two]) cpSync(join(d, "blobs"), join(dirs.merged, "blobs"), { recursive: true });
  const merge = await runCli("conformance.ts", ["--merge-reports", join(dirs.merged, "blobs")], env(dirs.merged));
  expect(merge.code, merge.stdout + merge.stderr).toBe(0);
  expect(testcases(dirs.merged)).toEqual(whole);
  expect(checkIds(dirs.merged)).toEqual(checkIds(dirs.whole));
  expect(allureNames(dirs.merged)).toEqual(allureNames(dirs.whole));

  // Each shard judged every answer it received; the merge adds both shards' tallies up.
  const tallies = [dirs.one, dirs.two].map((d) =>
    readdirSync(join(d, "blobs"))
      .filter((f) => /^contracts-\d+-2\.json$/.test(f))
      .map((f) => JSON.parse(readFileSync(join(d, "blobs", f), "utf8")) as BookSnapshot),
  );
  expect(tallies.map((t) => t.length)).toEqual([1, 1]);
  const received = (s: BookSnapshot) =>
    Object.values(s.answers).reduce((n, a) => n + a.success + a.refused + a.other, 0);
  const merged = JSON.parse(readFileSync(join(dirs.merged, "summary.json"), "utf8")) as Summary;
  expect(merged.answers?.received).toBe(received(tallies[0]![0]!) + received(tallies[1]![0]!));
  const schema = merged.checks.find((c) => c.id === "CARD-LIM-SCHEMA")!;
  expect(schema.contract?.judged).toBe(
    tallies.flat().reduce((n, s) => n + (s.tallies["CARD-LIM-SCHEMA"]?.judged ?? 0), 0),
  );
});

const SHARD_ARGS: Array<[string, string, RegExp | { index: number; count: number }]> = [
  ["1/2 is the first of two", "1/2", { index: 1, count: 2 }],
  ["3/2 does not exist", "3/2", /--shard 3\/2: expected i\/n with 1 ≤ i ≤ n/],
  ["0/2 does not exist", "0/2", /expected i\/n/],
  ["a word is no shard", "half", /expected i\/n/],
];

test.for(SHARD_ARGS)("--shard %s", ([, text, expected]) => {
  if (expected instanceof RegExp) expect(() => parseShard(text)).toThrow(expected);
  else expect(parseShard(text)).toEqual(expected);
});
