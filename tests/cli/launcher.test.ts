/**
 * The installed command sets its own memory flags (cli/memory-flags.mjs): `payment-conformance`
 * started without heap settings — as `npx payment-conformance` starts it, no NODE_OPTIONS — runs
 * itself again with those of `npm run conformance`, so a default run peaks at ≤ 256 MB; and the
 * signals still do what they do for `npm run conformance` (tests/cli/interrupt-retries.test.ts):
 * a Ctrl-C at the terminal reaches the run once (exit 130, outputs written), a second one ends it
 * at once, and a launcher killed outright leaves no run behind.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "vitest";
import type { Summary } from "../../lib/reporting/summary.ts";
import { withSandbox } from "../support/harness.ts";
import { ROOT, tempReportsDir } from "../support/cli.ts";
import { startCountingProxy, type TestTarget } from "../support/targets.ts";

const COMMAND = join(ROOT, "cli", "payment-conformance.mjs");
const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));

interface Launched {
  launcher: ChildProcess;
  ended: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** `node cli/payment-conformance.mjs ARGS` as the bin starts it: no NODE_OPTIONS, in a process group of its own (a terminal's job). */
function launch(args: string[], env: Record<string, string>, timeoutMs = 170_000): Launched {
  const inherited = Object.entries(process.env).filter(([k]) => !/^(VITEST|TEST$|NODE_ENV$|NODE_OPTIONS$)/.test(k));
  const launcher = spawn(process.execPath, [COMMAND, ...args], {
    cwd: ROOT,
    env: { ...Object.fromEntries(inherited), FORCE_COLOR: "0", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  launcher.stdout!.on("data", (d: Buffer) => (stdout += d));
  launcher.stderr!.on("data", (d: Buffer) => (stderr += d));
  const timer = setTimeout(() => process.kill(-launcher.pid!, "SIGKILL"), timeoutMs);
  const ended = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    launcher.on("close", (code) => (clearTimeout(timer), resolve({ code, stdout, stderr }))),
  );
  return { launcher, ended };
}

/** The process the launcher started (Linux: /proc), once it runs its own program. */
async function runOf(launcher: ChildProcess): Promise<number> {
  const cmdline = (pid: number | string) => readFileSync(`/proc/${pid}/cmdline`, "utf8");
  for (let i = 0; i < 200; i++) {
    const child = readFileSync(`/proc/${launcher.pid}/task/${launcher.pid}/children`, "utf8").trim().split(/\s+/)[0];
    // Forked but not yet exec'd, a child still shows the launcher's own command line; in the middle
    // of its exec, none at all (seen on a fresh CI machine).
    const line = child ? cmdline(child) : "";
    if (line && line !== cmdline(launcher.pid!)) return Number(child);
    await sleep(100);
  }
  throw new Error("the launcher started no run within 20 s");
}

const status = (pid: number, field: string): number | undefined => {
  try {
    const text = readFileSync(`/proc/${pid}/${field === "Pss" ? "smaps_rollup" : "status"}`, "utf8");
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1]) / 1024 || undefined;
  } catch {
    return undefined;
  }
};

test("without NODE_OPTIONS: the run starts itself again with npm run conformance's memory flags and peaks at ≤ 256 MB", async () => {
  const dir = tempReportsDir();
  // The default property volume: the run a partner gets from `npx payment-conformance`.
  const { launcher, ended } = launch(["--quiet"], { REPORTS_DIR: dir, SEED: "5" });
  const run = await runOf(launcher);
  const flags = readFileSync(`/proc/${run}/cmdline`, "utf8").split("\0");
  expect(flags).toEqual(expect.arrayContaining(["--max-semi-space-size=2", "--max-old-space-size=256"]));
  const peak = { run: 0, launcherPss: 0 };
  const sampler = setInterval(() => {
    peak.run = Math.max(peak.run, status(run, "VmHWM") ?? 0);
    peak.launcherPss = Math.max(peak.launcherPss, status(launcher.pid!, "Pss") ?? 0);
  }, 100);
  const { code, stdout, stderr } = await ended.finally(() => clearInterval(sampler));
  expect(code, stdout.slice(-2000) + stderr).toBe(0);
  expect(summaryOf(dir).verdict).toBe("conformant");
  expect(peak.run).toBeGreaterThan(50);
  expect(peak.run, `peak RSS of the run: ${peak.run} MB`).toBeLessThanOrEqual(256);
  // The launcher itself only waits: its own memory (its share of the pages the run shares with it) is small.
  expect(peak.launcherPss, `launcher PSS: ${peak.launcherPss} MB`).toBeLessThanOrEqual(20);
}, 180_000);

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

const slowEnv = (target: TestTarget, dir: string) => ({
  REPORTS_DIR: dir,
  TARGET_BASE_URL: target.url,
  CONCURRENCY: "2",
  PROPERTY_RUNS: "",
});

test("Ctrl-C at the terminal (SIGINT to the whole group): the run gets it once — exit 130, what was judged written", async () => {
  await slowRun(async (target, dir) => {
    const { launcher, ended } = launch(["--quiet"], slowEnv(target, dir));
    await until(() => target.received.length >= 60, "60 requests at the target");
    process.kill(-launcher.pid!, "SIGINT");
    const { code, stderr } = await ended;
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/SIGINT: no new requests/);
    expect(stderr).not.toMatch(/again: ending at once/);
    expect(summaryOf(dir)).toMatchObject({ verdict: "interrupted", interrupted: "SIGINT" });
    expect(summaryOf(dir).checks.some((c) => c.outcome === "passed")).toBe(true);
  });
}, 180_000);

test("a second Ctrl-C ends the run at once (exit 130)", async () => {
  await slowRun(async (target, dir) => {
    const { launcher, ended } = launch(["--quiet"], slowEnv(target, dir));
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
    const { launcher, ended } = launch(["--quiet"], slowEnv(target, dir));
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
