/** Small reusable assertions over an exchange; each fails with a typed cause. */
import { jsonObject, type Exchange, type ExchangeResponse } from "../http/exchange.ts";
import { describeIssues, type ValidatorRegistry } from "../validation/registry.ts";
import { fail } from "./failure.ts";
import { redactor } from "../redaction/redact.ts";

/** The response, or a transport failure naming what went wrong (timeout, reset, …). */
export function requireResponse(exchange: Exchange): ExchangeResponse {
  if (exchange.response) return exchange.response;
  const t = exchange.transportError;
  return fail("transport", `${t?.kind ?? "no answer"}: ${t?.message ?? "the target did not answer"}`);
}

/** The JSON object body; a body that is not JSON is a transport-level fault, not a schema one. */
export function requireJsonObject(exchange: Exchange): Record<string, unknown> {
  const response = requireResponse(exchange);
  const body = jsonObject(exchange);
  if (body) return body;
  const why = response.jsonError ? `not JSON (${response.jsonError})` : "JSON but not an object";
  return fail("transport", `HTTP ${response.status} body is ${why}: ${redactor.preview(response.bodyText)}`);
}

/**
 * The JSON object body of an answer to a valid request. Any 2xx is accepted here: the exact 200
 * is one check of its own (…-HTTP-200), so a wrong success code fails that check only.
 */
export function requireSuccessBody(exchange: Exchange): Record<string, unknown> {
  const response = requireResponse(exchange);
  if (response.status >= 500)
    fail("server-error", `HTTP ${response.status} to a valid request: ${redactor.preview(response.bodyText)}`);
  if (response.status >= 300)
    fail("rejected-valid", `HTTP ${response.status} to a valid request: ${redactor.preview(response.bodyText)}`);
  return requireJsonObject(exchange);
}

export function requireSchema(validators: ValidatorRegistry, ref: string, data: unknown, what: string): void {
  const { valid, issues } = validators.validate(ref, data);
  if (!valid) fail("schema", `${what}: ${describeIssues(issues)}`);
}

/** Reads a value at a path of keys, e.g. ["payload", "status"]. */
export function at(body: unknown, path: readonly string[]): unknown {
  let value: unknown = body;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
