/** §4.1 Register business client: POST /v5/partner/transfer/business/create. */
import { REGISTER_BUSINESS as op } from "../../lib/catalogue/index.ts";
import { defineModule, sealRequest } from "../../lib/checks/kit.ts";
import { generatedChecks } from "../generic/generated.ts";
import { latencyBudget } from "../generic/latency-budget.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { fieldForm, SUCCESS, successChecks, successValue } from "../generic/success.ts";
import { fakerFor } from "../../generators/faker.ts";
import { clientDataFor } from "../../generators/partner-transfer-api/client-data.ts";
import { eachRegistrationIsAProfileOfItsOwn, responseSignatureVerifies } from "./register-business.checks.ts";
import { authChecks } from "./auth.checks.ts";

export const registerBusinessModule = defineModule({
  operation: op,
  // Every registration is sealed and signed by the profile, its client data the partner's.
  reads: ["CRYPTO_PROFILE", "CLIENT_DATA_FILE"],
  scenarios: {
    [SUCCESS]: async (ctx) =>
      ctx.send(op, await sealRequest(ctx.profile, clientDataFor(ctx.config, fakerFor(ctx.seed), true))),
  },
  fixtures: {
    [SUCCESS]: {
      what: () => "the registration of a client from the configured client data",
      see: "CLIENT_DATA_FILE (the client data inside encrypted_data)",
    },
  },
  checks: [
    ...successChecks(op, "§2.1", { http200: "PT-BIZ-HTTP-200", json: "PT-BIZ-JSON", schema: "PT-BIZ-SCHEMA" }),
    successValue(op, { id: "PT-BIZ-STATE", path: ["state"], expected: true, spec: "§2.1" }),
    successValue(op, { id: "PT-BIZ-STATUS-NEW", path: ["payload", "status"], expected: "new", spec: "§3" }),
    fieldForm(op, {
      id: "PT-BIZ-RESPONSE-TIME",
      path: ["response_time"],
      def: "timestampUtcFraction",
      spec: "§2.1",
      what: "an ISO 8601 UTC timestamp with fractional seconds ending in Z",
    }),
    responseSignatureVerifies,
    eachRegistrationIsAProfileOfItsOwn,
    ...authChecks,
    ...generatedChecks(op, "§2.1", casesFor, {
      positive: "PT-BIZ-POSITIVE",
      negative: "PT-BIZ-NEGATIVE",
      no5xx: "PT-BIZ-NO-5XX",
    }),
    latencyBudget(op, { id: "PT-BIZ-LATENCY-BUDGET" }),
  ],
});
