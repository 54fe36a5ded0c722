/** Limits list requests (§2.4) for the objects of the payment fixture: card, account, client. */
import type { Config } from "../../lib/config/load.ts";
import { freshRequestId } from "../faker.ts";

export type LimitObjectKind = "card" | "account" | "client";

export function limitsObjectValue(config: Config, kind: LimitObjectKind): string {
  const fx = config.fixtures.payment;
  return kind === "card" ? fx.cardId : kind === "account" ? fx.accountNumber : fx.clientId;
}

export function limitsRequest(config: Config, kind: LimitObjectKind = "card") {
  return { request_id: freshRequestId(), object: { type: kind, value: limitsObjectValue(config, kind) } };
}
