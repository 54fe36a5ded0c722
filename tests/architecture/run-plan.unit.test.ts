/**
 * The run plan is the only hand-off from the CLI to its workers (ARCHITECTURE.md, "The run plan"):
 * no worker-side code reads process.env to learn what the CLI decided. The few reads that remain
 * are listed with their reason; a new one fails here.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const WORKER_SIDE = ["lib/checks", "lib/http", "lib/vitest", "suites", "generators"];

/** file → why it may read the environment (none of these is a decision of the CLI). */
const ALLOWED: Record<string, string> = {
  "lib/checks/run-context.ts": "a profile module's own variables are the partner's configuration, read by the module",
};

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** A read in code, not a mention in a comment. */
function readsEnvironment(path: string): boolean {
  return readFileSync(path, "utf8")
    .split("\n")
    .some((line) => /process\.env/.test(line) && !/^\s*(\*|\/\/|\/\*)/.test(line));
}

const READS = WORKER_SIDE.flatMap((folder) => tsFiles(join(ROOT, folder)))
  .filter(readsEnvironment)
  .map((path) => relative(ROOT, path));

test("worker-side code reads no process.env but where listed with its reason", () => {
  expect(READS.filter((file) => !ALLOWED[file])).toEqual([]);
});

test("every listed exception still reads the environment (the list does not go stale)", () => {
  expect(Object.keys(ALLOWED).filter((file) => !READS.includes(file))).toEqual([]);
});

test("the hand-off environment variables of the old protocol are gone", () => {
  const all = ["lib", "cli", "suites"].flatMap((folder) => tsFiles(join(ROOT, folder)));
  const old = /CONFORMANCE_(RUN_LIMITS|SELECTED_CHECKS|PROGRESS_DIR)/;
  expect(all.filter((path) => old.test(readFileSync(path, "utf8"))).map((p) => relative(ROOT, p))).toEqual([]);
});
