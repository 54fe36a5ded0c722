/** The fixture requests the preflight sends (lib/runner/preflight-probes.ts), built by the suites' own generators. */
import type { ProbeRequests } from "../lib/checks/kit.ts";
import { limitsRequest } from "../generators/card-api/limits.ts";
import { seededStatementRequest, statementRequest } from "../generators/card-api/statement.ts";
import { debitRequest } from "../generators/card-api/transaction.ts";
import { fakerFor } from "../generators/faker.ts";
import { clientDataFor } from "../generators/partner-transfer-api/client-data.ts";

export const PREFLIGHT_REQUESTS: ProbeRequests = {
  statement: seededStatementRequest,
  limits: (config) => limitsRequest(config, "card"),
  paymentStatement: (config, period) => statementRequest(config.fixtures.payment.cardId, period, config),
  debit: (config, minor) => debitRequest(fakerFor(config.run.seed), config, { minor }),
  // Records get fresh identities ({{fresh:…}}); generated data is Latin-only, so the probe tests the fixture, not the charset.
  registration: (config) => clientDataFor(config, fakerFor(config.run.seed), true),
};
