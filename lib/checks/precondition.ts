/**
 * Precondition, not non-conformance. A module's scenarios are requests built from our fixtures
 * (its valid request "success", the limits of the account and of the client, …); the checks that
 * read one have nothing to judge when the target refused it for a business reason: they are
 * "not judged", with the target's own reason and the variable to look at, and the run's verdict is
 * incomplete — never "not conformant" on that ground alone. One rule for every scenario; a check
 * or a scenario that finds its fixture unusable says so itself with `ctx.notJudged(reason, variable)`.
 *
 * The rule, stricter than answers.ts (which reads any non-success signal as a refusal, tolerant
 * for checks that want a refusal): a refusal here is
 * - any 4xx (a 429 too: the target said "not now", which proves nothing about its answers), or
 * - a 2xx JSON object whose own outcome field says it failed: `state: false` (§2.1) where there is
 *   one, else `request_status` ≠ "success" (§3: "request succeeded"), else a string `status` ≠ "ok"
 *   (an integer `status` is an RFC 7807 problem's copy of the HTTP status, not the card API's field).
 * So `request_status: "success"` beside a stray `status: "accepted"` is a success with a wrong value
 * (judged, CARD-TXN-STATUS-OK fails), while `status: "ok", request_status: "declined"` is a refusal.
 * A 5xx, a transport error, a body that is not JSON stay failures of the checks.
 *
 * A "refused" debit that was posted anyway is caught elsewhere: the ledger checks read the
 * statement around their own debits, and a refused one must leave no trace (CARD-LEDGER-STATEMENT),
 * so such a target is never merely incomplete.
 */
import type { Exchange } from "../http/exchange.ts";
import { jsonObject } from "../http/exchange.ts";
import { redactor } from "../redaction/redact.ts";
import { cardApiStatus, describeAnswer } from "./answers.ts";
import type { Module, ScenarioName } from "./types.ts";

/** The scenario a module's success checks judge; its refusal makes them "not judged". */
export const SUCCESS_SCENARIO = "success" satisfies ScenarioName;

/** Category of a check not judged for a precondition (its fixture request refused or unusable); "interrupted" is the other. */
export const NOT_JUDGED = "precondition";

/** True when the target refused the request for a business reason it states (the rule above). */
export function refusedForBusinessReason(exchange: Exchange): boolean {
  const response = exchange.response;
  if (!response || exchange.transportError) return false;
  if (response.status >= 400 && response.status < 500) return true;
  if (response.status < 200 || response.status >= 300) return false;
  const body = jsonObject(exchange);
  if (!body) return false;
  if (typeof body.state === "boolean") return !body.state;
  if ("request_status" in body) return body.request_status !== "success";
  return cardApiStatus(body) !== undefined && body.status !== "ok";
}

/** "the target refused the fixture debit of 100.00 KZT: HTTP 200 with … — {body}; see DEBIT_AMOUNT_MIN …" */
export function refusalReason(module: Module, scenario: ScenarioName, exchange: Exchange): string {
  let sent: unknown;
  try {
    sent = JSON.parse(exchange.request.bodyText);
  } catch {
    sent = undefined;
  }
  const fixture = module.fixtures?.[scenario] ?? {
    what: () =>
      `the ${scenario === SUCCESS_SCENARIO ? "valid example" : `"${scenario}"`} request of ${module.operation.title}`,
    see: "the examples of its request schema (CATALOGUE_DIR)",
  };
  const preview = redactor.reason(exchange.response?.bodyText ?? "");
  // An auth refusal is about the credentials, not the fixture's content.
  const status = exchange.response?.status;
  const see =
    status === 401 || status === 403
      ? "the credentials (PARTNER_ACCESS_TOKEN, PARTNER_SIGNING_KEY, CARD_API_HEADERS, CRYPTO_PROFILE)"
      : fixture.see;
  return `not judged: the target refused ${fixture.what(sent)}: ${describeAnswer(exchange)} — ${preview}; see ${see}`;
}
