/** §4.4 limits list: every active limit of a card, account or client, with current usage. */
import { nthServed, validateRequest, type SandboxEnv } from "../env.ts";
import type { LimitDefinition, ObjectKind } from "../ledger.ts";
import { cardsOf, formatMinor, usageMinor } from "../limits.ts";
import { nowWithOffset, ok, reject, type SandboxRequest, type SandboxResponse } from "../protocol.ts";
import { SANDBOX_CARDS } from "../../lib/test-data/published.ts";
import { limitsObjectOf } from "../rules/references.ts";

interface LimitsRequest {
  request_id: string;
  object: { type: string; value: string };
}

const KINDS: readonly string[] = ["card", "account", "client"];

function amountLimit(type: string, value: number, used: number, skew: number, currency: string) {
  return {
    type,
    value: formatMinor(value),
    current: formatMinor(used),
    remaining: formatMinor(value - used + skew),
    currency,
  };
}

function limitRecord(env: SandboxEnv, l: LimitDefinition) {
  const current = env.hooks.frozenUsage
    ? 0
    : usageMinor(env.ledger, l, env.now(), env.hooks.usageCountsEveryCard, true);
  const skew = env.hooks.remainingSkewMinor;
  return {
    id: l.id,
    mcc: l.mcc,
    transaction_type: l.transactionType,
    region: l.region,
    period: "day",
    amount: [
      minimum(env, amountLimit("min", l.minMinor, 0, skew, l.currency)),
      ...(l.maxMinor === undefined ? [] : [amountLimit("max", l.maxMinor, 0, skew, l.currency)]),
      amountLimit("total", l.totalMinor, current, skew, l.currency),
    ],
  };
}

function minimum(env: SandboxEnv, limit: ReturnType<typeof amountLimit>) {
  // A minimum's usage is always zero; a deviation may write it otherwise (fault-hooks.ts).
  const usage = env.hooks.minimumUsageText;
  return usage === undefined ? limit : { ...limit, current: usage };
}

export function limitsList(req: SandboxRequest, env: SandboxEnv): SandboxResponse {
  const body = validateRequest<LimitsRequest>(env, "card-api/limits-request.schema.json", req.body);
  const { type, value } = body.object;
  if (!KINDS.includes(type)) reject(400, "INVALID_REQUEST", `object.type "${type}" is not card, account or client`);
  const kind = type as ObjectKind;
  if (kind !== "card" && env.hooks.limitsOnlyForCards) reject(400, "INVALID_REQUEST", "only cards have limits");
  let [objectKind, objectValue] = limitsObjectOf(env, kind, value);
  if (cardsOf(env.ledger, objectKind, objectValue).length === 0) {
    if (!env.hooks.unknownObjectAsPaymentCard) reject(404, "OBJECT_NOT_FOUND", `no such ${kind}`);
    [objectKind, objectValue] = ["card", SANDBOX_CARDS.payment.cardId];
  }
  const mine = env.ledger.limits.filter((l) => l.object.kind === objectKind && l.object.value === objectValue);
  const limits: Record<string, unknown[]> = { product: [], card: [] };
  for (const l of mine) (limits[l.group] ??= []).push(limitRecord(env, l));
  // Read again, every second reading lists one more record (fault-hooks.ts): a minimum the others already imply.
  if (env.hooks.rereadLimitsChange && nthServed(env, `limits:${objectKind}:${objectValue}`) % 2 === 0)
    limits.card!.push(REREAD_RECORD);
  return ok({ status: "ok", request_status: "success", dt: nowWithOffset(env.now()), limits });
}

/** A well-formed minimum of 1.00 (the sandbox's smallest): it changes the set of records, nothing a debit meets. */
const REREAD_RECORD = {
  id: "LIM-REREAD",
  mcc: "6012",
  transaction_type: "pay",
  region: "KAZ",
  period: "day",
  amount: [amountLimit("min", 100, 0, 0, "KZT")],
};
