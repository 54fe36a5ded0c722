/**
 * Unknown cards, accounts and clients (should level: errors are not shown, §7): a request about
 * an object the target does not know is refused, or answered with nothing — never with another
 * object's data, and a debit of an unknown card is never accepted.
 */
import {
  answerKind,
  type CheckContext,
  defineCheck,
  describeAnswer,
  fail,
  jsonObject,
  requireAnswer,
  rulesRead,
  UNKNOWN_CARD_READS,
} from "../../lib/checks/kit.ts";
import { randomUUID } from "node:crypto";
import { CARD_STATEMENT, CREATE_TRANSACTION, LIMITS_LIST } from "../../lib/catalogue/index.ts";
import { seededStatementRequest } from "../../generators/card-api/statement.ts";
import { debitRequest } from "../../generators/card-api/transaction.ts";
import { limitsRequest } from "../../generators/card-api/limits.ts";
import { requireRefusalJudges } from "../generic/case-basis.ts";
import { requireValidAccepted } from "../generic/success.ts";
import { OBJECT_KINDS } from "../../lib/payments/kinds.ts";
import type { Faker } from "@faker-js/faker";
import { fakerFor, testPan } from "../../generators/faker.ts";

export const statementOfUnknownCard = defineCheck({
  id: "CARD-STMT-UNKNOWN-CARD",
  // A refusal for breaking a declared rule does not judge it (requireRefusalJudges).
  reads: [rulesRead(CARD_STATEMENT)],
  level: "should",
  spec: "§4.2",
  basis: "spec",
  title: "Card statement: an unknown card gets no operations (refused, or an empty list)",
  async run(ctx) {
    // A refusal judges the unknown card only if the known card's statement is answered (else: not judged).
    await requireValidAccepted(ctx);
    const exchange = await ctx.send(CARD_STATEMENT, { ...seededStatementRequest(ctx.config), card_id: randomUUID() });
    requireAnswer(exchange);
    requireRefusalJudges(CARD_STATEMENT, exchange, ctx);
    const operations = jsonObject(exchange)?.operations;
    if (answerKind(exchange) === "success" && Array.isArray(operations) && operations.length > 0) {
      fail("accepted-invalid", `an unknown card_id was answered with ${operations.length} operation(s)`);
    }
  },
});

export const limitsOfUnknownObjects = defineCheck({
  id: "CARD-LIM-UNKNOWN-OBJECT",
  reads: [rulesRead(LIMITS_LIST)],
  level: "should",
  spec: "§4.4",
  basis: "spec",
  title: "Limits list: an unknown card, account or client gets no limits (refused, or empty groups)",
  async run(ctx) {
    // A refusal judges an unknown object only if the payment card's limits are answered (else: not judged).
    await requireValidAccepted(ctx);
    for (const kind of OBJECT_KINDS) {
      const exchange = await ctx.send(LIMITS_LIST, limitsRequest(ctx.config, kind, `UNKNOWN-${randomUUID()}`));
      requireAnswer(exchange);
      requireRefusalJudges(LIMITS_LIST, exchange, ctx);
      const records = limitRecordCount(jsonObject(exchange)?.limits);
      if (answerKind(exchange) === "success" && records > 0)
        fail("accepted-invalid", `an unknown ${kind} was answered with ${records} limit record(s)`);
    }
  },
});

export const debitOfUnknownCardRefused = defineCheck({
  id: "CARD-TXN-UNKNOWN-CARD",
  reads: [...UNKNOWN_CARD_READS, rulesRead(CREATE_TRANSACTION)],
  level: "should",
  spec: "§4.3",
  basis: "spec",
  title: "Create transaction: a debit of an unknown card is refused",
  description:
    "A card id and a PAN no fixture has (UNKNOWN_CARD_PAN, or a random Luhn-valid one against a sandbox): accepting the debit would post it somewhere.",
  async run(ctx) {
    const f = fakerFor(ctx.seed);
    const pan = unknownPan(ctx, f);
    // A refusal judges the unknown card only if the fixture debit is accepted (else: not judged).
    await requireValidAccepted(ctx);
    // An amount the target allows, so that a refusal is about the card, not the amount.
    const body = debitRequest(f, ctx.config, { minor: (await ctx.debitAmounts()).fixedMinor });
    Object.assign(body.debit.card, { card_id: randomUUID(), card_pan: pan });
    const exchange = await ctx.send(CREATE_TRANSACTION, body, { intent: "refusal" });
    requireAnswer(exchange);
    requireRefusalJudges(CREATE_TRANSACTION, exchange, ctx);
    if (answerKind(exchange) === "success")
      fail("accepted-invalid", `${describeAnswer(exchange)}: a debit of an unknown card was accepted`);
  },
});

/**
 * The card number to debit: the one the target declares unknown, or against a sandbox a random one.
 * Elsewhere only listed test cards are sent (TEST_PANS), and a random number is never listed.
 */
function unknownPan(ctx: CheckContext, f: Faker): string {
  const declared = ctx.config.fixtures.unknownCardPan;
  if (declared) return declared;
  const { targetEnv, allowMutations } = ctx.config.safety;
  // On production without ALLOW_MUTATIONS no debit is sent at all: the guard says so, the more basic reason.
  if (targetEnv === "sandbox" || (targetEnv === "production" && !allowMutations)) return testPan(f, "400000");
  return ctx.notJudged(
    `no card number the target has no card for is declared (TARGET_ENV=${targetEnv} sends only TEST_PANS)`,
    "UNKNOWN_CARD_PAN",
  );
}

/** Records in the groups of a limits object; members that are not arrays are not groups (§2.4 leaves others open). */
function limitRecordCount(limits: unknown): number {
  if (!limits || typeof limits !== "object") return 0;
  return Object.values(limits).reduce((n: number, group) => n + (Array.isArray(group) ? group.length : 0), 0);
}
