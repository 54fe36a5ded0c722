/**
 * The harness's only HTTP client (undici, keep-alive pool). It never throws for what a target
 * does: a timeout, reset, refused connection or oversized body becomes a classified
 * transportError on the exchange, so the check fails with the cause named and the run goes on.
 * It also paces the traffic (Pace: MAX_RPS, CONCURRENCY, the run deadline) and honours a 429:
 * it waits as Retry-After asks and retries, a bounded number of times, noting it on the exchange.
 * What real deployments put in front of a target never shows up as a failure: it states the
 * content codings it reads and decodes gzip, deflate and br (content-coding.ts); chunked answers
 * and `Connection: close` are undici's; and a connection the server closed before answering (a
 * kept-alive socket it timed out just as a request went out) is retried once on a new one.
 */
import { performance } from "node:perf_hooks";
import type { Dispatcher } from "undici";
import type { Family } from "../../catalogue/types.ts";
import type { NetworkConfig } from "../../config/network.ts";
import { classify, BodyTooLarge, BodyTooSlow } from "./classify.ts";
import { decodeBody, withAcceptEncoding } from "./content-coding.ts";
import { decodeUtf8, readJson } from "./json-body.ts";
import { dispatcherKey, makeDispatcher, tlsFor } from "./dispatchers.ts";
import type { Exchange, ExchangeResponse } from "../exchange.ts";
import { noteInterrupted } from "../coordination/lanes.ts";
import { recordTlsSessions, tlsAlertFor } from "./tls-session.ts";
import { HangBreaker } from "./hang-breaker.ts";
import { Pace } from "../coordination/pace.ts";
import { retryAfterMs } from "./retry-after.ts";
import { noteValueCount } from "../../validation/large-documents.ts";

export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/** A 429 is retried at most this often, and never after a longer wait than this. */
export const MAX_429_RETRIES = 3;
export const MAX_RETRY_AFTER_MS = 30_000;

export interface ClientOptions {
  timeoutMs: number;
  connections?: number;
  maxResponseBytes?: number;
  /** Bounds of this process's traffic; default: no rate bound, 64 in flight, no deadline. */
  pace?: Pace;
  /** TLS per family and the outbound proxy, for every URL posted to (the target's or a token endpoint's). */
  network?: NetworkConfig;
}

export interface PostOptions {
  headers: Record<string, string>;
  bodyText: string;
  operationKey?: string;
  /** The family whose TLS settings apply (a family's own client certificate wins); none: the common settings. */
  family?: Family;
  /**
   * The run's access token, read once the request has its slot: a request that waited behind the
   * pace (a busy target, CONCURRENCY) still goes out with a live token. Sent as a bearer.
   */
  bearer?: () => Promise<string>;
}

let sequence = 0;

export class HttpClient {
  /** One keep-alive dispatcher per family and origin (dispatchers.ts). */
  private readonly pools = new Map<string, Dispatcher>();
  readonly pace: Pace;
  private readonly breaker = new HangBreaker();
  /** Origins that asked for a pause longer than the harness waits: nothing more is sent there until it ends. */
  private readonly pausedUntil = new Map<string, { until: number; reason: string }>();

  constructor(private readonly options: ClientOptions) {
    this.pace = options.pace ?? new Pace({ concurrency: options.connections ?? 64 });
    recordTlsSessions();
  }

  private dispatcherOptions() {
    const { timeoutMs, connections = 64, network } = this.options;
    return { timeoutMs, connections, ...(network ? { network } : {}) };
  }

  private poolFor(origin: string, family: Family | undefined): Dispatcher {
    const key = dispatcherKey(origin, family);
    let pool = this.pools.get(key);
    if (!pool) {
      pool = makeDispatcher(origin, family, this.dispatcherOptions());
      this.pools.set(key, pool);
    }
    return pool;
  }

  async post(url: string, { headers, bodyText, operationKey, family, bearer }: PostOptions): Promise<Exchange> {
    const startedAt = Date.now();
    const exchange: Exchange = {
      seq: ++sequence,
      ...(operationKey ? { operationKey } : {}),
      startedAt,
      durationMs: 0,
      request: { method: "POST", url, headers: withAcceptEncoding(headers), bodyText },
      ...tlsVariablesOf(this.options.network, family, url),
    };
    await this.attempt(exchange, family, bearer);
    exchange.durationMs = Date.now() - startedAt;
    return exchange;
  }

