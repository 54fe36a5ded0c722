/**
 * The reference sandbox: a real HTTP server implementing §4.1–§4.4 as documented, with seeded
 * test data (test-data.ts), a crypto profile (`default` unless told otherwise), and 4xx answers
 * with a documented error body for what it cannot process; a token endpoint (tokens.ts) and card
 * API auth as configured (card-auth.ts). Fault modes exist for the harness's own tests only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { loadProfile, type ProfileKeys } from "../lib/crypto/index.ts";
import type { CardApiJwsOptions } from "../lib/crypto/profile.ts";
import { signResponse } from "../lib/crypto/envelope.ts";
import type { SandboxEnv } from "./env.ts";
import { FaultSet, type Fault } from "./faults.ts";
import { hooksOf } from "./fault-hooks.ts";
import type { Ledger } from "./ledger.ts";
import { cardApiError, partnerError, reject, Rejection, type SandboxResponse } from "./protocol.ts";
import { acceptedAnyway, ROUTES, type Route } from "./routes.ts";
import { toJsonText } from "./json.ts";
import { seedLedger } from "./seed.ts";
import { statementDateForm } from "./handlers/statement.ts";
import type { SandboxCertificates } from "./certificates.ts";
import { cardApiAuthOf, type CardApiAuth } from "./card-auth.ts";
import { TokenIssuer, type TokenClient } from "./tokens.ts";
import { Timing, type TimingOptions } from "./timing.ts";
import { SANDBOX_KEY_PAIRS, SANDBOX_PARTNER, SANDBOX_TOKEN_CLIENT } from "../lib/test-data/published.ts";

export const MAX_REQUEST_BYTES = 1024 * 1024;
/** Rejections about the form of the input, which a sandbox that accepts invalid input (fault-hooks.ts) turns into successes. */
const INPUT_CODES = new Set([
  "INVALID_JSON",
  "UNSUPPORTED_MEDIA_TYPE",
  "INVALID_REQUEST",
  "UNSUPPORTED_CURRENCY",
  "UNSUPPORTED_TYPE",
  "CARD_EXPIRED",
]);

export interface SandboxOptions {
  port?: number;
  host?: string;
  faults?: readonly Fault[];
  cardApiHeader?: { name: string; value: string };
  /** Crypto profile (CRYPTO_PROFILE value: built-in name or module path), `default` when unset. */
  profile?: string;
  /** Where a profile module's own variables are read on the platform's side (its key files); the process environment when unset. */
  profileEnv?: Record<string, string | undefined>;
  /** The `jws` profile's card API JWS as the partner configured it (a shared secret is both sides' key). */
  cardApiJws?: CardApiJwsOptions;
  /** HTTPS with these certificates (sandbox/certificates.ts); `mtls`: a client certificate the CA issued is demanded. */
  tls?: { certificates: SandboxCertificates; mtls?: boolean };
  /** What card API requests must carry (card-auth.ts); `profile` (what the crypto profile demands) when unset. */
  cardApiAuth?: CardApiAuth;
  /** Lifetime of the tokens its token endpoint issues (--token-ttl); unset: the static token works too. */
  tokenTtlMs?: number;
  /** The client its token endpoint knows; the published test client when unset. */
  tokenClient?: TokenClient;
  /** The sandbox's clock runs this far ahead of real time (behind when negative): e.g. just before its midnight. */
  clockOffsetMs?: number;
  /**
   * Statement bounds only in this declared form (a dayjs pattern or a STATEMENT_DATE_FORMAT name,
   * --date-format), read at the platform's offset; unset: any ISO 8601 date or date-time.
   */
  dateFormat?: string;
  /** A fixed delay per operation and a share of its requests never answered (timing.ts: --delay, --timeouts). */
  timing?: TimingOptions;
  /** The cards' own limits also cap one debit at this many minor units (a `max` amount limit); unset: no maximum. */
  debitMaximumMinor?: number;
}

export interface RunningSandbox {
  url: string;
  port: number;
  ledger: Ledger;
  /** TCP connections accepted so far (a test proves they all came through a proxy). */
  connections(): number;
  /** The token endpoint: requests answered, tokens issued. */
  tokens: TokenIssuer;
  /** Moves the sandbox's clock (tests: a period boundary passed between two readings). */
  setClockOffset(ms: number): void;
  close(): Promise<void>;
}

/** The platform's side of the published test keys: it verifies the partner and signs as the platform. */
export const SANDBOX_PROFILE_KEYS: ProfileKeys = {
  partnerSigningKey: SANDBOX_PARTNER.signingKey,
  platformSigningKey: SANDBOX_PARTNER.platformSigningKey,
  encryptionKey: SANDBOX_PARTNER.encryptionKey,
  partnerPublicKey: SANDBOX_KEY_PAIRS.partnerPublicKey,
  platformPrivateKey: SANDBOX_KEY_PAIRS.platformPrivateKey,
};

async function createEnv(options: SandboxOptions, clock: { offsetMs: number }): Promise<SandboxEnv> {
  const keys = options.cardApiJws ? { ...SANDBOX_PROFILE_KEYS, cardApiJws: options.cardApiJws } : SANDBOX_PROFILE_KEYS;
  const profile = await loadProfile(options.profile ?? "default", keys, options.profileEnv ?? process.env);
  const faults = new FaultSet(options.faults);
  const now = () => Date.now() + clock.offsetMs;
  const tokens = new TokenIssuer(options, now);
  const hooks = hooksOf(faults);
  return {
    ledger: seedLedger(options.debitMaximumMinor ?? hooks.debitMaximumMinor),
    faults,
    hooks,
    profile,
    tokens,
    verifyCardApi: cardApiAuthOf(options, profile, tokens, SANDBOX_KEY_PAIRS.partnerPublicKey),
    ...(options.cardApiHeader ? { cardApiHeader: options.cardApiHeader } : {}),
    now,
    ...(options.dateFormat === undefined ? {} : { dateForm: statementDateForm(options.dateFormat) }),
    served: new Map(),
  };
}

