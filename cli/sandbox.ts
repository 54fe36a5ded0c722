/**
 * npm run sandbox -- --port P [--profile NAME|PATH] [--tls] [--mtls] [--tls-dir DIR]
 *                    [--card-api-auth profile|none|jws|bearer] [--token-ttl 5s] [--clock-offset DURATION]
 *                    [--date-format PATTERN] [--delay OP:MS|OP:FAST/SLOW@P%,…] [--timeouts OP:SHARE,…] [--cert-days N]
 * Serves the reference sandbox on 127.0.0.1:P in the foreground until stopped (Ctrl-C), with the
 * crypto profile a harness would name in CRYPTO_PROFILE (`default` unless given). The card API
 * JWS (the jws profile's, or --card-api-auth jws) is verified as CARD_API_JWS_* in the
 * environment configure it (as for the harness). --token-ttl makes its token endpoint issue
 * tokens that expire after that long, and refuse them (and the published static token) after.
 * --tls serves HTTPS with a certificate of a throwaway CA made at start; --mtls (implies --tls) also
 * demands a client certificate of that CA. The CA, a client certificate and key, and a PKCS#12 go
 * into --tls-dir (default: a new temporary folder), and the variables to set are printed.
 * --clock-offset runs the sandbox's clock ahead (or, negative, behind) real time — postings, daily
 * usage and `dt` — e.g. to see a run cross its midnight (+05:00): `--clock-offset 90m`.
 * --date-format makes the statement read start_date and end_date only in that declared form (a
 * dayjs pattern such as DD.MM.YYYY, or a STATEMENT_DATE_FORMAT name) at +05:00, refusing any other;
 * unset, it reads any ISO 8601 date or date-time.
 * --delay card-api.statement:300 answers every request of that operation 300 ms late, and
 * card-api.statement:20/400@10% most of them 20 ms late and every tenth 400 ms (a p50 and a p95
 * apart); --timeouts
 * card-api.limits-list:0.1 leaves every tenth request of it unanswered (the client's timeout cuts
 * it); --cert-days 9 makes the HTTPS server certificate expire in nine days (with --tls): what a
 * nightly run's latency figures, budgets and TLS hygiene are proven against (sandbox/timing.ts).
 */
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { writeTlsFolder } from "../sandbox/tls-folder.ts";
import { makeSandboxCertificates } from "../sandbox/certificates.ts";
import { readCardApiJws } from "../lib/config/card-api-jws.ts";
import { ConfigError } from "../lib/errors/config-error.ts";
import { createReader } from "../lib/config/reader.ts";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";
import { parseDuration, parseSignedDuration } from "../lib/time/duration.ts";
import { parseDateForm } from "../lib/time/date-form.ts";
import { DATE_FORM_HELP } from "../lib/time/date-pattern.ts";
import { SANDBOX_TOKEN_CLIENT } from "../lib/test-data/published.ts";
import { CARD_API_AUTHS, type CardApiAuth } from "../sandbox/card-auth.ts";
import { startSandbox } from "../sandbox/server.ts";
import { delayText, parseDelay, perOperation, type TimingOptions } from "../sandbox/timing.ts";
import { ROUTES } from "../sandbox/routes.ts";

const USAGE =
  "usage: npm run sandbox -- --port P [--profile default|jws|./module.ts] [--tls] [--mtls] [--tls-dir DIR] [--card-api-auth profile|none|jws|bearer] [--token-ttl 5s] [--clock-offset 90m|-30s] [--date-format DD.MM.YYYY] [--delay card-api.statement:300|card-api.statement:20/400@10%] [--timeouts card-api.limits-list:0.1] [--cert-days 9]";

const OPERATION_KEYS = [...ROUTES.values()].map((r) => r.operation.key);

/** --delay and --timeouts: per operation key, a delay (ms, or a fast/slow mix) or a share of requests left unanswered. */
function timing(values: SandboxArgs): { timing?: TimingOptions } {
  const read = <T>(option: "delay" | "timeouts", value: (text: string) => T | undefined) => {
    const text = values[option];
    if (text === undefined) return undefined;
    const parsed = perOperation(text, OPERATION_KEYS, value);
    if (typeof parsed === "string") throw new UsageError(`--${option} ${text}: ${parsed}`);
    return parsed;
  };
  const delays = read("delay", parseDelay);
  const stalls = read("timeouts", (text) => (Number(text) > 0 && Number(text) <= 1 ? Number(text) : undefined));
  return delays || stalls ? { timing: { ...(delays ? { delays } : {}), ...(stalls ? { stalls } : {}) } } : {};
}

/** ", delays card-api.statement 300 ms, unanswered card-api.limits-list 0.1" for the listening line. */
function timingNote(timing: TimingOptions | undefined): string {
  const delays = Object.entries(timing?.delays ?? {}).map(([k, d]) => delayText(k, d));
  const stalls = Object.entries(timing?.stalls ?? {}).map(([k, v]) => `${k} ${v}`);
  return (
    (delays.length ? `, delays ${delays.join(", ")}` : "") + (stalls.length ? `, unanswered ${stalls.join(", ")}` : "")
  );
}

/** --cert-days: days the HTTPS server certificate stays valid (a few, for a certificate close to expiry). */
function certDays(text: string | undefined): { serverDays?: number } {
  if (text === undefined) return {};
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 3650)
    throw new UsageError(`--cert-days ${text}: a whole number of days, 1 to 3650`);
  return { serverDays: n };
}

