/**
 * Correctness does not depend on which file a module sits in: two debiting modules in two worker
 * processes — the ledger's, and one that keeps debiting the same payment card — leave every
 * ledger check exact when the lanes hold across processes (lib/http/coordination/file-lanes.ts), and break
 * them when each process has lanes of its own (the control: the test can tell the difference).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server.ts";
import { ROOT, scriptArgs } from "../support/cli.ts";

interface Result {
  id: string;
  outcome: string;
  category?: string;
  message?: string;
}

let sandbox: RunningSandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  dir = mkdtempSync(join(tmpdir(), "lanes-"));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

function worker(role: "ledger" | "storm", lanesDir: string, stopFile: string): Promise<string> {
  const child = spawn(
    process.execPath,
    [...scriptArgs("tests/support/lane-worker.ts"), role, sandbox.url, lanesDir, stopFile],
    { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${role} worker exited ${code}`)))),
  );
}

/** The storm debiting beside the ledger module, each in a process of its own; the ledger's results. */
async function ledgerBesideStorm(name: string, crossWorker: boolean): Promise<Result[]> {
  const lanesDir = crossWorker ? join(dir, `${name}-lanes`) : "-";
  if (crossWorker) mkdirSync(lanesDir);
  const stopFile = join(dir, `${name}-stop`);
  const storm = worker("storm", lanesDir, stopFile);
  // The ledger starts once the storm is debiting, so the two overlap for the whole ledger run.
  for (let i = 0; i < 600 && !existsSync(`${stopFile}.started`); i++) await new Promise((r) => setTimeout(r, 50));
  expect(existsSync(`${stopFile}.started`), "the storm debits").toBe(true);
  const ledger = JSON.parse((await worker("ledger", lanesDir, stopFile)).trim().split("\n").at(-1)!) as Result[];
  await storm;
  return ledger;
}

const problems = (results: Result[]) =>
  results.filter((r) => r.outcome !== "passed").map((r) => `${r.id} ${r.outcome} ${r.category}: ${r.message}`);

test("lanes across workers: every ledger check stays exact while another process debits the card", async () => {
  const results = await ledgerBesideStorm("shared", true);
  expect(results.length).toBeGreaterThan(5);
  expect(problems(results)).toEqual([]);
});

test("control: with lanes per process, the other worker's debits break the ledger checks", async () => {
  const results = await ledgerBesideStorm("per-process", false);
  const broken = results.filter((r) => r.outcome === "failed" && r.category === "invariant");
  expect(broken.length, problems(results).join("\n")).toBeGreaterThan(0);
});