  /** The token on the request as it goes out (its own client fetches it: no slot of this pace is needed). */
  private async withBearer(exchange: Exchange, bearer: () => Promise<string>): Promise<void> {
    try {
      exchange.request.headers = { ...exchange.request.headers, Authorization: `Bearer ${await bearer()}` };
    } catch (error) {
      this.pace.release();
      throw error;
    }
  }

  /**
   * Sends, and sends again after a 429 as long as the wait it asks for is bounded, and once after
   * a connection closed with no answer at all (the keep-alive race: the server timed out an idle
   * socket as the request went out). The retry is the same request — same request_id, so a target
   * that did process it replays its answer; a target that closes every connection still fails.
   */
  private async attempt(exchange: Exchange, family: Family | undefined, bearer?: () => Promise<string>): Promise<void> {
    const { url, bodyText } = exchange.request;
    let reconnected = false;
    for (let retry = 0; ; retry++) {
      const hung = this.breaker.refusal(url, this.options.timeoutMs);
      if (hung) {
        exchange.transportError = { kind: "timeout", message: hung };
        return;
      }
      const paused = this.pausedUntil.size ? this.pausedUntil.get(new URL(url).origin) : undefined;
      if (paused && Date.now() < paused.until) {
        exchange.transportError = { kind: "rate-limited", message: `not sent: ${paused.reason}` };
        return;
      }
      if (!(await this.pace.acquire())) {
        exchange.transportError = this.pace.stopped
          ? { kind: "interrupted", message: `not sent: the run was interrupted (${this.pace.stopped})` }
          : { kind: "deadline", message: "not sent: the run deadline (RUN_DEADLINE_MS) has passed" };
        if (this.pace.stopped) noteInterrupted();
        return;
      }
      if (bearer) await this.withBearer(exchange, bearer);
      const timeoutMs = Math.max(1, Math.min(this.options.timeoutMs, this.pace.remainingMs()));
      // The target's latency is this try's time on the wire only: every wait above is the harness's.
      const onWire = performance.now();
      let response: ExchangeResponse;
      try {
        response = await this.send(url, family, exchange.request.headers, bodyText, timeoutMs, reconnected);
      } catch (error) {
        exchange.latencyMs = performance.now() - onWire;
        const transportError = classify(error, {
          timeoutMs,
          cutByDeadline: timeoutMs < this.options.timeoutMs,
          ...(this.options.network ? { proxy: this.options.network.proxy } : {}),
          ...tlsAlertOf(url),
        });
        if (transportError.kind === "connection-reset" && !reconnected) {
          reconnected = true;
          (exchange.notes ??= []).push(
            `the connection closed before a complete answer (${transportError.message}); sent again on a new connection`,
          );
          continue;
        }
        exchange.transportError = transportError;
        this.breaker.record(url, transportError.kind === "timeout");
        return;
      } finally {
        this.pace.release();
      }
      exchange.latencyMs = performance.now() - onWire;
      this.breaker.record(url, false);
      if (response.status !== 429) {
        exchange.response = response;
        return;
      }
      const refusal = this.waitFor429(exchange, response, retry);
      if (refusal) {
        exchange.transportError = { kind: "rate-limited", message: refusal };
        return;
      }
    }
  }

  /** Plans the wait a 429 asks for; returns why it will not wait, or undefined to retry. */
  private waitFor429(exchange: Exchange, response: ExchangeResponse, retry: number): string | undefined {
    const header = response.headers["retry-after"];
    const waitMs = retryAfterMs(header);
    const asked = header ? `Retry-After: ${header}` : "no Retry-After";
    if (retry >= MAX_429_RETRIES) return `HTTP 429 (${asked}) after ${MAX_429_RETRIES} retries`;
    const tooLong =
      waitMs > MAX_RETRY_AFTER_MS
        ? `longer than the ${MAX_RETRY_AFTER_MS} ms the harness waits`
        : waitMs >= this.pace.remainingMs()
          ? "the wait would pass the run deadline"
          : undefined;
    if (tooLong) {
      // Honoured all the same: the target asked for quiet, so it gets it for as long as it asked.
      const reason = `HTTP 429 (${asked}): ${tooLong}`;
      this.pausedUntil.set(new URL(exchange.request.url).origin, {
        until: Date.now() + waitMs,
        reason: `the target asked for a pause (${reason})`,
      });
      return reason;
    }
    this.pace.pauseUntil(Date.now() + waitMs);
    (exchange.notes ??= []).push(`rate limited: HTTP 429 (${asked}), waited ${waitMs} ms and retried`);
    return undefined;
  }

