/**
 * The documented operations the sandbox serves, all on one port (§4.1–§4.4). Its own table, not
 * the harness's catalogue: the two sides read the spec separately, so a wrong path shows up.
 */
import { randomUUID } from "node:crypto";
import type { SandboxEnv } from "./env.ts";
import { limitsList } from "./handlers/limits-list.ts";
import { registerBusiness } from "./handlers/register-business.ts";
import { statement } from "./handlers/statement.ts";
import { transactionCreate } from "./handlers/transaction-create.ts";
import { nowWithOffset, ok, type SandboxRequest, type SandboxResponse } from "./protocol.ts";

export type Handler = (req: SandboxRequest, env: SandboxEnv) => SandboxResponse | Promise<SandboxResponse>;

/** What the sandbox knows of an operation: its path, its family (which error envelope) and its key (for faults). */
export interface SandboxOperation {
  key: string;
  family: "card-api" | "partner-transfer-api";
  path: string;
}

export interface Route {
  operation: SandboxOperation;
  handler: Handler;
}

const REGISTER_BUSINESS: SandboxOperation = {
  key: "partner-transfer-api.register-business",
  family: "partner-transfer-api",
  path: "/v5/partner/transfer/business/create",
};
const CARD_STATEMENT: SandboxOperation = {
  key: "card-api.statement",
  family: "card-api",
  path: "/v5/card-api/card/statement",
};
const CREATE_TRANSACTION: SandboxOperation = {
  key: "card-api.transaction-create",
  family: "card-api",
  path: "/v5/card-api/transaction/create",
};
const LIMITS_LIST: SandboxOperation = {
  key: "card-api.limits-list",
  family: "card-api",
  path: "/v5/card-api/limits/list",
};

export const ROUTES = new Map<string, Route>(
  [
    { operation: REGISTER_BUSINESS, handler: registerBusiness },
    { operation: CARD_STATEMENT, handler: statement },
    { operation: CREATE_TRANSACTION, handler: transactionCreate },
    { operation: LIMITS_LIST, handler: limitsList },
  ].map((route) => [route.operation.path, route]),
);

/** The documented success answer of an operation, empty of data: what a target that accepts anything says. */
export function acceptedAnyway(route: Route): SandboxResponse {
  const card = { status: "ok", request_status: "success", dt: nowWithOffset() };
  switch (route.operation.key) {
    case REGISTER_BUSINESS.key:
      return ok({
        state: true,
        response_time: new Date().toISOString(),
        payload: { client_uuid: randomUUID(), status: "new" },
      });
    case CARD_STATEMENT.key:
      return ok({ ...card, operations: [] });
    case LIMITS_LIST.key:
      return ok({ ...card, limits: { product: [], card: [] } });
    default:
      return ok(card);
  }
}
