/**
 * What an answer means (lib/checks/answers.ts), as a table: any 4xx or a 2xx whose body says it
 * failed is a refusal; each family is judged by its own signal (§2.1 `state`, §3 `status` and
 * `request_status`); a 5xx is a server error; no answer, or a 2xx that is not JSON, is transport.
 */
import { expect, test } from "vitest";
import { answerKind, type AnswerKind } from "../../lib/checks/answers.ts";
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
];

test.for(CASES)("%s", ([, given, kind]) => {
  expect(answerKind(given)).toBe(kind);
});
