/**
 * The installed command sets its own memory flags (cli/memory-flags.mjs): `payment-conformance`
 * started without heap settings — as `npx payment-conformance` starts it, no NODE_OPTIONS — runs
 * itself again with those of `npm run conformance`, so a default run peaks at ≤ 256 MB; and the
 * signals do what a user expects of a run: a Ctrl-C at the terminal reaches the run once (exit 130,
 * every output written with what was judged), a second one ends it at once, and a launcher killed
 * outright leaves no run behind. `npm run conformance` starts that same run directly, with the same
 * flags (cli/conformance.mjs), so this is its interruption too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "vitest";
import type { Summary } from "../../lib/reporting/summary.ts";
import { withSandbox } from "../support/harness.ts";
import { tempReportsDir, testLauncher, testStartEnv } from "../support/cli.ts";
import { launch, runOf } from "../support/launched-run.ts";
import { sharedRun, STRICT_WHOLE_RUN } from "../support/shared-runs.ts";
import { startCountingProxy, type TestTarget } from "../support/targets.ts";

const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));

// The run a partner gets from `npx payment-conformance --strict`: the default property volume. The
// one strict whole run of the tier, shared (tests/support/shared-runs.ts) with the whole-run
// contract (tests/cli/conformance.test.ts) and certification (tests/certify/certify.test.ts).
test("without NODE_OPTIONS: the run starts itself again with npm run conformance's memory flags and peaks at ≤ 256 MB", async () => {
  const { dir, result } = await sharedRun(STRICT_WHOLE_RUN);
  expect(result.runFlags).toEqual(expect.arrayContaining(["--max-semi-space-size=2", "--max-old-space-size=256"]));
  expect(result.code, result.stdout.slice(-2000) + result.stderr).toBe(0);
  expect(summaryOf(dir).verdict).toBe("conformant");
  expect(result.peakRunMb).toBeGreaterThan(50);
  expect(result.peakRunMb, `peak RSS of the run: ${result.peakRunMb} MB`).toBeLessThanOrEqual(256);
  // The launcher itself only waits: its own memory (its share of the pages the run shares with it) is small.
  expect(result.peakLauncherPssMb, `launcher PSS: ${result.peakLauncherPssMb} MB`).toBeLessThanOrEqual(20);
}, 300_000);

/** A run against a target 40 ms late, two requests in flight: far from done after some requests. */
async function slowRun(body: (target: TestTarget, dir: string) => Promise<void>): Promise<void> {
  await withSandbox({}, async (sandbox) => {
    const slow = await startCountingProxy(sandbox.url, { delayMs: 40 });
    try {
      await body(slow, tempReportsDir());
    } finally {
      await slow.close();
    }
  });
}

/** Running (a zombie nobody reaped yet has ended). */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600 && !condition(); i++) await sleep(100);
  if (!condition()) throw new Error(`not within 60 s: ${what}`);
}

// The signals are the subject here, not the start-up (the memory test's, above): these runs load
// the harness as the commands the tests start do (testLauncher, testStartEnv), about 3 s of CPU
// less each; the bundle's launcher forwards signals as the installed one does (cli/launcher.mjs).
const slowEnv = (target: TestTarget, dir: string) => ({
  ...testStartEnv(),
  REPORTS_DIR: dir,
  TARGET_BASE_URL: target.url,
  CONCURRENCY: "2",
  PROPERTY_RUNS: "",
});

test("Ctrl-C at the terminal (SIGINT to the whole group): the run gets it once — exit 130, what was judged written", async () => {
  await slowRun(async (target, dir) => {
    const { launcher, ended } = launch(["--quiet"], slowEnv(target, dir), testLauncher());
    await until(() => target.received.length >= 60, "60 requests at the target");
    process.kill(-launcher.pid!, "SIGINT");
    const { code, stderr } = await ended;
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/SIGINT: no new requests/);
    expect(stderr).not.toMatch(/again: ending at once/);
    const summary = summaryOf(dir);
    expect(summary).toMatchObject({ verdict: "interrupted", interrupted: "SIGINT" });
    // What was judged is kept; what was not is "not judged", by the interruption.
    expect(summary.checks.some((c) => c.outcome === "passed")).toBe(true);
    expect(summary.checks.some((c) => c.outcome === "not judged" && c.category === "interrupted")).toBe(true);
    // The stop is ours: never reported as the target's failure.
    expect(summary.checks.filter((c) => c.outcome === "failed" || c.outcome === "warning")).toEqual([]);
    // Every output is written: the summary's page, JUnit and Allure's results.
    expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(/\*\*Verdict: interrupted\*\* — stopped by SIGINT/);
    expect(readFileSync(join(dir, "junit.xml"), "utf8")).toContain('conformance.verdict" value="interrupted');
    expect(readdirSync(join(dir, "allure-results")).some((f) => f.endsWith("-result.json"))).toBe(true);
  });
}, 180_000);

test("a second Ctrl-C ends the run at once (exit 130)", async () => {
  await slowRun(async (target, dir) => {
    const { launcher, ended } = launch(["--quiet"], slowEnv(target, dir), testLauncher());
    await until(() => target.received.length >= 60, "60 requests at the target");
    process.kill(-launcher.pid!, "SIGINT");
    await sleep(300);
    process.kill(-launcher.pid!, "SIGINT");
    const { code, stderr } = await ended;
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/SIGINT again: ending at once/);
  });
}, 180_000);

test("the launcher killed outright: the run stops as on SIGTERM, writes what it judged and ends", async () => {
  await slowRun(async (target, dir) => {
    const { launcher, ended } = launch(["--quiet"], slowEnv(target, dir), testLauncher());
    await until(() => target.received.length >= 60, "60 requests at the target");
    const run = await runOf(launcher);
    launcher.kill("SIGKILL");
    await ended;
    try {
      await until(() => !alive(run), "the run to end");
      expect(summaryOf(dir)).toMatchObject({ verdict: "interrupted", interrupted: "SIGTERM" });
    } finally {
      if (alive(run)) process.kill(run, "SIGKILL");
    }
  });
}, 180_000);
