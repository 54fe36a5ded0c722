/** Child processes of the benchmark: a server that prints its URL, a conformance run with its peak RSS. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../", import.meta.url));

export interface Server {
  url: string;
  stop(): void;
}

/** Starts `node --import tsx <script> ...args` and waits (bounded) for "http://127.0.0.1:PORT" on stdout. */
export function startServer(script: string, args: string[]): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill(), reject(new Error(`${script} did not start within 20 s`))), 20_000);
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stop: () => child.kill("SIGTERM") });
      }
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
}

/** The peak resident set of a process so far (Linux VmHWM), in MB; undefined elsewhere. */
function peakRssMb(child: ChildProcess): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface RunFigures {
  seconds: number;
  code: number | null;
  peakRssMb: number | undefined;
}

/** The node arguments of `npm run conformance`, read from package.json so the two cannot differ. */
export function conformanceArgs(): string[] {
  const script = (JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { scripts: Record<string, string> })
    .scripts.conformance!;
  const [command, ...args] = script.split(/\s+/);
  if (command !== "node") throw new Error(`npm run conformance is not a node command: ${script}`);
  return args;
}

/** One `npm run conformance` (its node process, without npm), timed, its peak RSS sampled every 100 ms. */
export function timedConformance(env: Record<string, string>, timeoutMs = 180_000): Promise<RunFigures> {
  const started = Date.now();
  const child = spawn(process.execPath, conformanceArgs(), {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: "0", ...env },
    stdio: "ignore",
  });
  let peak: number | undefined;
  const sampler = setInterval(() => (peak = Math.max(peak ?? 0, peakRssMb(child) ?? 0) || undefined), 100);
  const killer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  return new Promise((resolve) => {
    child.once("exit", (code) => {
      clearInterval(sampler);
      clearTimeout(killer);
      resolve({ seconds: (Date.now() - started) / 1000, code, peakRssMb: peak });
    });
  });
}
