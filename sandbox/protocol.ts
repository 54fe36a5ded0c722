/**
 * The sandbox's request/response model and its documented error bodies. The spec shows no error
 * shape (§7); the sandbox answers every rejection with a 4xx and one of these bodies:
 *   card API:          {"status":"error","request_status":"failed","error":{"code","message"},"dt"}
 *   partner transfer:  {"state":false,"response_time","payload":{"error":{"code","message"}},"signature"}
 */
import { formatWithOffset } from "../lib/time/iso.ts";

export interface SandboxRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  bodyText: string;
  /** Parsed JSON body (handlers run only when it parsed). */
  body: unknown;
}

export interface SandboxResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering (magic slow values, faults). */
  delayMs?: number;
}

export type ErrorCode =
  | "INVALID_JSON"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "PAYLOAD_TOO_LARGE"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "INVALID_REQUEST"
  | "UNAUTHORIZED"
  | "INVALID_SIGNATURE"
  | "UNDECRYPTABLE"
  | "CARD_NOT_FOUND"
  | "OBJECT_NOT_FOUND"
  | "CARD_MISMATCH"
  | "CARD_EXPIRED"
  | "DECLINED"
  | "UNSUPPORTED_CURRENCY"
  | "UNSUPPORTED_TYPE"
  | "BELOW_MINIMUM"
  | "LIMIT_EXCEEDED"
  | "DUPLICATE_REQUEST"
  | "CURRENCY_MISMATCH"
  | "AMOUNT_MISMATCH"
  | "INVALID_PERIOD"
  | "WRONG_OBJECT_KIND";

/** Card API timestamps carry the platform's numeric offset (§2.3 dt). */
export const PLATFORM_OFFSET = "+05:00";

let lastMs = 0;
let lastText = "";

/** The time of an answer; the same millisecond is formatted once (busy sandboxes answer many per ms). */
export function nowWithOffset(now = Date.now()): string {
  if (now !== lastMs) [lastMs, lastText] = [now, formatWithOffset(now, PLATFORM_OFFSET)];
  return lastText;
}

export class Rejection extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Throws the rejection: the one way the sandbox refuses a request. A rejection is an answer, not a
 * defect, so no stack is captured for it (two thirds of its cost, and the fault table has the
 * sandbox reject most of what it is sent).
 */
export function reject(status: number, code: ErrorCode, message: string): never {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    throw new Rejection(status, code, message);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

export function cardApiError(r: Rejection, now = Date.now()): SandboxResponse {
  return {
    status: r.status,
    body: {
      status: "error",
      request_status: "failed",
      error: { code: r.code, message: r.message },
      dt: nowWithOffset(now),
    },
  };
}

/** Unsigned partner error; the server signs it like any partner response. */
export function partnerError(r: Rejection): SandboxResponse {
  return {
    status: r.status,
    body: {
      state: false,
      response_time: new Date().toISOString(),
      payload: { error: { code: r.code, message: r.message } },
    },
  };
}

export function ok(body: Record<string, unknown>): SandboxResponse {
  return { status: 200, body };
}
