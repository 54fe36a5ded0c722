/**
 * OpenAPI operation objects for catalogue entries. Documented operations get their request and
 * response bodies; named-only operations get a description and no shapes, because the spec shows
 * none. Nothing here invents what the spec does not show: no error bodies (§7), no card API auth.
 */
import type { Operation } from "../catalogue/index.ts";
import { COMPONENT_REF, componentForRef } from "./components.ts";
import { RESPONSE_EXAMPLES } from "./examples.ts";

type Json = Record<string, unknown>;

export const PARTNER_BEARER = "partnerBearer";

/** operationId from the catalogue key: "card-api.statement" → "cardApiStatement". */
export function operationId(op: Operation): string {
  return op.key
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1)))
    .join("");
}

const jsonBody = (schemaId: string, example?: Json): Json => ({
  "application/json": { schema: { $ref: COMPONENT_REF + componentForRef(schemaId) }, ...(example ? { example } : {}) },
});

const REJECTION = {
  description:
    "A rejection. Errors are not shown (§7): the harness accepts any 4XX, or a 200 whose status, " +
    "request_status or state says the request did not succeed, and never a 5XX.",
};

/** Fields every operation carries: id, titles, tags and the catalogue's facts as extensions. */
function common(op: Operation): Json {
  return {
    "operationId": operationId(op),
    "summary": op.title,
    "tags": [op.family],
    "x-spec": op.spec,
    "x-documented": op.documented,
    "x-mutates": op.mutates,
  };
}

export function documentedOperation(op: Operation): Json {
  if (!op.requestSchema || !op.responseSchema) throw new Error(`${op.key} is documented but has no schemas`);
  const bearer = op.family === "partner-transfer-api";
  return {
    ...common(op),
    "description":
      `${op.title} (${op.spec}). All requests and responses are JSON and a successful call answers with ` +
      `HTTP 200 (§4).${bearer ? " Bodies carry a `signature` field; its algorithm is not shown (§5)." : ""}`,
    "x-check-prefix": op.code,
    ...(bearer ? { security: [{ [PARTNER_BEARER]: [] }] } : {}),
    "requestBody": { required: true, content: jsonBody(op.requestSchema) },
    "responses": {
      "200": { description: `Success (${op.spec}).`, content: jsonBody(op.responseSchema, RESPONSE_EXAMPLES[op.key]) },
      "4XX": REJECTION,
    },
  };
}

export function namedOnlyOperation(op: Operation): Json {
  const reason = op.notCoveredReason ?? `not shown (${op.spec})`;
  const why = reason.charAt(0).toUpperCase() + reason.slice(1);
  return {
    ...common(op),
    description: `${op.title}: named by the spec (${op.spec}). ${why}; the harness does not check it.`,
    responses: { default: { description: `Not shown (${op.spec}).` } },
  };
}

/** An entry of `x-named-operations`: an operation the spec names without a path. */
export function namedOperationEntry(op: Operation): Json {
  return {
    "operationId": operationId(op),
    "family": op.family,
    "title": op.title,
    "method": op.method,
    "x-spec": op.spec,
    "reason": op.notCoveredReason ?? `not shown (${op.spec})`,
  };
}
