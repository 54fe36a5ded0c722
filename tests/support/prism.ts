/**
 * Stoplight Prism's mock server (@stoplight/prism-cli, pinned 5.14.2: newer needs Node 24) on
 * 127.0.0.1 and a free port, started as one node process so that it can be stopped by its pid.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { join } from "node:path";
import { ROOT } from "./cli.ts";

export interface RunningPrism {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export const PRISM_START_TIMEOUT_MS = 30_000;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Starts `prism mock FILE`; resolves once it listens, rejects (and kills it) after the timeout. */
export async function startPrism(document: string): Promise<RunningPrism> {
  const port = await freePort();
  const cli = join(ROOT, "node_modules", "@stoplight", "prism-cli", "dist", "index.js");
  const child = spawn(process.execPath, [cli, "mock", document, "-h", "127.0.0.1", "-p", String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d));
  child.stderr!.on("data", (d: Buffer) => (output += d));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Prism did not listen within ${PRISM_START_TIMEOUT_MS} ms:\n${output}`)),
      PRISM_START_TIMEOUT_MS,
    );
    child.stdout!.on("data", () => /Prism is listening/.test(output) && (clearTimeout(timer), resolve()));
    child.once("exit", (code) => (clearTimeout(timer), reject(new Error(`Prism exited with ${code}:\n${output}`))));
  });
  try {
    await listening;
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop: () => stop(child) };
}
