/** Runs a harness command as a child process, as a user or CI would, with a clean environment. */
import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { inject } from "vitest";
import { conformanceArgs } from "../../bench/processes.ts";
import { TEST_MODULE_CACHE_SWITCH, TEST_NODE_FLAGS } from "../../vitest.config.ts";
import { BUNDLED_SCRIPTS, launcherOf } from "./cli-bundle.ts";

import { ROOT } from "./root.ts";
import { tempReportsDir } from "./temp-dirs.ts";
import { TEST_LATENCY_BUDGET } from "./budget.ts";

export { ROOT };

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * The parent's environment without vitest's own variables (a nested vitest must not see them).
 * Few property cases unless a test asks otherwise: these tests are about the command, not volume
 * (the one test of the default volume passes PROPERTY_RUNS: "" to get the real default), and the
 * tests' latency budget (budget.ts; LATENCY_P95_MS: "" for none). The
 * commands share vitest's module cache on disk (vitest.config.ts: TEST_MODULE_CACHE_SWITCH).
 */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|TEST$|NODE_ENV$)/.test(k)));
  const base = { FORCE_COLOR: "0", NO_COLOR: "1", PROPERTY_RUNS: "5", ...TEST_LATENCY_BUDGET };
  return { ...env, ...base, ...testStartEnv(), ...extra };
}

/**
 * The tests' start-up of a command: vitest's module cache shared on disk. Every command a test
 * starts gets it, except where the start-up itself is the subject (tests/support/launched-run.ts:
 * the launcher's memory).
 */
export function testStartEnv(): Record<string, string> {
  return { [TEST_MODULE_CACHE_SWITCH]: "1" };
}

/**
 * The launcher the tests start a command with: in the cli tier, its bundle's (cli-bundle.ts) —
 * the installed launcher's body, the commands loaded natively from the bundle, and the launcher
 * ci's nested commands start in turn; elsewhere the installed one (cli/payment-conformance.mjs).
 */
export function testLauncher(): string {
  const bundle = inject("cliBundleDir");
  return bundle ? launcherOf(bundle) : join(ROOT, "cli", "payment-conformance.mjs");
}

export { tempReportsDir };

/**
 * The commands the launcher runs under the same name as the script's own `runMain`, so that its
 * lines read the same (ci-step's would say "ci": npm run ci-step starts the launcher anyway).
 */
const LAUNCHED = { "certify.ts": "certify", "report.ts": "report", "compare.ts": "compare", "sandbox.ts": "sandbox" };

/**
 * How npm starts a command: conformance through its launcher and flags, the others through tsx.
 * With the tier's bundle, all through the bundle's launcher (testLauncher): the same `main` with
 * the same arguments, tsx's hooks registered before a partner's profile module is imported
 * (cli-bundle.ts), the same `runMain` ending (as the installed command runs them: tests/package).
 */
function nodeArgs(script: string): string[] {
  const bundled = Boolean(inject("cliBundleDir"));
  // The launcher by its absolute path: the working folder may be a partner's, not the checkout.
  // (cli/conformance.mjs is the launcher's `run`.)
  if (script === "conformance.ts")
    return conformanceArgs().flatMap((a) =>
      !a.startsWith("cli/") ? [a] : bundled ? [testLauncher(), "run"] : [join(ROOT, a)],
    );
  const launched = Object.hasOwn(LAUNCHED, script) ? LAUNCHED[script as keyof typeof LAUNCHED] : undefined;
  if (launched && bundled) return [testLauncher(), launched];
  return ["--import", "tsx", join(ROOT, "cli", script)];
}

/**
 * A command that keeps running (the sandbox serving), started as runCli starts it, in the checkout;
 * the caller reads its output and stops it.
 */
export function spawnCommand(script: string, args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...TEST_NODE_FLAGS, ...nodeArgs(script), ...args], { cwd: ROOT, env: cleanEnv({}) });
}

/**
 * The node arguments that run one of the tests' own scripts (cli-bundle.ts, BUNDLED_SCRIPTS; its
 * path from the checkout) as a process: from the tier's bundle when there is one, else through tsx.
 */
export function scriptArgs(script: string): string[] {
  const bundle = inject("cliBundleDir");
  if (bundle && BUNDLED_SCRIPTS.includes(script)) return [join(bundle, script.replace(/\.ts$/, ".mjs"))];
  return ["--import", "tsx", join(ROOT, script)];
}

/** A signal sent to the command this long after it started, once `when` holds too (an interrupted run). */
export interface SendSignal {
  signal: NodeJS.Signals;
  afterMs: number;
  /** Polled every 100 ms after afterMs (e.g. "the target has received 80 requests"); default: at once. */
  when?: () => boolean;
}

/** Sends the signal when due; the returned function cancels it. */
function scheduleSignal(child: ChildProcess, send: SendSignal | undefined): () => void {
  if (!send) return () => undefined;
  let timer = setTimeout(function poll() {
    if (send.when && !send.when()) timer = setTimeout(poll, 100);
    else child.kill(send.signal);
  }, send.afterMs);
  return () => clearTimeout(timer);
}

/** @param cwd the working folder (a partner's, with its own .env); the checkout by default. */
export function runCli(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 120_000,
  cwd = ROOT,
  send?: SendSignal,
): Promise<CliResult> {
  return runProcess(
    process.execPath,
    [...TEST_NODE_FLAGS, ...nodeArgs(script), ...args],
    env,
    timeoutMs,
    cwd,
    undefined,
    send,
  );
}

/**
 * Any program (npm, an installed command) as a child process with the same clean environment and bound.
 * @param watch sees the output so far and the process at each chunk of stdout (to signal it at a point of the run).
 * @param send a signal to send the process when due (an interrupted run).
 */
export function runProcess(
  program: string,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 120_000,
  cwd = ROOT,
  watch?: (stdout: string, child: ChildProcess) => void,
  send?: SendSignal,
): Promise<CliResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd,
      env: cleanEnv(env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d;
      watch?.(stdout, child);
    });
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    const cancelSignal = scheduleSignal(child, send);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      cancelSignal();
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}
