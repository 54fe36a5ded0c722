/**
 * The harness's only HTTP client (undici, keep-alive pool). It never throws for what a target
 * does: a timeout, reset, refused connection or oversized body becomes a classified
 * transportError on the exchange, so the check fails with the cause named and the run goes on.
 */
import { Agent, request } from "undici";
import type { Exchange, ExchangeResponse, TransportErrorKind } from "./exchange.ts";

export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export interface ClientOptions {
  timeoutMs: number;
  connections?: number;
  maxResponseBytes?: number;
}

export interface PostOptions {
  headers: Record<string, string>;
  bodyText: string;
  operationKey?: string;
}

class BodyTooLarge extends Error {}

let sequence = 0;

export class HttpClient {
  private readonly agent: Agent;

  constructor(private readonly options: ClientOptions) {
    this.agent = new Agent({
      connections: options.connections ?? 64,
      keepAliveTimeout: 4_000,
      connect: { timeout: options.timeoutMs },
    });
  }

  async post(url: string, { headers, bodyText, operationKey }: PostOptions): Promise<Exchange> {
    const startedAt = Date.now();
    const exchange: Exchange = {
      seq: ++sequence,
      ...(operationKey ? { operationKey } : {}),
      startedAt,
      durationMs: 0,
      request: { method: "POST", url, headers, bodyText },
    };
    try {
      exchange.response = await this.send(url, headers, bodyText);
    } catch (error) {
      exchange.transportError = classify(error, this.options.timeoutMs);
    }
    exchange.durationMs = Date.now() - startedAt;
    return exchange;
  }

  private async send(url: string, headers: Record<string, string>, body: string): Promise<ExchangeResponse> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const res = await request(url, { method: "POST", headers, body, signal, dispatcher: this.agent });
    const bodyText = await readCapped(res.body, this.options.maxResponseBytes ?? MAX_RESPONSE_BYTES);
    const response: ExchangeResponse = { status: res.statusCode, headers: flatten(res.headers), bodyText };
    try {
      response.json = JSON.parse(bodyText);
    } catch (error) {
      response.jsonError = (error as Error).message;
    }
    return response;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      throw new BodyTooLarge(`response body exceeds ${max} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function flatten(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

function classify(error: unknown, timeoutMs: number): { kind: TransportErrorKind; message: string } {
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? "";
  if (error instanceof BodyTooLarge) return { kind: "body-too-large", message: e.message ?? "" };
  if (e.name === "TimeoutError" || e.name === "AbortError" || /TIMEOUT/.test(code)) {
    return { kind: "timeout", message: `no complete answer within ${timeoutMs} ms` };
  }
  if (code === "ECONNREFUSED") return { kind: "connection-refused", message: "connection refused" };
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET" || code === "EPIPE") {
    return { kind: "connection-reset", message: `connection closed by the target (${code})` };
  }
  return { kind: "transport", message: `${e.name ?? "Error"}: ${e.message ?? String(error)}${code ? ` (${code})` : ""}` };
}
