/**
 * Redacted views of an exchange for reports: a JSON document and a one-line summary. A body is
 * quoted within bounds, whatever the target sent: read by the bounded reader (no walk of a body
 * nested past its depth), and at most EVIDENCE_BODY_CHARS of it — the exchanges file, the Allure
 * attachments and the HAR all quote it from here, so a 4 MB answer quoted by every check that
 * read it cannot grow them to gigabytes.
 */
import { ownCopy, type Redactor } from "../redaction/redact.ts";
import type { Exchange } from "./exchange.ts";
import { readJson } from "./transport/json-body.ts";

/** The most of one body that evidence quotes (64 KiB of characters); the rest is counted, not shown. */
export const EVIDENCE_BODY_CHARS = 64 * 1024;

export interface ExchangeEvidence {
  seq: number;
  operation?: string;
  durationMs: number;
  request: { method: string; url: string; headers: Record<string, string>; body: unknown };
  response?: { status: number; headers: Record<string, string>; body: unknown };
  transportError?: Exchange["transportError"];
}

/**
 * The body as redacted JSON when it reads as JSON, else as redacted text; longer than the bound, a
 * string cut after redaction (never before: a cut could leave part of a card number that no longer
 * looks like one) and marked with its full length.
 */
function redactedBody(text: string, redactor: Redactor): unknown {
  const read = readJson(text);
  if (!read.ok) return redactor.quote(text, EVIDENCE_BODY_CHARS);
  const value = redactor.json(read.value);
  if (text.length <= EVIDENCE_BODY_CHARS) return value;
  const shown = JSON.stringify(value);
  return shown.length <= EVIDENCE_BODY_CHARS
    ? value
    : ownCopy(`${shown.slice(0, EVIDENCE_BODY_CHARS)}…[${text.length} chars]`);
}

/** Each exchange's kept form, made once however many checks keep it (a shared scenario's). */
const keptForms = new WeakMap<Exchange, Exchange>();

/**
 * The exchange as a settled check keeps it for its reports: as it is, unless its answer is longer
 * than the evidence quotes — then a copy whose body is what evidence would quote of it (redacted,
 * then cut) and no parsed JSON, so that the full answer is garbage once the checks that read it
 * are done. A module's results wait for its last check, and the bodies of a target that answers
 * every request with megabytes, each kept by ten checks, were hundreds of megabytes per worker.
 */
export function keptForReports(exchange: Exchange, redactor: Redactor): Exchange {
  const response = exchange.response;
  if (!response || response.bodyText.length <= EVIDENCE_BODY_CHARS) return exchange;
  let kept = keptForms.get(exchange);
  if (!kept) {
    const body = redactedBody(response.bodyText, redactor);
    const { status, headers, jsonError } = response;
    const bodyText = typeof body === "string" ? body : JSON.stringify(body);
    kept = { ...exchange, response: { status, headers, bodyText, ...(jsonError ? { jsonError } : {}) } };
    keptForms.set(exchange, kept);
  }
  return kept;
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
