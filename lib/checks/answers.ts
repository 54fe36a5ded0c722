/**
 * What an answer means when §7 shows no error shape: a rejection is any 4xx, or a 2xx whose body
 * says it did not succeed (status ≠ ok, request_status ≠ success, state false). A 5xx is a
 * server error, never a rejection; no answer at all is a transport failure. Each family has its
 * own signal: the partner envelope's boolean `state` (§2.1) decides alone when present, so a
 * stray `status` of another meaning beside it neither hides an acceptance nor invents a refusal;
 * otherwise the card API's `status` and `request_status` (§3) decide.
 */
import { jsonObject, type Exchange } from "../http/exchange.ts";
import { requireJsonObject, requireResponse } from "./response.ts";

export type AnswerKind = "success" | "rejection" | "server-error" | "transport" | "other";

/**
 * The card API's `status` field, a string (§2.2–§2.4), when the body has one. An integer `status`
 * is another field of the same name — an RFC 7807 problem's copy of the HTTP status — and says
 * nothing of the card API's outcome.
 */
export function cardApiStatus(body: Record<string, unknown>): string | undefined {
  return typeof body.status === "string" ? body.status : undefined;
}

function bodySaysFailure(body: Record<string, unknown> | undefined): boolean {
  if (!body) return false;
  if (typeof body.state === "boolean") return !body.state;
  if (cardApiStatus(body) !== undefined && body.status !== "ok") return true;
  return "request_status" in body && body.request_status !== "success";
}

export function answerKind(exchange: Exchange): AnswerKind {
  const response = exchange.response;
  if (!response) return "transport";
  if (response.status >= 500) return "server-error";
  if (response.status >= 400) return "rejection";
  if (response.status < 200 || response.status >= 300) return "other";
  // A 2xx whose body is not JSON is neither an acceptance nor a refusal: the answer is unreadable.
  if (response.jsonError !== undefined) return "transport";
  return bodySaysFailure(jsonObject(exchange)) ? "rejection" : "success";
}

/**
 * Fails (category transport) when there is no answer to judge: no response, or a 2xx that is
 * not JSON. Checks that pass on a refusal call this first, so silence never passes for a refusal.
 */
export function requireAnswer(exchange: Exchange): void {
  requireResponse(exchange);
  if (answerKind(exchange) === "transport") requireJsonObject(exchange);
}

/** "HTTP 200 with request_status \"success\"", for messages. */
export function describeAnswer(exchange: Exchange): string {
  const response = exchange.response;
  if (!response) return `no answer (${exchange.transportError?.kind ?? "transport"})`;
  const body = jsonObject(exchange);
  const said = body
    ? ["state", "status", "request_status"]
        .filter((k) => k in body && (k !== "status" || cardApiStatus(body) !== undefined))
        .map((k) => `${k} ${JSON.stringify(body[k])}`)
    : [];
  return `HTTP ${response.status}${said.length ? ` with ${said.join(", ")}` : ""}`;
}
