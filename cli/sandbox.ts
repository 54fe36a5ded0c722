/**
 * npm run sandbox -- --port P [--profile NAME|PATH] [--tls] [--mtls] [--tls-dir DIR] [--clock-offset DURATION]
 * Serves the reference sandbox on 127.0.0.1:P in the foreground until stopped (Ctrl-C), with the
 * crypto profile a harness would name in CRYPTO_PROFILE (`default` unless given). With `jws`, the
 * card API JWS is verified as CARD_API_JWS_* in the environment configure it (as for the harness).
 * --tls serves HTTPS with a certificate of a throwaway CA made at start; --mtls (implies --tls) also
 * demands a client certificate of that CA. The CA, a client certificate and key, and a PKCS#12 go
 * into --tls-dir (default: a new temporary folder), and the variables to set are printed.
 * --clock-offset runs the sandbox's clock ahead (or, negative, behind) real time — postings, daily
 * usage and `dt` — e.g. to see a run cross its midnight (+05:00): `--clock-offset 90m`.
 */
import { parseArgs } from "node:util";
import { writeTlsFolder } from "../sandbox/tls-folder.ts";
import { makeSandboxCertificates } from "../sandbox/certificates.ts";
import { readCardApiJws } from "../lib/config/card-api-jws.ts";
import { ConfigError } from "../lib/config/errors.ts";
import { createReader } from "../lib/config/reader.ts";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";
import { startSandbox } from "../sandbox/server.ts";

const USAGE =
  "usage: npm run sandbox -- --port P [--profile default|jws|./module.ts] [--tls] [--mtls] [--tls-dir DIR] [--clock-offset DURATION, e.g. 90m, -30s, 2h]";

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** "90m" → 5 400 000; "-30s" → −30 000; unset → 0. */
function clockOffset(text: string | undefined): number {
  if (text === undefined) return 0;
  const m = /^([+-]?\d+)(ms|s|m|h)$/.exec(text.trim());
  if (!m) throw new UsageError(`--clock-offset ${text} is not a duration such as 90m, -30s, 2h or 500ms`);
  return Number(m[1]) * UNIT_MS[m[2]!]!;
}

interface SandboxCliOptions {
  port: number;
  profile: string;
  /** HTTPS (--tls, --mtls or --tls-dir), with client certificates demanded (--mtls). */
  tls?: { mtls: boolean; dir?: string };
  clockOffsetMs: number;
}

function options(argv: string[]): SandboxCliOptions {
  let values: {
    "port"?: string;
    "profile"?: string;
    "tls"?: boolean;
    "mtls"?: boolean;
    "tls-dir"?: string;
    "clock-offset"?: string;
  };
  try {
    values = parseArgs({
      args: argv,
      options: {
        "port": { type: "string", short: "p" },
        "profile": { type: "string" },
        "tls": { type: "boolean" },
        "mtls": { type: "boolean" },
        "tls-dir": { type: "string" },
        "clock-offset": { type: "string" },
      },
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; ${USAGE}`);
  }
  const text = values.port;
  const port = Number(text ?? "4010");
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${text} is not a TCP port`);
  const https = values.tls || values.mtls || values["tls-dir"] !== undefined;
  const dir = values["tls-dir"];
  return {
    port,
    profile: values.profile ?? "default",
    ...(https ? { tls: { mtls: Boolean(values.mtls), ...(dir ? { dir } : {}) } } : {}),
    clockOffsetMs: clockOffset(values["clock-offset"]),
  };
}

async function main(): Promise<number> {
  const { port, profile, tls, clockOffsetMs } = options(process.argv.slice(2));
  const cardApiJws = readCardApiJws(createReader(process.env));
  const certificates = tls ? makeSandboxCertificates() : undefined;
  const https = certificates ? { tls: { certificates, mtls: tls!.mtls } } : {};
  const sandbox = await startSandbox({ port, profile, cardApiJws, clockOffsetMs, ...https }).catch((error: Error) => {
    // The same rule as CRYPTO_PROFILE, reported against the option the user typed.
    throw error instanceof ConfigError
      ? new UsageError(`--profile ${error.message.replace(/^CRYPTO_PROFILE: /, "")}`)
      : error;
  });
  process.stdout.write(
    `sandbox: listening on ${sandbox.url} with crypto profile ${profile}${clockOffsetMs ? `, clock offset ${clockOffsetMs} ms` : ""} (test data: docs/sandbox.md › Test data)\n`,
  );
  if (certificates)
    process.stdout.write(writeTlsFolder(certificates, tls!.dir, tls!.mtls, sandbox.url).join("\n") + "\n");
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await sandbox.close();
  return EXIT.conformant;
}

runMain("sandbox", main);