  /**
   * One request, bounded by timeoutMs: undici's own timers for the headers and for a stalled body
   * (an abort signal per request would cost more than the rest of the request), and a check of
   * the elapsed time on every chunk, so a body that trickles in is cut off too.
   */
  private async send(
    url: string,
    family: Family | undefined,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
    fresh = false,
  ): Promise<ExchangeResponse> {
    const { origin } = new URL(url);
    if (!fresh) return this.sendOn(this.poolFor(origin, family), url, headers, body, timeoutMs);
    // A connection of its own: the pool's other idle sockets may be as stale as the one that closed.
    const client = makeDispatcher(origin, family, this.dispatcherOptions(), true);
    try {
      return await this.sendOn(client, url, headers, body, timeoutMs);
    } finally {
      void client.close().catch(() => undefined);
    }
  }

  private async sendOn(
    dispatcher: Dispatcher,
    url: string,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
  ): Promise<ExchangeResponse> {
    const started = Date.now();
    const { origin, pathname, search } = new URL(url);
    const res = await dispatcher.request({
      origin,
      method: "POST",
      path: pathname + search,
      headers,
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const max = this.options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    const raw = await readCapped(res.body, max, started + timeoutMs);
    const headersOut = flatten(res.headers);
    const bytes = decodeBody(raw, headersOut["content-encoding"], max);
    const { text: bodyText, error: notUtf8 } = decodeUtf8(bytes);
    const response: ExchangeResponse = { status: res.statusCode, headers: headersOut, bodyText };
    // Read within bounds (json-body.ts): no answer, however shaped, reaches a check unbounded.
    const read = notUtf8 ? { ok: false as const, error: notUtf8 } : readJson(bodyText);
    if (read.ok) {
      response.json = read.value;
      // The schema validation of every answer need not count them again (large-documents.ts).
      noteValueCount(read.value, read.values);
    } else response.jsonError = read.error;
    return bodyText.length > TEXT_KEPT_AS_BYTES ? textAsBytes(response, bytes) : response;
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }
}

interface Body {
  on(event: "data", listener: (chunk: Buffer) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  destroy(): void;
}

/** The body's bytes, at most `max` and until `deadline`. Events, not an async iterator: a hot path. */
function readCapped(body: Body, max: number, deadline: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    body.on("data", (chunk) => {
      size += chunk.length;
      const problem =
        size > max
          ? new BodyTooLarge(`response body exceeds ${max} bytes`)
          : Date.now() > deadline
            ? new BodyTooSlow("body still arriving at the timeout")
            : undefined;
      if (problem && !failed) {
        failed = true;
        body.destroy();
        reject(problem);
      }
      if (!failed) chunks.push(chunk);
    });
    body.on("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    body.on("error", (error) => (failed ? undefined : ((failed = true), reject(error))));
  });
}

/**
 * Past this many characters an answer's text is kept as its bytes and decoded when read. The bytes
 * live outside the JavaScript heap, the text inside it, beside the parsed JSON that holds as much
 * again: a target that answers every request with megabytes, while a module's checks run at once,
 * filled a worker's heap with two copies of each answer. Read once or twice, if at all.
 */
const TEXT_KEPT_AS_BYTES = 256 * 1024;

function textAsBytes(response: ExchangeResponse, bytes: Buffer): ExchangeResponse {
  const { bodyText: _text, ...rest } = response;
  return Object.defineProperty(rest, "bodyText", {
    get: () => bytes.toString("utf8"),
    enumerable: true,
  }) as ExchangeResponse;
}

function flatten(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

function tlsAlertOf(url: string): { tlsAlert?: string } {
  const alert = url.startsWith("https:") ? tlsAlertFor(new URL(url).origin) : undefined;
  return alert ? { tlsAlert: alert } : {};
}

/** Which TLS variables an https request went with, for its curl line. */
function tlsVariablesOf(
  network: NetworkConfig | undefined,
  family: Family | undefined,
  url: string,
): Partial<Exchange> {
  const tls = url.startsWith("https:") ? tlsFor(network, family) : undefined;
  if (!tls?.from.ca && !tls?.from.identity) return {};
  return { tls: { ...tls.from, ...(tls.passphrase ? { passphrase: true } : {}) } };
}
