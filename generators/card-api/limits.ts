/** Limits list requests (§2.4) for the objects of the payment fixture: card, account, client. */
import { LIMITS_LIST } from "../../lib/catalogue/index.ts";
import type { Config } from "../../lib/config/load.ts";
import type { ObjectKind } from "../../lib/payments/kinds.ts";
import { freshRequestId } from "../faker.ts";
import { obeyDeclared } from "../cases/request-rules.ts";

export function limitsObjectValue(config: Config, kind: ObjectKind): string {
  const fx = config.fixtures.payment;
  return kind === "card" ? fx.cardId : kind === "account" ? fx.accountNumber : fx.clientId;
}

/** The `object` of a limits request: the configured wire name of the kind (LIMIT_OBJECT_TYPES) and its value. */
export function limitsObject(config: Config, kind: ObjectKind, value = limitsObjectValue(config, kind)) {
  return { type: config.cardApi.objectTypes[kind], value };
}

/** The limits of an object (of the payment fixture unless `value` names another), obeying the rules the target declares (REQUEST_RULES_FILE). */
export function limitsRequest(config: Config, kind: ObjectKind = "card", value = limitsObjectValue(config, kind)) {
  return obeyDeclared(config, LIMITS_LIST.key, {
    request_id: freshRequestId(),
    object: limitsObject(config, kind, value),
  });
}
