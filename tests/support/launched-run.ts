/**
 * `payment-conformance` as the installed bin starts it (cli/payment-conformance.mjs, no
 * NODE_OPTIONS, a process group of its own as a terminal's job), and the one whole run the cli
 * tier makes that way: the strict run of the embedded sandbox at the default property volume, its
 * memory sampled while it runs. tests/cli/launcher.test.ts reads the memory, tests/cli/conformance.test.ts
 * the whole-run contract, tests/certify/certify.test.ts packs a copy (shared-runs.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { TEST_LATENCY_BUDGET } from "./budget.ts";
import type { CliResult } from "./cli.ts";
import { ROOT } from "./root.ts";

const COMMAND = join(ROOT, "cli", "payment-conformance.mjs");

export interface Launched {
  launcher: ChildProcess;
  ended: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/**
 * `node cli/payment-conformance.mjs ARGS` as the bin starts it: no NODE_OPTIONS, in a process group
 * of its own (a terminal's job). @param command the launcher: the installed one unless the start-up
 * is not the subject (the cli tier's bundle's: tests/support/cli.ts, testLauncher).
 */
export function launch(args: string[], env: Record<string, string>, command = COMMAND, timeoutMs = 170_000): Launched {
  const inherited = Object.entries(process.env).filter(([k]) => !/^(VITEST|TEST$|NODE_ENV$|NODE_OPTIONS$)/.test(k));
  const launcher = spawn(process.execPath, [command, ...args], {
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
export async function runOf(launcher: ChildProcess): Promise<number> {
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

/** A figure of /proc/PID/status (VmHWM) or smaps_rollup (Pss), in MB; undefined once the process is gone. */
function status(pid: number, field: string): number | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/${field === "Pss" ? "smaps_rollup" : "status"}`, "utf8");
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1]) / 1024 || undefined;
  } catch {
    return undefined;
  }
}

/** A launched run's ending, the flags its run process got, and the peaks sampled every 100 ms. */
export interface MeasuredRun extends CliResult {
  runFlags: string[];
  /** Peak resident set (VmHWM) of the run process, MB. */
  peakRunMb: number;
  /** Peak proportional set (Pss) of the launcher itself, MB. */
  peakLauncherPssMb: number;
}

/** Launches a run and samples its memory until it ends. */
export async function measuredRun(args: string[], env: Record<string, string>): Promise<MeasuredRun> {
  const started = Date.now();
  const { launcher, ended } = launch(args, env);
  const run = await runOf(launcher);
  const runFlags = readFileSync(`/proc/${run}/cmdline`, "utf8").split("\0");
  const peak = { run: 0, launcherPss: 0 };
  const sampler = setInterval(() => {
    peak.run = Math.max(peak.run, status(run, "VmHWM") ?? 0);
    peak.launcherPss = Math.max(peak.launcherPss, status(launcher.pid!, "Pss") ?? 0);
  }, 100);
  const end = await ended.finally(() => clearInterval(sampler));
  return { ...end, ms: Date.now() - started, runFlags, peakRunMb: peak.run, peakLauncherPssMb: peak.launcherPss };
}

/**
 * The strict whole run of the embedded sandbox at the default property volume (PROPERTY_RUNS
 * empty), as a partner's `npx payment-conformance --strict` starts it — no NODE_OPTIONS, no module
 * cache — with the tests' latency budget (budget.ts).
 */
export function strictLaunchedRun(reportsDir: string): Promise<MeasuredRun> {
  return measuredRun(["--strict"], { REPORTS_DIR: reportsDir, SEED: "7", PROPERTY_RUNS: "", ...TEST_LATENCY_BUDGET });
}
