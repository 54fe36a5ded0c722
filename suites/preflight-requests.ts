/** The fixture reads the preflight sends (lib/runner/preflight-probes.ts), built by the suites' own generators. */
import type { ProbeRequests } from "../lib/runner/preflight-probes.ts";
import { limitsRequest } from "../generators/card-api/limits.ts";
import { seededStatementRequest } from "../generators/card-api/statement.ts";

export const PREFLIGHT_REQUESTS: ProbeRequests = {
  statement: seededStatementRequest,
  limits: (config) => limitsRequest(config, "card"),
};
