/**
 * The run's recorded exchanges (exchange-log.ts, already redacted) as an HTTP Archive 1.2 file,
 * which opens in a browser's developer tools. Pure: the caller reads the JSONL records.
 * Each entry says in its comment which checks used it; a transport failure is a status-0 entry
 * with the cause in `_error`, as browsers record a request that got no answer.
 */
import type { ExchangeRecord } from "./exchange-log.ts";

export interface HarHeader {
  name: string;
  value: string;
}
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text: string };
    redirectURL: "";
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment: string;
  _checks: string[];
  _error?: string;
}
export interface Har {
  log: { version: "1.2"; creator: { name: string; version: string }; entries: HarEntry[]; comment: string };
}

const headerList = (headers: Record<string, string>): HarHeader[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

/** The redacted body as the text a browser would show: JSON re-serialised, text as is. */
const bodyText = (body: unknown): string => (typeof body === "string" ? body : JSON.stringify(body));

function header(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
}

function queryString(url: string): HarHeader[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

export function harEntry(record: ExchangeRecord): HarEntry {
  const { request, response, transportError, durationMs } = record.evidence;
  const requestText = bodyText(request.body);
  const responseText = response ? bodyText(response.body) : "";
  return {
    startedDateTime: record.startedAt,
    time: durationMs,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: headerList(request.headers),
      queryString: queryString(request.url),
      postData: { mimeType: header(request.headers, "content-type") ?? "application/json", text: requestText },
      headersSize: -1,
      bodySize: Buffer.byteLength(requestText),
    },
    response: {
      status: response?.status ?? 0,
      statusText: "",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: headerList(response?.headers ?? {}),
      content: {
        size: Buffer.byteLength(responseText),
        mimeType: header(response?.headers ?? {}, "content-type") ?? "x-unknown",
        text: responseText,
      },
      // content is the decoded body; the size on the wire of a coded (gzip, br) answer is not kept: -1, as HAR 1.2 allows.
      redirectURL: "",
      headersSize: -1,
      bodySize: response && !header(response.headers, "content-encoding") ? Buffer.byteLength(responseText) : -1,
    },
    cache: {},
    timings: { send: 0, wait: durationMs, receive: 0 },
    comment: `evidence of ${record.checks.join(", ")}`,
    _checks: record.checks,
    ...(transportError ? { _error: `${transportError.kind}: ${transportError.message}` } : {}),
  };
}

export function buildHar(records: ExchangeRecord[], creator: { name: string; version: string }, note: string): Har {
  const entries = [...records].sort((a, b) => a.startedAt.localeCompare(b.startedAt)).map(harEntry);
  return { log: { version: "1.2", creator, entries, comment: note } };
}