/** "90m" → 5 400 000; "-30s" → −30 000 (the one duration reader, with a sign); unset → 0. */
function clockOffset(text: string | undefined): number {
  if (text === undefined) return 0;
  const ms = parseSignedDuration(text);
  if (ms === undefined) throw new UsageError(`--clock-offset ${text} is not a duration such as 90m, -30s or 500ms`);
  return ms;
}

/** --date-format as STATEMENT_DATE_FORMAT reads it: a usage error when it is no usable date form. */
function dateFormat(text: string | undefined): { dateFormat?: string } {
  if (text === undefined) return {};
  const form = parseDateForm(text);
  if ("problem" in form) throw new UsageError(`--date-format ${text}: ${form.problem}; give ${DATE_FORM_HELP}`);
  return { dateFormat: text };
}

interface SandboxCliOptions {
  port: number;
  profile: string;
  /** HTTPS (--tls, --mtls or --tls-dir), with client certificates demanded (--mtls). */
  tls?: { mtls: boolean; dir?: string };
  cardApiAuth: CardApiAuth;
  tokenTtlMs?: number;
  clockOffsetMs: number;
  dateFormat?: string;
  timing?: TimingOptions;
  serverDays?: number;
}

interface SandboxArgs {
  "port"?: string;
  "profile"?: string;
  "tls"?: boolean;
  "mtls"?: boolean;
  "tls-dir"?: string;
  "card-api-auth"?: string;
  "token-ttl"?: string;
  "clock-offset"?: string;
  "date-format"?: string;
  "delay"?: string;
  "timeouts"?: string;
  "cert-days"?: string;
}

function options(argv: string[]): SandboxCliOptions {
  let values: SandboxArgs;
  try {
    values = parseArgs({
      args: argv,
      options: {
        "port": { type: "string", short: "p" },
        "profile": { type: "string" },
        "tls": { type: "boolean" },
        "mtls": { type: "boolean" },
        "tls-dir": { type: "string" },
        "card-api-auth": { type: "string" },
        "token-ttl": { type: "string" },
        "clock-offset": { type: "string" },
        "date-format": { type: "string" },
        "delay": { type: "string" },
        "timeouts": { type: "string" },
        "cert-days": { type: "string" },
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
  const cardApiAuth = (values["card-api-auth"] ?? "profile") as CardApiAuth;
  if (!CARD_API_AUTHS.includes(cardApiAuth))
    throw new UsageError(`--card-api-auth ${cardApiAuth}: must be one of ${CARD_API_AUTHS.join(", ")}`);
  const ttl = values["token-ttl"];
  const tokenTtlMs = ttl === undefined ? undefined : parseDuration(ttl);
  if (ttl !== undefined && tokenTtlMs === undefined)
    throw new UsageError(`--token-ttl ${ttl}: not a duration such as 5s, 500ms or 2m`);
  return {
    port,
    profile: values.profile ?? "default",
    cardApiAuth,
    clockOffsetMs: clockOffset(values["clock-offset"]),
    ...(tokenTtlMs ? { tokenTtlMs } : {}),
    ...dateFormat(values["date-format"]),
    ...timing(values),
    ...certDays(values["cert-days"]),
    ...(https ? { tls: { mtls: Boolean(values.mtls), ...(dir ? { dir } : {}) } } : {}),
  };
}

/** The command, callable by the installed `payment-conformance sandbox` (cli/payment-conformance.mjs). */
export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const { port, profile, cardApiAuth, tokenTtlMs, tls, clockOffsetMs, dateFormat, timing, serverDays } = options(argv);
  const cardApiJws = readCardApiJws(createReader(process.env));
  const certificates = tls ? makeSandboxCertificates(serverDays ? { serverDays } : {}) : undefined;
  const https = certificates ? { tls: { certificates, mtls: tls!.mtls } } : {};
  const sandbox = await startSandbox({
    port,
    profile,
    cardApiJws,
    cardApiAuth,
    clockOffsetMs,
    ...(tokenTtlMs ? { tokenTtlMs } : {}),
    ...(dateFormat !== undefined ? { dateFormat } : {}),
    ...(timing ? { timing } : {}),
    ...https,
  }).catch((error: Error) => {
    // The same rule as CRYPTO_PROFILE, reported against the option the user typed.
    throw error instanceof ConfigError
      ? new UsageError(`--profile ${error.message.replace(/^CRYPTO_PROFILE: /, "")}`)
      : error;
  });
  const lifetime = tokenTtlMs
    ? `tokens live ${tokenTtlMs / 1000} s; the static token is refused`
    : "tokens live an hour; the static token works too";
  process.stdout.write(
    `sandbox: listening on ${sandbox.url} with crypto profile ${profile}, card API auth ${cardApiAuth}${clockOffsetMs ? `, clock offset ${clockOffsetMs} ms` : ""}${dateFormat ? `, statement dates ${dateFormat}` : ""}${timingNote(timing)} (test data: docs/sandbox.md › Test data)\n` +
      `sandbox: token endpoint PARTNER_TOKEN_URL=${sandbox.url}${SANDBOX_TOKEN_CLIENT.tokenPath} PARTNER_CLIENT_ID=${SANDBOX_TOKEN_CLIENT.clientId} (secret: docs/sandbox.md); ${lifetime}\n`,
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

// Run as the process when started directly (node --import tsx cli/sandbox.ts); the installed command (payment-conformance.mjs) runs main itself.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) runMain("sandbox", main);
