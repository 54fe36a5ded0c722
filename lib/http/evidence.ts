/** Redacted views of an exchange for reports: a JSON document and a one-line summary. */
import type { Redactor } from "../redaction/redact.ts";
import type { Exchange } from "./exchange.ts";

export interface ExchangeEvidence {
  seq: number;
  operation?: string;
  durationMs: number;
  request: { method: string; url: string; headers: Record<string, string>; body: unknown };
  response?: { status: number; headers: Record<string, string>; body: unknown };
  transportError?: Exchange["transportError"];
}

function redactedBody(text: string, redactor: Redactor): unknown {
  try {
    return redactor.json(JSON.parse(text));
  } catch {
    return redactor.text(text.length > 4096 ? `${text.slice(0, 4096)}…[${text.length} chars]` : text);
  }
}

export function exchangeEvidence(exchange: Exchange, redactor: Redactor): ExchangeEvidence {
  const { request, response } = exchange;
  return {
    seq: exchange.seq,
    ...(exchange.operationKey ? { operation: exchange.operationKey } : {}),
    durationMs: exchange.durationMs,
    request: {
      method: request.method,
      url: redactor.text(request.url),
      headers: redactor.headers(request.headers),
      body: redactedBody(request.bodyText, redactor),
    },
    ...(response
      ? {
          response: {
            status: response.status,
            headers: redactor.headers(response.headers),
            body: redactedBody(response.bodyText, redactor),
          },
        }
      : {}),
    ...(exchange.transportError
      ? {
          transportError: {
            kind: exchange.transportError.kind,
            message: redactor.text(exchange.transportError.message),
          },
        }
      : {}),
  };
}

/** "POST /v5/card-api/card/statement → 200 (12 ms)" */
export function exchangeLine(exchange: Exchange): string {
  const path = new URL(exchange.request.url).pathname;
  const outcome = exchange.response
    ? String(exchange.response.status)
    : `${exchange.transportError?.kind ?? "no answer"}`;
  return `${exchange.request.method} ${path} → ${outcome} (${exchange.durationMs} ms)`;
}
