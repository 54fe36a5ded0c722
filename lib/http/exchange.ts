/** What one request/response pair looks like once it has happened; the unit of evidence. */

export type TransportErrorKind =
  | "timeout"
  | "connection-refused"
  | "connection-reset"
  | "body-too-large"
  /** The target kept answering 429 beyond what the harness waits for. */
  | "rate-limited"
  /** Not sent, or cut short: the run deadline (RUN_DEADLINE_MS) passed. */
  | "deadline"
  /** Not sent: the run was interrupted (SIGINT, SIGTERM; stop.ts). */
  | "interrupted"
  /** TLS (classify.ts): the server's certificate is of no trusted CA, names another host, is expired; the client certificate was refused or missing; another TLS failure. */
  | "tls-unknown-ca"
  | "tls-hostname-mismatch"
  | "tls-certificate-expired"
  | "tls-client-certificate"
  | "tls"
  /** The outbound proxy: refused the tunnel (407: credentials), or cannot be reached. */
  | "proxy-refused"
  | "proxy-unreachable"
  | "transport";

export interface ExchangeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  bodyText: string;
}

export interface ExchangeResponse {
  status: number;
  headers: Record<string, string>;
  bodyText: string;
  /** The parsed body when it is JSON. */
  json?: unknown;
  /** Why the body is not JSON, when it is not. */
  jsonError?: string;
}

/**
 * What the sender meant the request to get: `success` (a valid request), `refusal` (an invalid
 * one, a wrong credential, an over-limit debit) or `either` (a replay, an unknown object: refused
 * or answered with nothing). An answer to a request meant to be refused is judged as a refusal,
 * never against the success contract (lib/checks/contract-book.ts); unset reads as `either`.
 */
export type Intent = "success" | "refusal" | "either";

/** The check that sent a request, and its seed, so that an offending answer reproduces (`--check ID` with SEED). */
export interface Sender {
  checkId: string;
  seed: number;
  /** The attempt with --retries (1 the first). */
  attempt?: number;
}

export interface Exchange {
  seq: number;
  operationKey?: string;
  /** What the sender meant the request to get (unset: either). */
  intent?: Intent;
  /** The check whose request it was; absent for the CLI's own requests (the preflight names itself). */
  sender?: Sender;
  startedAt: number;
  /** From the client's call to the answer: the harness's own waits (pace, 429 back-off, every try) included. */
  durationMs: number;
  /**
   * The target's latency: the last try on the wire, from the request's first byte to the answer's
   * last (or the transport error) — no pace, lane or 429 back-off wait, no earlier try. Absent when
   * nothing went on the wire (the deadline, an interruption, a paused origin). lib/checks/meter.ts.
   */
  latencyMs?: number;
  request: ExchangeRequest;
  response?: ExchangeResponse;
  transportError?: { kind: TransportErrorKind; message: string };
  /** What the client did on the way, for the report (e.g. a 429 honoured: waited, then retried). */
  notes?: string[];
  /** The TLS variables that applied to it (names, never values): the curl line passes them on. */
  tls?: { ca?: string; identity?: string; passphrase?: boolean };
}

/** The parsed JSON body as an object, or undefined. */
export function jsonObject(exchange: Exchange): Record<string, unknown> | undefined {
  const json = exchange.response?.json;
  return json !== null && typeof json === "object" && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : undefined;
}
