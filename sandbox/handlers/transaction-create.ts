/**
 * §4.3 create transaction: a debit of a sandbox card. Synchronous from the limit check to the
 * posting (one event-loop turn), so concurrent debits of one card — and of one limit — are
 * serialized and cannot pass a limit together. Idempotent on request_id: the same body replays the original answer, another
 * body with the same id is rejected.
 */
import { createHash } from "node:crypto";
import { canonicalJson } from "../../lib/crypto/default-profile.ts";
import { luhnValid } from "../../lib/test-data/luhn.ts";
import { servedByOldBuild, validateRequest, type SandboxEnv } from "../env.ts";
import { DEBIT_MCC, limitsForCard, usageMinor } from "../limits.ts";
import { magicDebit } from "../magic.ts";
import { nowWithOffset, ok, reject, type SandboxRequest, type SandboxResponse } from "../protocol.ts";
import { SANDBOX_CARDS, type SandboxCard } from "../../lib/test-data/published.ts";
import { requireCardDataOfCard, type CardRef, type PartyRefs } from "../rules/card-data.ts";
import { requireMoneyFits } from "../rules/money.ts";

interface Party extends PartyRefs {
  amount: number;
  currency: string;
}
interface TransactionRequest {
  request_id: string;
  transaction: { order_id: string; type: string };
  debit: Party;
  credit: Party;
}

function resolveCard(env: SandboxEnv, party: PartyRefs): SandboxCard {
  const ref: CardRef | undefined = party.card;
  if (!ref) return reject(400, "INVALID_REQUEST", "debit.card is required: the sandbox debits cards");
  if (ref.card_pan !== undefined && !luhnValid(ref.card_pan))
    reject(400, "INVALID_REQUEST", "card_pan fails the Luhn check");
  const byId = ref.card_id !== undefined ? env.ledger.cardById(ref.card_id) : undefined;
  const byPan = ref.card_pan !== undefined ? env.ledger.cardByPan(ref.card_pan) : undefined;
  const fallback = env.hooks.unknownCardAsPaymentCard ? env.ledger.cardById(SANDBOX_CARDS.payment.cardId) : undefined;
  const card = byId ?? byPan ?? fallback ?? reject(404, "CARD_NOT_FOUND", "no such card");
  if (card !== byId && card !== byPan) return card;
  requireCardDataOfCard(env, party, card, byId, byPan);
  return card;
}

function checkLimits(env: SandboxEnv, card: SandboxCard, minor: number): void {
  const { enforcesMinimums, enforcesCumulativeLimits, enforcesMaximums, maximumInclusive } = env.hooks;
  for (const limit of limitsForCard(env.ledger, card)) {
    if (enforcesMinimums && minor < limit.minMinor)
      reject(422, "BELOW_MINIMUM", `amount is below the minimum of limit ${limit.id}`);
    const max = limit.maxMinor;
    if (enforcesMaximums && max !== undefined && (maximumInclusive ? minor > max : minor >= max))
      reject(422, "LIMIT_EXCEEDED", `amount is over the per-debit maximum of limit ${limit.id}`);
    if (enforcesCumulativeLimits && usageMinor(env.ledger, limit, env.now()) + minor > limit.totalMinor)
      reject(422, "LIMIT_EXCEEDED", `limit ${limit.id} would be exceeded`);
  }
}

export function transactionCreate(req: SandboxRequest, env: SandboxEnv): SandboxResponse | Promise<SandboxResponse> {
  const body = validateRequest<TransactionRequest>(env, "card-api/transaction-request.schema.json", req.body);
  const fingerprint = createHash("sha256").update(canonicalJson(body)).digest("hex");
  const seen = env.ledger.idempotency.get(body.request_id);
  const replay = seen?.fingerprint === fingerprint;
  if (seen && !(replay ? env.hooks.replayPostsAgain : env.hooks.reusedIdPostsAgain)) {
    if (replay) return structuredClone(seen.response);
    reject(409, "DUPLICATE_REQUEST", "request_id was already used with another body");
  }
  if (body.transaction.type !== "debit")
    reject(422, "UNSUPPORTED_TYPE", `transaction.type "${body.transaction.type}" is not supported`);
  if (body.debit.currency !== "KZT")
    reject(422, "UNSUPPORTED_CURRENCY", `currency ${body.debit.currency} is not supported`);
  const card = resolveCard(env, body.debit);
  const minor = requireMoneyFits(env, body);
  if (minor > env.hooks.largestDebitMinor)
    reject(422, "DECLINED", `amounts over ${(env.hooks.largestDebitMinor / 100).toFixed(2)} are refused`);
  const magic = magicDebit(card.cardId, minor);
  checkLimits(env, card, minor);
  // An older build (fault-hooks.ts) wrote dt in UTC, without the platform's offset.
  const dt = servedByOldBuild(env, "transaction") ? new Date(env.now()).toISOString() : nowWithOffset(env.now());
  const response = { ...ok({ status: "ok", request_status: "success", dt }), ...magic };
  env.ledger.idempotency.set(body.request_id, { fingerprint, response: structuredClone(response) });
  // Time between the limit check and the posting opens the check-then-act race (fault-hooks.ts).
  if (env.hooks.postingDelayMs > 0) {
    return new Promise((resolve) =>
      setTimeout(() => resolve((postDebit(env, body.request_id, card, minor), response)), env.hooks.postingDelayMs),
    );
  }
  postDebit(env, body.request_id, card, minor);
  return response;
}

function postDebit(env: SandboxEnv, requestId: string, card: SandboxCard, minor: number): void {
  if (env.hooks.losesPosting(minor)) return;
  env.ledger.post({
    requestId,
    cardId: card.cardId,
    type: "debit",
    amountMinor: minor,
    commissionMinor: 0,
    currency: "KZT",
    at: env.now(),
    ...(env.hooks.postingShowsAfterMs > 0 ? { shownAt: env.now() + env.hooks.postingShowsAfterMs } : {}),
    rrn: String(Math.floor(Math.random() * 1e12)).padStart(12, "0"),
    mcc: DEBIT_MCC,
    merchant: {
      name: "SANDBOX TRANSFER",
      country: "KAZ",
      address_line1: "Sandbox st 1",
      postal_code: "050000",
      url: "",
    },
  });
}
