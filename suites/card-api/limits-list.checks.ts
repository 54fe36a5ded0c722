/** Checks specific to §4.4 limits list. */
import {
  answerKind,
  defineCheck,
  describeAnswer,
  fail,
  requireSchema,
  requireSuccessBody,
} from "../../lib/checks/kit.ts";
import { LIMITS_LIST } from "../../lib/catalogue/index.ts";
import { SUCCESS } from "../generic/success.ts";

/** Scenario names of the object kinds other than the card (the card is the success scenario). */
export const OBJECT_KIND_SCENARIOS = ["account", "client"] as const;

export const limitsListedForEveryObjectKind = defineCheck({
  id: "CARD-LIM-OBJECT-KINDS",
  level: "must",
  spec: "§2.4",
  basis: "spec",
  title: "Limits list: the limits of an account and of a client are listed too",
  description:
    "§1 and §2.4: the object whose limits are listed is a card, an account or a client (their object.type values: LIMIT_OBJECT_TYPES; only card is shown).",
  async run(ctx) {
    for (const kind of OBJECT_KIND_SCENARIOS) {
      // Our fixture (PAYMENT_ACCOUNT_NUMBER, PAYMENT_CLIENT_ID, LIMIT_OBJECT_TYPES) refused for a business
      // reason leaves the check not judged, as any refused scenario does (lib/checks/precondition.ts).
      const exchange = await ctx.scenario(kind);
      // The success signal and the limits object: the rest of the envelope (dt, its forms) is
      // checked once, on the card's answer.
      const { limits } = requireSuccessBody(exchange);
      if (answerKind(exchange) !== "success")
        fail("value", `the limits of the ${kind} were not listed: ${describeAnswer(exchange)}`);
      requireSchema(
        ctx.validators,
        `${LIMITS_LIST.responseSchema!}#/properties/limits`,
        limits,
        `limits of the ${kind}`,
      );
    }
  },
});

/** The groups §2.4 shows in the limits object. */
const SHOWN_GROUPS = ["product", "card"];

export const limitsGroupsAsShown = defineCheck({
  id: "CARD-LIM-GROUPS",
  level: "info",
  spec: "§2.4",
  basis: "spec",
  title: "Limits list: the limits object holds only the groups §2.4 shows (product, card)",
  description:
    "An observation, never a failure: other groups are tolerated (the spec does not say the list is closed), but a reader of the report learns that the target has them: their records are not validated against the limit-record schema, while their amount limits count like the others' for the debit amounts and the ledger checks.",
  async run(ctx) {
    const { limits } = requireSuccessBody(await ctx.scenario(SUCCESS));
    const groups = limits && typeof limits === "object" ? Object.keys(limits) : [];
    const other = groups.filter((g) => !SHOWN_GROUPS.includes(g));
    if (other.length)
      fail(
        "value",
        `the limits object has group(s) §2.4 does not show: ${other.join(", ")} (tolerated: their records are not schema-checked; their amount limits count for the debit amounts and the ledger checks)`,
      );
  },
});
