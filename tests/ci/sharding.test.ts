/**
 * Sharding: two shards together run exactly the checks of one unsharded run, each check once,
 * and `--merge-reports` turns their blobs into one JUnit file, one summary and one set of Allure
 * results covering the whole run — and, from the contract tallies each shard writes beside its
 * blob, counts every answer either shard received for the contract checks of both.
 * The three runs share one `--check` selection spanning the suite files of both shards (vitest
 * shards files, and a selection is a test-name filter over all of them): the same equality as
 * whole runs, without judging every check three times. That every check passes in a whole run, and
 * the contract checks' reading, are proven by tests/cli/conformance.test.ts and the fault table.
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
const passedIds = (dir: string): string[] =>
  (JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as Summary).checks
    .filter((c) => c.outcome === "passed")
    .map((c) => c.id)
    .sort();

/**
 * Checks of files in both shards (shard 1: register-business, statement, catalogue; shard 2:
 * transaction-create, limits-list, ledger — vitest's hash order), CARD-LIM-SCHEMA a contract check.
 */
const SELECTED = ["PT-BIZ-HTTP-200", "CARD-STMT-HTTP-200", "CARD-TXN-HTTP-200", "CARD-LIM-SCHEMA", "CARD-LIM-JSON"];
const CHECK_ARGS = SELECTED.flatMap((id) => ["--check", id]);

test("--shard=1/2 and --shard=2/2, merged with --merge-reports, equal one unsharded run of the same checks", async () => {
  const work = tempReportsDir();
  const dirs = {
    whole: join(work, "whole"),
    one: join(work, "one"),
    two: join(work, "two"),
    merged: join(work, "merged"),
  };
  const env = (dir: string) => ({ SEED: "21", REPORTS_DIR: dir });
  const runs = await Promise.all([
    runCli("conformance.ts", CHECK_ARGS, env(dirs.whole)),
    runCli("conformance.ts", ["--shard=1/2", ...CHECK_ARGS], env(dirs.one)),
    runCli("conformance.ts", ["--shard=2/2", ...CHECK_ARGS], env(dirs.two)),
  ]);
  // A selection is never conformant (exit 1, incomplete): every selected check passed, none failed.
  for (const r of runs) expect(r.code, r.stdout + r.stderr).toBe(1);
  expect(passedIds(dirs.whole)).toEqual([...SELECTED].sort());

  const [one, two, whole] = [testcases(dirs.one), testcases(dirs.two), testcases(dirs.whole)];
  expect(one.length).toBeGreaterThan(0);
  expect(two.length).toBeGreaterThan(0);
  expect(one.filter((name) => two.includes(name))).toEqual([]);
  expect([...one, ...two].sort()).toEqual(whole);

  // CI copies every shard's blob into one folder, then merges.
  mkdirSync(join(dirs.merged, "blobs"), { recursive: true });
  for (const d of [dirs.one, dirs.two]) cpSync(join(d, "blobs"), join(dirs.merged, "blobs"), { recursive: true });
  const merge = await runCli("conformance.ts", ["--merge-reports", join(dirs.merged, "blobs")], env(dirs.merged));
  // The shards said they ran a selection (selection-i-n.json beside their blobs): the merge is that
  // selection too — every check passed, and still incomplete (exit 1), as the unsharded run.
  expect(merge.code, merge.stdout + merge.stderr).toBe(1);
  const mergedSummary = JSON.parse(readFileSync(join(dirs.merged, "summary.json"), "utf8")) as Summary;
  expect([mergedSummary.verdict, mergedSummary.selectedChecks]).toEqual(["incomplete", [...SELECTED].sort()]);
  expect(passedIds(dirs.merged)).toEqual([...SELECTED].sort());
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
