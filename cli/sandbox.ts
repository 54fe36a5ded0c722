/**
 * npm run sandbox -- --port P [--profile NAME|PATH] [--clock-offset DURATION]
 * Serves the reference sandbox on 127.0.0.1:P in the foreground until stopped (Ctrl-C), with the
 * crypto profile a harness would name in CRYPTO_PROFILE (`default` unless given). With `jws`, the
 * card API JWS is verified as CARD_API_JWS_* in the environment configure it (as for the harness).
 * --clock-offset runs the sandbox's clock ahead (or, negative, behind) real time — postings, daily
 * usage and `dt` — e.g. to see a run cross its midnight (+05:00): `--clock-offset 90m`.
 */
import { parseArgs } from "node:util";
import { readCardApiJws } from "../lib/config/card-api-jws.ts";
import { ConfigError } from "../lib/config/errors.ts";
import { createReader } from "../lib/config/reader.ts";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";
import { startSandbox } from "../sandbox/server.ts";

const USAGE =
  "usage: npm run sandbox -- --port P [--profile default|jws|./module.ts] [--clock-offset DURATION, e.g. 90m, -30s, 2h]";

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** "90m" → 5 400 000; "-30s" → −30 000; unset → 0. */
function clockOffset(text: string | undefined): number {
  if (text === undefined) return 0;
  const m = /^([+-]?\d+)(ms|s|m|h)$/.exec(text.trim());
  if (!m) throw new UsageError(`--clock-offset ${text} is not a duration such as 90m, -30s, 2h or 500ms`);
  return Number(m[1]) * UNIT_MS[m[2]!]!;
}

function options(argv: string[]): { port: number; profile: string; clockOffsetMs: number } {
  let values: { "port"?: string; "profile"?: string; "clock-offset"?: string };
  try {
    values = parseArgs({
      args: argv,
      options: {
        "port": { type: "string", short: "p" },
        "profile": { type: "string" },
        "clock-offset": { type: "string" },
      },
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; ${USAGE}`);
  }
  const text = values.port;
  const port = Number(text ?? "4010");
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${text} is not a TCP port`);
  return { port, profile: values.profile ?? "default", clockOffsetMs: clockOffset(values["clock-offset"]) };
}

async function main(): Promise<number> {
  const { port, profile, clockOffsetMs } = options(process.argv.slice(2));
  const cardApiJws = readCardApiJws(createReader(process.env));
  const sandbox = await startSandbox({ port, profile, cardApiJws, clockOffsetMs }).catch((error: Error) => {
    // The same rule as CRYPTO_PROFILE, reported against the option the user typed.
    throw error instanceof ConfigError
      ? new UsageError(`--profile ${error.message.replace(/^CRYPTO_PROFILE: /, "")}`)
      : error;
  });
  process.stdout.write(
    `sandbox: listening on ${sandbox.url} with crypto profile ${profile}${clockOffsetMs ? `, clock offset ${clockOffsetMs} ms` : ""} (test data: docs/sandbox.md › Test data)\n`,
  );
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await sandbox.close();
  return EXIT.conformant;
}

runMain("sandbox", main);
