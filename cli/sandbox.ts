/**
 * npm run sandbox -- --port P
 * Serves the reference sandbox on 127.0.0.1:P in the foreground until stopped (Ctrl-C).
 */
import { parseArgs } from "node:util";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";
import { startSandbox } from "../sandbox/server.ts";

function port(argv: string[]): number {
  let text: string | undefined;
  try {
    text = parseArgs({ args: argv, options: { port: { type: "string", short: "p" } } }).values.port;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; usage: npm run sandbox -- --port P`);
  }
  const value = Number(text ?? "4010");
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new UsageError(`--port ${text} is not a TCP port`);
  return value;
}

async function main(): Promise<number> {
  const sandbox = await startSandbox({ port: port(process.argv.slice(2)) });
  process.stdout.write(`sandbox: listening on ${sandbox.url} (test data: README.md › Sandbox test data)\n`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await sandbox.close();
  return EXIT.conformant;
}

runMain("sandbox", main);
