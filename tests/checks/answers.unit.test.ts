/**
 * What an answer means (lib/checks/answers.ts), as a table: any 4xx or a 2xx whose body says it
 * failed is a refusal; each family is judged by its own signal (§2.1 `state`, §3 `status` and
 * `request_status`); a 5xx is a server error; no answer, or a 2xx that is not JSON, is transport.
 */
import { expect, test } from "vitest";
import { answerKind, describeAnswer, type AnswerKind } from "../../lib/checks/answers.ts";
import { refusedForBusinessReason } from "../../lib/checks/precondition.ts";
import type { Exchange } from "../../lib/http/exchange.ts";

function exchange(status: number | undefined, body?: unknown, bodyText = JSON.stringify(body)): Exchange {
  const request = { method: "POST", url: "http://127.0.0.1/x", headers: {}, bodyText: "{}" };
  if (status === undefined)
    return { seq: 1, startedAt: 0, durationMs: 1, request, transportError: { kind: "timeout", message: "no answer" } };
  const json = body === undefined ? {} : { json: body };
  const jsonError = body === undefined ? { jsonError: "Unexpected token <" } : {};
  return {
    seq: 1,
    startedAt: 0,
    durationMs: 1,
    request,
    response: { status, headers: {}, bodyText: bodyText ?? "", ...json, ...jsonError },
  };
}

const CASES: Array<[string, Exchange, AnswerKind]> = [
  [
    "card API success (status ok, request_status success)",
    exchange(200, { status: "ok", request_status: "success" }),
    "success",
  ],
  ["card API 200 with status error", exchange(200, { status: "error", request_status: "success" }), "rejection"],
  ["card API 200 with request_status failed", exchange(200, { status: "ok", request_status: "failed" }), "rejection"],
  ["partner success (state true)", exchange(200, { state: true, payload: {} }), "success"],
  ["partner refusal (state false)", exchange(200, { state: false }), "rejection"],
  [
    "partner success with a stray status of another meaning",
    exchange(200, { state: true, status: "created" }),
    "success",
  ],
  ["partner refusal with a stray status ok", exchange(200, { state: false, status: "ok" }), "rejection"],
  ["a 2xx body with no signal at all", exchange(200, { anything: 1 }), "success"],
  ["any 4xx, whatever the body", exchange(422, { status: "ok" }), "rejection"],
  ["a 4xx with a body that is not JSON", exchange(400, undefined, "<html>bad</html>"), "rejection"],
  ["a 5xx", exchange(503, { status: "ok" }), "server-error"],
  ["a 2xx that is not JSON", exchange(200, undefined, "<html>ok</html>"), "transport"],
  ["no answer", exchange(undefined), "transport"],
  ["a 3xx", exchange(302, {}), "other"],
  // An RFC 7807 problem's integer `status` copies the HTTP status: it is not the card API's string `status` (§2.2–§2.4).
  [
    "a 2xx problem-like body with an integer status",
    exchange(200, { status: 200, request_status: "success" }),
    "success",
  ],
  ["a 2xx body with only an integer status", exchange(200, { status: 201 }), "success"],
];

test.for(CASES)("%s", ([, given, kind]) => {
  expect(answerKind(given)).toBe(kind);
});

const PROBLEM = { type: "about:blank", title: "Unprocessable", status: 422, detail: "amount below the minimum" };

/** What a message says of an answer, and whether a scenario reads it as a business refusal. */
const DESCRIBED: Array<[string, Exchange, string, boolean]> = [
  ["an RFC 7807 problem: its integer status is not named", exchange(422, PROBLEM), "HTTP 422", true],
  [
    "an RFC 7807 problem with a 2xx: no refusal",
    exchange(200, { ...PROBLEM, status: 200, request_status: "success" }),
    'HTTP 200 with request_status "success"',
    false,
  ],
  ["a 2xx with only an integer status: no refusal", exchange(200, { status: 500 }), "HTTP 200", false],
  [
    "the card API's string status is named",
    exchange(200, { status: "ok", request_status: "declined" }),
    'HTTP 200 with status "ok", request_status "declined"',
    true,
  ],
  ["a string status other than ok refuses", exchange(200, { status: "error" }), 'HTTP 200 with status "error"', true],
  ["the partner envelope's state", exchange(200, { state: false }), "HTTP 200 with state false", true],
];

test.for(DESCRIBED)("%s", ([, given, text, refused]) => {
  expect(describeAnswer(given)).toBe(text);
  expect(refusedForBusinessReason(given)).toBe(refused);
});
