/**
 * A global setup of the unit, sandbox and cli tiers: one folder per `vitest run` for everything
 * written under the system's temporary folder — the tests' reports folders, partner folders, the
 * installed package, and whatever the commands they start write there — removed when the run ends.
 * The tests name their folders with `os.tmpdir()`, which reads TMPDIR, as the commands do; the
 * workers and the commands inherit it. Without it, each `npm test` left about 200 MB in /tmp.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Kept between the tiers' setups (vitest loads a global setup once per project, all in this one
 * process): the first makes the folder, the last to end removes it.
 */
const KEPT = Symbol.for("payment-conformance.tests.tempRoot");
const kept = globalThis as { [KEPT]?: { root: string; before: string | undefined; users: number } };

/**
 * Removed by a process of its own that outlives the run: the folder holds thousands of files (an
 * installed package among them), several seconds of a core on a small machine, which the run's end
 * need not wait for.
 */
function removeInBackground(folder: string): void {
  const remove = `require("node:fs").rmSync(${JSON.stringify(folder)}, { recursive: true, force: true })`;
  spawn(process.execPath, ["-e", remove], { detached: true, stdio: "ignore" }).unref();
}

export default function setup(): () => void {
  if (!kept[KEPT]) {
    const before = process.env.TMPDIR;
    kept[KEPT] = { root: mkdtempSync(join(tmpdir(), "harness-tests-")), before, users: 0 };
    process.env.TMPDIR = kept[KEPT].root;
  }
  kept[KEPT].users++;
  return () => {
    const state = kept[KEPT]!;
    if (--state.users > 0) return;
    if (state.before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = state.before;
    removeInBackground(state.root);
    delete kept[KEPT];
  };
}
