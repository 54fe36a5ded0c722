/** Generated limits list requests (§2.4): every object kind of the payment fixture. */
import fc from "fast-check";
import type { Config } from "../../lib/config/load.ts";
import type { ValidatorRegistry } from "../../lib/validation/registry.ts";
import { limitsObject, limitsRequest } from "../card-api/limits.ts";
import { OBJECT_KINDS } from "../../lib/payments/kinds.ts";
import { schemaMutations, TRANSPORT_MUTATIONS } from "../schema/mutations.ts";
import { freshUuid, LONG_TEXT, NON_ASCII_TEXT } from "../shared-arbitraries.ts";
import { boundary, plainCase, type OperationCases } from "./types.ts";
import { semanticLimitsMutations } from "./semantic-references.ts";

export function limitsCases(config: Config, registry: ValidatorRegistry): OperationCases {
  const bodies = fc
    .record({ request_id: freshUuid, kind: fc.constantFrom(...OBJECT_KINDS) })
    .map(({ request_id, kind }) => ({ request_id, object: limitsObject(config, kind) }));
  const full = () => limitsRequest(config, "card");
  return {
    valid: bodies.map((b) => plainCase(`limits of the ${b.object.type}`, b)),
    validExamples: OBJECT_KINDS.map((kind) => plainCase(`limits of the ${kind}`, limitsRequest(config, kind))),
    fullRequest: full,
    validBodies: bodies,
    boundaries: [
      boundary("object.type in capitals", full, (b) => {
        const o = b.object as { type: string };
        o.type = o.type.toUpperCase();
      }),
      boundary("request_id in capitals", full, (b) => (b.request_id = String(b.request_id).toUpperCase())),
      boundary("empty object.value", full, (b) => ((b.object as { value: string }).value = "")),
      boundary("very long object.value", full, (b) => ((b.object as { value: string }).value = LONG_TEXT)),
      boundary("non-ASCII object.value", full, (b) => ((b.object as { value: string }).value = NON_ASCII_TEXT)),
      boundary("object.value as a number", full, (b) => ((b.object as { value: unknown }).value = 12345)),
    ],
    mutations: [
      ...schemaMutations("card-api/limits-request.schema.json", registry),
      {
        name: "object.type of an unknown kind",
        basis: "spec",
        rule: "§2.4: the object kinds are a card, an account and a client",
        apply: (v) => ({ body: { ...(v as object), object: { type: "planet", value: "earth" } } }),
      },
      ...semanticLimitsMutations(config),
      ...TRANSPORT_MUTATIONS,
    ],
  };
}