/** The body as text; undefined past MAX_REQUEST_BYTES. Events, not an async iterator: a hot path. */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > MAX_REQUEST_BYTES ? undefined : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function errorFor(route: Route | undefined, r: Rejection, env: SandboxEnv): SandboxResponse {
  return route?.operation.family === "partner-transfer-api" ? partnerError(r) : cardApiError(r, env.now());
}

/** Card API auth is not shown (§5): a configured header and/or what the profile demands (e.g. a JWS). */
async function authenticate(req: IncomingMessage, route: Route, env: SandboxEnv, bodyText: string): Promise<void> {
  const family = route.operation.family;
  const demanded = env.cardApiHeader;
  if (demanded && family === "card-api" && req.headers[demanded.name.toLowerCase()] !== demanded.value) {
    reject(401, "UNAUTHORIZED", `card API requests must carry ${demanded.name}`);
  }
  const request = { method: req.method ?? "POST", path: (req.url ?? "/").split("?")[0]! };
  const card = family === "card-api" ? env.verifyCardApi : undefined;
  const verified = card
    ? await card.verify(req.headers, bodyText, request)
    : await env.profile.verifyRequestHeaders?.(family, req.headers, bodyText, request);
  const what = card?.what ?? `${env.profile.name} profile headers do`;
  if (verified === false) reject(401, "UNAUTHORIZED", `the request's ${what} not verify`);
}

async function answer(req: IncomingMessage, route: Route | undefined, env: SandboxEnv): Promise<SandboxResponse> {
  if (!route) reject(404, "NOT_FOUND", "no such operation");
  if (req.method !== "POST") reject(405, "METHOD_NOT_ALLOWED", "use POST");
  const bodyText = await readBody(req);
  if (bodyText === undefined) reject(413, "PAYLOAD_TOO_LARGE", `body over ${MAX_REQUEST_BYTES} bytes`);
  const serverError = env.hooks.serverErrorFor(bodyText);
  if (serverError) throw new Error(serverError);
  const mediaType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json") reject(415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json");
  await authenticate(req, route, env, bodyText);
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    reject(400, "INVALID_JSON", "the body is not valid JSON");
  }
  return route.handler({ path: route.operation.path!, headers: req.headers, bodyText, body }, env);
}

async function finish(route: Route | undefined, response: SandboxResponse, env: SandboxEnv): Promise<SandboxResponse> {
  const key = route?.operation.key ?? "";
  env.faults.rewriteBody(key, response);
  if (route?.operation.family === "partner-transfer-api") {
    response.body = await signResponse(env.profile, response.body);
    if (env.hooks.wrongResponseSignature) response.body.signature = "00".repeat(32);
  }
  env.faults.rewriteEnvelope(key, response);
  return response;
}

async function handle(req: IncomingMessage, res: ServerResponse, env: SandboxEnv, timing: Timing): Promise<void> {
  const path = (req.url ?? "/").split("?")[0]!;
  const route = ROUTES.get(path);
  let response: SandboxResponse;
  try {
    // The token endpoint (tokens.ts) beside the operations: a form-encoded POST.
    const token = path === SANDBOX_TOKEN_CLIENT.tokenPath && req.method === "POST";
    response = token ? env.tokens.answer(req.headers, (await readBody(req)) ?? "") : await answer(req, route, env);
  } catch (error) {
    if (!(error instanceof Rejection)) throw error;
    const acceptAnyway = route && env.hooks.acceptsInvalidInput && INPUT_CODES.has(error.code);
    response = acceptAnyway ? acceptedAnyway(route) : errorFor(route, error, env);
  }
  response = await finish(route, response, env);
  if (response.delayMs) await sleep(response.delayMs);
  if (route) await timing.hold(route.operation.key);
  // Bytes with a length (not a string, not chunked): the cheapest write for the socket.
  const bytes = Buffer.from(toJsonText(response.body), "utf8");
  res.writeHead(response.status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": bytes.length,
    ...response.headers,
  });
  res.end(bytes);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const clock = { offsetMs: options.clockOffsetMs ?? 0 };
  const env = await createEnv(options, clock);
  const timing = new Timing(options.timing);
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res, env, timing).catch((error: Error) => {
      // A sandbox defect, not a documented answer: surfaced as a 500 so the harness reports it.
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          status: "error",
          request_status: "failed",
          error: { code: "INTERNAL", message: error.message },
        }),
      );
    });
  };
  const server = options.tls
    ? createHttpsServer({ keepAliveTimeout: 5_000, ...tlsServerOptions(options.tls) }, listener)
    : createServer({ keepAliveTimeout: 5_000 }, listener);
  let connections = 0;
  server.on("connection", () => connections++);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? "https" : "http"}://${host}:${port}`,
    port,
    ledger: env.ledger,
    connections: () => connections,
    tokens: env.tokens,
    setClockOffset: (ms) => void (clock.offsetMs = ms),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The server's key and certificate; with mtls, only clients with a certificate of the sandbox's CA get in. */
function tlsServerOptions({ certificates: c, mtls }: NonNullable<SandboxOptions["tls"]>) {
  return {
    key: c.serverKey,
    cert: c.serverCert,
    ...(mtls ? { ca: c.caCert, requestCert: true, rejectUnauthorized: true } : {}),
  };
}
