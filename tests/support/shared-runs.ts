/**
 * One conformance run shared by the cli tier's files that read it: the first file that asks starts
 * it, the others wait for it (a folder made atomically is the claim; result.json says it ended).
 * The run's REPORTS_DIR is shared: a test that writes into it (certification) works on a copy.
 * The folder comes from the tier's global setup (shared-runs.setup.ts), so a run lives as long as
 * one `vitest run`; started otherwise (no folder provided), each file makes its own.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";
import type { CliResult } from "./cli.ts";
import { strictLaunchedRun, type MeasuredRun } from "./launched-run.ts";
import { tempReportsDir } from "./temp-dirs.ts";

export interface SharedRunSpec<R extends CliResult> {
  /** The folder's name: one per configuration. */
  key: string;
  /** Makes the run with this REPORTS_DIR; what it resolves to is written as result.json. */
  start: (reportsDir: string) => Promise<R>;
}

export interface SharedRun<R extends CliResult> {
  /** The run's REPORTS_DIR: read it, never write into it (copy it first). */
  dir: string;
  result: R;
}

/**
 * The strict whole run of the embedded sandbox at the default property volume, started as the
 * installed bin starts it, its memory sampled (launched-run.ts): the launcher's memory proof
 * (tests/cli/launcher.test.ts), the whole-run contract (tests/cli/conformance.test.ts) and the
 * certification pack (tests/certify/certify.test.ts) read it.
 */
export const STRICT_WHOLE_RUN: SharedRunSpec<MeasuredRun> = { key: "strict-launched", start: strictLaunchedRun };

/** How long a file waits for the run another file started (a whole run takes 15-90 s here). */
const WAIT_MS = 280_000;

async function runInto<R extends CliResult>(folder: string, spec: SharedRunSpec<R>): Promise<SharedRun<R>> {
  const dir = join(folder, "reports");
  mkdirSync(dir);
  let result = { code: null, stdout: "", stderr: "the shared run did not start", ms: 0 } as CliResult;
  try {
    result = await spec.start(dir);
  } finally {
    // Written whatever happened: the files waiting for it see how it ended rather than time out.
    writeFileSync(join(folder, "result.json"), JSON.stringify(result));
  }
  return { dir, result: result as R };
}

async function awaitRun<R extends CliResult>(folder: string, spec: SharedRunSpec<R>): Promise<SharedRun<R>> {
  const done = join(folder, "result.json");
  for (let waited = 0; !existsSync(done); waited += 250) {
    if (waited > WAIT_MS) throw new Error(`the shared run ${spec.key} did not end within ${WAIT_MS / 1000} s`);
    await sleep(250);
  }
  return { dir: join(folder, "reports"), result: JSON.parse(readFileSync(done, "utf8")) as R };
}

/** The run of this configuration: started here when no other file has, else the other file's. */
export async function sharedRun<R extends CliResult>(spec: SharedRunSpec<R>): Promise<SharedRun<R>> {
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
