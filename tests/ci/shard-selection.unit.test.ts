/**
 * A shard of a selection (--check, --last-failed) says so beside its blob, and the merge reads it
 * (lib/runner/shard.ts): a merge of selections is a selection — never a conformant whole run. The
 * command end to end: tests/ci/sharding.test.ts.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { UsageError } from "../../lib/runner/cli-errors.ts";
import { mergeInputs, shardsSelection, writeShardSelection } from "../../lib/runner/shard.ts";
import { tempReportsDir } from "../support/temp-dirs.ts";

test("the shards' selections are merged once each, and never taken for a blob", () => {
  const dir = tempReportsDir();
  writeShardSelection(dir, { index: 1, count: 2 }, ["CARD-STMT-HTTP-200", "PT-BIZ-HTTP-200"]);
  writeShardSelection(dir, { index: 2, count: 2 }, ["CARD-STMT-HTTP-200", "CARD-LIM-JSON"]);
  writeFileSync(join(dir, "blobs", "blob-1-2.json"), "{}");
  const blobs = join(dir, "blobs");
  expect(shardsSelection(blobs)).toEqual(["CARD-LIM-JSON", "CARD-STMT-HTTP-200", "PT-BIZ-HTTP-200"]);
  const merge = mergeInputs(blobs);
  try {
    expect(readdirSync(merge.blobsDir)).toEqual(["blob-1-2.json"]);
  } finally {
    merge.close();
  }
});

test("a whole run's shard leaves no selection, and removes the word of an earlier selection", () => {
  const dir = tempReportsDir();
  const shard = { index: 1, count: 2 };
  writeShardSelection(dir, shard, ["CARD-STMT-HTTP-200"]);
  writeShardSelection(dir, shard, []);
  expect(existsSync(join(dir, "blobs", "selection-1-2.json"))).toBe(false);
  expect(shardsSelection(join(dir, "blobs"))).toEqual([]);
  const whole = tempReportsDir();
  mkdirSync(join(whole, "blobs"));
  writeShardSelection(whole, shard, []);
  expect(shardsSelection(join(whole, "blobs"))).toEqual([]);
});

test("a selection file that is not a list of ids (cut short, edited) is a usage error naming it", () => {
  const dir = tempReportsDir();
  writeShardSelection(dir, { index: 1, count: 2 }, ["CARD-STMT-HTTP-200"]);
  const file = join(dir, "blobs", "selection-1-2.json");
  for (const text of ['["CARD-STMT', '{"ids": []}', "[1]"]) {
    writeFileSync(file, text);
    expect(() => shardsSelection(join(dir, "blobs"))).toThrow(
      new UsageError(`--merge-reports: ${file} is not a shard's list of selected checks`),
    );
  }
});
