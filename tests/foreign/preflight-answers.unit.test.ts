/**
 * The preflight reads a 2xx whose body says it failed as a rejection, like a JSON 4xx: §7 shows no
 * error shape, and a target that answers every refusal with HTTP 200 (the foreign target) must
 * get the same one-line exit 2 for a fixture it does not know.
 */
import { expect, test } from "vitest";
import type { Exchange } from "../../lib/http/exchange.ts";
import { readAnswer } from "../../lib/runner/preflight-probes.ts";

const answer = (status: number, json: unknown) =>
  ({ response: { status, json, headers: {}, bodyText: JSON.stringify(json) } }) as unknown as Exchange;

test.for([
  ["a card API success", 200, { status: "ok", request_status: "success", dt: "2026-03-01T00:00:00+06:00" }, "ok"],
  ["a card API refusal as HTTP 200", 200, { status: "error", request_status: "card_not_found" }, "rejected"],
  ["a partner API refusal as HTTP 200 (state false)", 200, { state: false, payload: { error_code: "X" } }, "rejected"],
  ["a partner API success", 200, { state: true, payload: { status: "new" } }, "ok"],
  ["a JSON 404", 404, { error: "no such card" }, "rejected"],
  ["a 401", 401, {}, "refused"],
] as const)("%s", ([, status, json, expected]) => {
  expect(readAnswer(answer(status, json))).toBe(expected);
});
