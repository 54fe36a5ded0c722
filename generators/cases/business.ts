/**
 * Generated business registrations (§2.1, §4.1): client data (fields per the profile's schema,
 * since the spec does not show them) sealed into the signed envelope by the configured profile.
 * Mutations apply to the sealed envelope, as a target receives it.
 */
import fc from "fast-check";
import type { Config } from "../../lib/config/load.ts";
import { sealRequest } from "../../lib/crypto/envelope.ts";
import type { ValidatorRegistry } from "../../lib/validation/registry.ts";
import { fakerFor } from "../faker.ts";
import { businessClientData } from "../partner-transfer-api/business-client.ts";
import { schemaArbitrary } from "../schema/arbitrary.ts";
import { schemaMutations, TRANSPORT_MUTATIONS } from "../schema/mutations.ts";
import { NON_ASCII_TEXT } from "../shared-arbitraries.ts";
import type { Case, OperationCases } from "./types.ts";

const KAZAKH = fc.constantFrom("Әсел", "Нұрлан", "Қайрат", "Ұлжан", "Ғалым");

function sealed(label: string, data: unknown): Case {
  return { label, request: async (ctx) => ({ body: await sealRequest(ctx.profile, data) }) };
}

export function businessCases(_config: Config, registry: ValidatorRegistry): OperationCases {
  const data = schemaArbitrary("partner-transfer/business-client-data.schema.json", registry, {
    "/phone": fc.stringMatching(/^\+77[0-9]{9}$/),
    "/director/first_name": fc.oneof(KAZAKH, fc.constantFrom("Aigerim", "John")),
    "/director/last_name": fc.oneof(KAZAKH, fc.constantFrom("Seitkali", "Smith")),
  });
  const full = () => businessClientData(fakerFor(1));
  const edited = (label: string, edit: (d: Record<string, unknown>) => void): Case => {
    const d = structuredClone(full()) as Record<string, unknown>;
    edit(d);
    return sealed(label, d);
  };
  return {
    valid: data.map((d) => sealed("generated client data", d)),
    validExamples: [edited("a director with a Kazakh name", (d) => (d.director = { first_name: "Әсел", last_name: "Нұрланқызы" }))],
    fullRequest: full,
    validBodies: data,
    seal: (ctx, body) => sealRequest(ctx.profile, body),
    boundaries: [
      edited("company name of 200 characters", (d) => (d.company_name = "Ж".repeat(200))),
      edited("non-ASCII company name", (d) => (d.company_name = NON_ASCII_TEXT)),
      edited("legal address of 300 characters", (d) => (d.legal_address = "a".repeat(300))),
      edited("no optional fields", (d) => { delete d.email; delete d.legal_address; delete d.director; }),
      { label: "a 100 kB encrypted_data", request: async (ctx) => {
        const body = await sealRequest(ctx.profile, full());
        return { body: { ...body, payload: { encrypted_data: "QUJD".repeat(25_000) } } };
      } },
      { label: "a very long signature", request: async (ctx) => ({ body: { ...(await sealRequest(ctx.profile, full())), signature: "ab".repeat(5_000) } }) },
    ],
    mutations: [...schemaMutations("partner-transfer/signed-request.schema.json", registry), ...TRANSPORT_MUTATIONS],
  };
}
