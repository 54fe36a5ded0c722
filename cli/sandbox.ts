/**
 * npm run sandbox -- --port P [--profile NAME|PATH] [--card-api-auth profile|none|jws|bearer] [--token-ttl 5s]
 * Serves the reference sandbox on 127.0.0.1:P in the foreground until stopped (Ctrl-C), with the
 * crypto profile a harness would name in CRYPTO_PROFILE (`default` unless given). The card API
 * JWS (the jws profile's, or --card-api-auth jws) is verified as CARD_API_JWS_* in the
 * environment configure it (as for the harness). --token-ttl makes its token endpoint issue
 * tokens that expire after that long, and refuse them (and the published static token) after.
 */
import { parseArgs } from "node:util";
import { readCardApiJws } from "../lib/config/card-api-jws.ts";
import { ConfigError } from "../lib/config/errors.ts";
import { createReader } from "../lib/config/reader.ts";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";
import { parseDuration } from "../lib/time/duration.ts";
import { SANDBOX_TOKEN_CLIENT } from "../lib/test-data/published.ts";
import { CARD_API_AUTHS, type CardApiAuth } from "../sandbox/card-auth.ts";
import { startSandbox } from "../sandbox/server.ts";

const USAGE =
  "usage: npm run sandbox -- --port P [--profile default|jws|./module.ts] [--card-api-auth profile|none|jws|bearer] [--token-ttl 5s]";

interface SandboxCliOptions {
  port: number;
  profile: string;
  cardApiAuth: CardApiAuth;
  tokenTtlMs?: number;
}

function options(argv: string[]): SandboxCliOptions {
  let values: { "port"?: string; "profile"?: string; "card-api-auth"?: string; "token-ttl"?: string };
  try {
    values = parseArgs({
      args: argv,
      options: {
        "port": { type: "string", short: "p" },
        "profile": { type: "string" },
        "card-api-auth": { type: "string" },
        "token-ttl": { type: "string" },
      },
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; ${USAGE}`);
  }
  const text = values.port;
  const port = Number(text ?? "4010");
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${text} is not a TCP port`);
  const cardApiAuth = (values["card-api-auth"] ?? "profile") as CardApiAuth;
  if (!CARD_API_AUTHS.includes(cardApiAuth))
    throw new UsageError(`--card-api-auth ${cardApiAuth}: must be one of ${CARD_API_AUTHS.join(", ")}`);
  const ttl = values["token-ttl"];
  const tokenTtlMs = ttl === undefined ? undefined : parseDuration(ttl);
  if (ttl !== undefined && tokenTtlMs === undefined)
    throw new UsageError(`--token-ttl ${ttl}: not a duration such as 5s, 500ms or 2m`);
  return { port, profile: values.profile ?? "default", cardApiAuth, ...(tokenTtlMs ? { tokenTtlMs } : {}) };
}

async function main(): Promise<number> {
  const { port, profile, cardApiAuth, tokenTtlMs } = options(process.argv.slice(2));
  const cardApiJws = readCardApiJws(createReader(process.env));
  const sandbox = await startSandbox({
    port,
    profile,
    cardApiJws,
    cardApiAuth,
    ...(tokenTtlMs ? { tokenTtlMs } : {}),
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
    `sandbox: listening on ${sandbox.url} with crypto profile ${profile}, card API auth ${cardApiAuth} (test data: docs/sandbox.md › Test data)\n` +
      `sandbox: token endpoint PARTNER_TOKEN_URL=${sandbox.url}${SANDBOX_TOKEN_CLIENT.tokenPath} PARTNER_CLIENT_ID=${SANDBOX_TOKEN_CLIENT.clientId} (secret: docs/sandbox.md); ${lifetime}\n`,
  );
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await sandbox.close();
  return EXIT.conformant;
}

runMain("sandbox", main);
