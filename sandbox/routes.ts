/** The documented operations the sandbox serves, all on one port (§4.1–§4.4). */
import { CARD_STATEMENT, CREATE_TRANSACTION, LIMITS_LIST, REGISTER_BUSINESS, type Operation } from "../lib/catalogue/index.ts";
import type { SandboxEnv } from "./env.ts";
import { limitsList } from "./handlers/limits-list.ts";
import { registerBusiness } from "./handlers/register-business.ts";
import { statement } from "./handlers/statement.ts";
import { transactionCreate } from "./handlers/transaction-create.ts";
import { randomUUID } from "node:crypto";
import { nowWithOffset, ok, type SandboxRequest, type SandboxResponse } from "./protocol.ts";

export type Handler = (req: SandboxRequest, env: SandboxEnv) => SandboxResponse | Promise<SandboxResponse>;

export interface Route { operation: Operation; handler: Handler }

export const ROUTES = new Map<string, Route>(
  [
    { operation: REGISTER_BUSINESS, handler: registerBusiness },
    { operation: CARD_STATEMENT, handler: statement },
    { operation: CREATE_TRANSACTION, handler: transactionCreate },
    { operation: LIMITS_LIST, handler: limitsList },
  ].map((route) => [route.operation.path!, route]),
);

/** The documented success answer of an operation, empty of data: what a target that accepts anything says. */
export function acceptedAnyway(route: Route): SandboxResponse {
  const card = { status: "ok", request_status: "success", dt: nowWithOffset() };
  switch (route.operation.key) {
    case REGISTER_BUSINESS.key:
      return ok({ state: true, response_time: new Date().toISOString(), payload: { client_uuid: randomUUID(), status: "new" } });
    case CARD_STATEMENT.key:
      return ok({ ...card, operations: [] });
    case LIMITS_LIST.key:
      return ok({ ...card, limits: { product: [], card: [] } });
    default:
      return ok(card);
  }
}
