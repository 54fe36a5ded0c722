/**
 * Small targets for the harness's own tests, on 127.0.0.1 only:
 * - misbehaving servers, one per way a real target goes wrong: one that never answers,
 *   one that resets the connection, truncated JSON, an HTML page with 200, a multi-megabyte body,
 *   JSON nested 100,000 deep, a body that is not UTF-8, a 503;
 * - a counting proxy in front of a sandbox: it records every request the target receives (path,
 *   time, requests in flight) and can slow answers down or answer 429 first, so the guard and the
 *   pace are proven by what reaches the target, not by what the harness says it did.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { MAX_RESPONSE_BYTES } from "../../lib/http/transport/client.ts";

export interface ReceivedRequest {
  path: string;
  at: number;
  body: string;
  headers: IncomingMessage["headers"];
}

export interface TestTarget {
  url: string;
  received: ReceivedRequest[];
  /** Requests to a path, e.g. countOf("/v5/card-api/transaction/create"). */
  countOf(path: string): number;
  /** The most requests in flight at once. */
  maxInFlight(): number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => Promise<void> | void;

async function serve(handler: Handler): Promise<TestTarget> {
  const received: ReceivedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString("utf8");
    received.push({ path: new URL(req.url ?? "/", "http://t").pathname, at: Date.now(), body, headers: req.headers });
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    res.once("close", () => inFlight--);
    await handler(req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    countOf: (path) => received.filter((r) => r.path === path).length,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const MISBEHAVIOURS = [
  "never answers",
  "trickles its body",
  "resets the connection",
  "truncated JSON",
  "HTML page with 200",
  "multi-megabyte body",
  "nested 100,000 deep",
  "not UTF-8",
  "503",
] as const;
export type Misbehaviour = (typeof MISBEHAVIOURS)[number];

const json = { "content-type": "application/json" };

/** Built once, on first use: stringified per request, 5 MB answers cost more CPU than a busy machine gives a 1 s timeout. */
let hugeBody: Buffer | undefined;
const huge = () =>
  (hugeBody ??= Buffer.from(JSON.stringify({ status: "ok", padding: "x".repeat(MAX_RESPONSE_BYTES + 1024 * 1024) })));

let deepBody: Buffer | undefined;
const deep = () => (deepBody ??= Buffer.from(`{"status":"ok","payload":${"[".repeat(100_000)}${"]".repeat(100_000)}}`));

const HANDLERS: Record<Misbehaviour, Handler> = {
  // Accepts the connection and the request, then says nothing until the test closes it.
  "never answers": () => undefined,
  // Headers at once, then one byte every 300 ms: never idle long enough for a stall timer.
  "trickles its body": (_req, res) => {
    res.writeHead(200, { ...json, "content-length": "1000" });
    const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write(" ")), 300);
    res.once("close", () => clearInterval(drip));
  },
  "resets the connection": (req) => void req.socket.destroy(),
  // A complete HTTP answer whose JSON stops half way, declared with its true length.
  "truncated JSON": (_req, res) => void res.writeHead(200, json).end('{"status":"ok","request_status":"succ'),
  "HTML page with 200": (_req, res) =>
    void res
      .writeHead(200, { "content-type": "text/html" })
      .end("<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>"),
  // Valid JSON, but larger than the client reads (MAX_RESPONSE_BYTES).
  "multi-megabyte body": (_req, res) => void res.writeHead(200, json).end(huge()),
  // Every answer a JSON text nested far past any sane depth (once, a stack overflow in the run).
  "nested 100,000 deep": (_req, res) => void res.writeHead(200, json).end(deep()),
  // A success answer with a byte that no UTF-8 text has.
  "not UTF-8": (_req, res) =>
    void res.writeHead(200, json).end(Buffer.from([...Buffer.from('{"status":"ok","note":"'), 0xff, 0x22, 0x7d])),
  "503": (_req, res) =>
    void res
      .writeHead(503, { "content-type": "text/html" })
      .end("<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>"),
};

export function startMisbehavingTarget(kind: Misbehaviour): Promise<TestTarget> {
  return serve(HANDLERS[kind]);
}

export interface ProxyOptions {
  /** Wait before forwarding each request: a slow but correct target. */
  delayMs?: number;
  /** Answer the first N requests with 429 and this Retry-After instead of forwarding them. */
  tooManyFirst?: { count: number; retryAfter: string };
  /** Answers a request itself instead of forwarding it (a target with its own rules), when this returns an answer. */
  answerInstead?: (request: { path: string; body: string }) => ProxiedAnswer | undefined;
  /** Rewrites each upstream answer before it is sent back (the n-th request, from 1). */
  rewrite?: (
    answer: ProxiedAnswer,
    request: { body: string; headers: Record<string, string> },
    n: number,
  ) => ProxiedAnswer;
}

export interface ProxiedAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** Forwards to `upstream` (a sandbox) and records what it receives. */
export function startCountingProxy(upstream: string, options: ProxyOptions = {}): Promise<TestTarget> {
  let answered429 = 0;
  let forwarded = 0;
  return serve(async (req, res, body) => {
    if (options.tooManyFirst && answered429 < options.tooManyFirst.count) {
      answered429++;
      res.writeHead(429, { ...json, "retry-after": options.tooManyFirst.retryAfter }).end('{"error":"slow down"}');
      return;
    }
    const own = options.answerInstead?.({ path: new URL(req.url ?? "/", "http://t").pathname, body });
    if (own) {
      res.writeHead(own.status, own.headers).end(own.text);
      return;
    }
    if (options.delayMs) await sleep(options.delayMs);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (e): e is [string, string] => typeof e[1] === "string" && !/^(host|connection|content-length)$/i.test(e[0]),
      ),
    );
    const answer = await fetch(upstream + (req.url ?? "/"), { method: req.method ?? "POST", headers, body });
    const upstreamAnswer = {
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      text: await answer.text(),
    };
    const sent = options.rewrite ? options.rewrite(upstreamAnswer, { body, headers }, ++forwarded) : upstreamAnswer;
    // The length may have changed; node sets it again.
    const { "content-length": _length, ...rest } = sent.headers;
    res.writeHead(sent.status, rest).end(sent.text);
  });
}

/** One answer of a scripted target: the status, headers and the body's bytes exactly as sent. */
export interface ScriptedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Answers every request with what `answer` gives at that moment: a test changes it between requests. */
export function startScriptedTarget(answer: () => ScriptedAnswer): Promise<TestTarget> {
  return serve((_req, res) => {
    const { status, headers, body } = answer();
    res.writeHead(status, { ...headers, "content-length": String(body.length) }).end(body);
  });
}
