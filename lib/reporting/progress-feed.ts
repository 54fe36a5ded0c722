/**
 * How the live progress line learns the requests sent: every worker writes its process's count
 * to a small file once a second, and the progress reporter (in the CLI's process) adds them up.
 * Files, not vitest's channels: a test's metadata reaches the main process only when it ends,
 * and a property check runs for minutes in a nightly run.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { requestsSentInProcess } from "../http/coordination/lanes.ts";

const EVERY_MS = 1_000;

let started = false;

/** Starts this worker's feed into `dir` (the run plan's; none: no feed), once; the timer never holds the process open. */
export function startRequestFeed(dir: string | undefined): void {
  if (!dir || started) return;
  started = true;
  const file = join(dir, `requests-${process.pid}-${threadId}.txt`);
  const write = () => {
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, String(requestsSentInProcess()));
    } catch {
      // Progress is a courtesy: a feed that cannot be written must not fail a check.
    }
  };
  setInterval(write, EVERY_MS).unref();
  process.once("beforeExit", write);
}

/** The requests every worker has reported so far. */
export function requestsReported(dir: string): number {
  let sum = 0;
  try {
    for (const name of readdirSync(dir))
      if (name.startsWith("requests-")) sum += Number(readFileSync(join(dir, name), "utf8")) || 0;
  } catch {
    // No feed yet.
  }
  return sum;
}
