// The run's memory settings for the installed command. `npm run conformance` starts Node with a
// small young generation and a 256 MB heap (package.json); `npx payment-conformance` cannot pass
// Node options through its bin, and V8 reads them only when the process starts (set later, they
// reach new worker threads but not the main thread). So a run started without them — and without
// the user's own (NODE_OPTIONS, or node's arguments) — starts itself again with them: a full run
// against the embedded sandbox then peaks at about 230 MB instead of 310–355 (docs/performance.md).
//
// Signals: the run is started in a process group of its own, so that a Ctrl-C at the terminal
// (sent to the whole foreground group) reaches it exactly once, forwarded from here — twice would
// end it at once, before it writes what it judged (lib/runner/interrupt.ts). A second Ctrl-C is
// forwarded too and ends it at once. If this launcher dies without forwarding (SIGKILL), the run
// sees its parent change and stops as if sent SIGTERM: it writes its outputs and ends.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { constants } from "node:os";
import { isatty } from "node:tty";
import { fileURLToPath } from "node:url";

/** Set in the relaunched run: the launcher's process id. */
const LAUNCHER = "PAYMENT_CONFORMANCE_LAUNCHER_PID";
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"];

/** The memory flags of `npm run conformance`, read from package.json so that the two cannot differ. */
export function memoryFlags() {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return pkg.scripts.conformance.split(/\s+/).filter((arg) => /^--max-(semi|old)-space-size=/.test(arg));
}

/** True when this process was started with heap settings of any source (ours, or the user's own). */
export function hasHeapSettings(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? "") {
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => /^--max-(semi|old)-space-size(=|$)/.test(arg));
}

/**
 * Runs `script argv` again in a child Node started with the memory flags and ends this process
 * with the child's exit code; never returns.
 */
export function relaunchWithMemoryFlags(script, argv) {
  const child = spawn(process.execPath, [...memoryFlags(), ...process.execArgv, fileURLToPath(script), ...argv], {
    // In its own group a run reading the terminal would be stopped: it reads nothing from it.
    stdio: [isatty(0) ? "ignore" : "inherit", "inherit", "inherit"],
    detached: process.platform !== "win32",
    env: { ...process.env, [LAUNCHER]: String(process.pid) },
  });
  const forward = (signal) => child.kill(signal);
  for (const signal of FORWARDED) process.on(signal, forward);
  child.on("error", (error) => {
    process.stderr.write(`payment-conformance: could not start the run: ${error.message}\n`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
  return new Promise(() => undefined);
}

/** In a relaunched run: stop as on SIGTERM when the launcher is gone (it can no longer forward a signal). */
export function watchLauncher() {
  const launcher = Number(process.env[LAUNCHER]);
  delete process.env[LAUNCHER];
  if (!launcher) return;
  const timer = setInterval(() => {
    if (process.ppid === launcher) return;
    clearInterval(timer);
    process.kill(process.pid, "SIGTERM");
  }, 1_000);
  timer.unref();
}
