/**
 * One conformance run shared by the cli tier's files that read it: the first file that asks starts
 * it, the others wait for it (a folder made atomically is the claim; result.json says it ended).
 * The run's REPORTS_DIR is shared: a test that writes into it (certify, report) works on a copy.
 * The folder comes from the tier's global setup (shared-runs.setup.ts), so a run lives as long as
 * one `vitest run`; started otherwise (no folder provided), each file makes its own.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";
import { runCli, type CliResult } from "./cli.ts";
import { tempReportsDir } from "./temp-dirs.ts";

export interface SharedRunSpec {
  /** The folder's name: one per configuration. */
  key: string;
  args: string[];
  env: Record<string, string>;
}

export interface SharedRun {
  /** The run's REPORTS_DIR: read it, never write into it (copy it first). */
  dir: string;
  result: CliResult;
}

/**
 * The whole run of tests/cli/conformance.test.ts's strict test: the embedded sandbox, strict, the
 * default property volume. Certification reads it too (tests/certify/certify.test.ts).
 */
export const STRICT_WHOLE_RUN: SharedRunSpec = {
  key: "strict-embedded",
  args: ["--strict"],
  env: { SEED: "7", PROPERTY_RUNS: "" },
};

/** How long a file waits for the run another file started (a whole run takes 15-60 s here). */
const WAIT_MS = 280_000;

async function runInto(folder: string, spec: SharedRunSpec): Promise<SharedRun> {
  const dir = join(folder, "reports");
  mkdirSync(dir);
  let result: CliResult = { code: null, stdout: "", stderr: "the shared run did not start", ms: 0 };
  try {
    result = await runCli("conformance.ts", spec.args, { ...spec.env, REPORTS_DIR: dir }, 240_000);
  } finally {
    // Written whatever happened: the files waiting for it see how it ended rather than time out.
    writeFileSync(join(folder, "result.json"), JSON.stringify(result));
  }
  return { dir, result };
}

async function awaitRun(folder: string, spec: SharedRunSpec): Promise<SharedRun> {
  const done = join(folder, "result.json");
  for (let waited = 0; !existsSync(done); waited += 250) {
    if (waited > WAIT_MS) throw new Error(`the shared run ${spec.key} did not end within ${WAIT_MS / 1000} s`);
    await sleep(250);
  }
  return { dir: join(folder, "reports"), result: JSON.parse(readFileSync(done, "utf8")) as CliResult };
}

/** The run of this configuration: started here when no other file has, else the other file's. */
export async function sharedRun(spec: SharedRunSpec): Promise<SharedRun> {
  const root = inject("sharedRunsDir");
  if (!root) return runInto(tempReportsDir(), spec);
  const folder = join(root, spec.key);
  try {
    mkdirSync(folder);
  } catch {
    return awaitRun(folder, spec);
  }
  return runInto(folder, spec);
}
