/** Checks specific to §4.4 limits list. */
import { defineCheck } from "../../lib/checks/define.ts";
import { requireSchema, requireSuccessBody } from "../../lib/checks/response.ts";
import { LIMITS_LIST } from "../../lib/catalogue/index.ts";

/** Scenario names of the object kinds other than the card (the card is the success scenario). */
export const OBJECT_KIND_SCENARIOS = ["account", "client"] as const;

export const limitsListedForEveryObjectKind = defineCheck({
  id: "CARD-LIM-OBJECT-KINDS", level: "must", spec: "§2.4",
  title: "Limits list: the limits of an account and of a client are listed too",
  description: "§1 and §2.4: the object whose limits are listed is a card, an account or a client.",
  async run(ctx) {
    for (const kind of OBJECT_KIND_SCENARIOS) {
      // Only the limits object: the envelope (status, dt) is checked once, on the card's answer.
      const { limits } = requireSuccessBody(await ctx.scenario(kind));
      requireSchema(ctx.validators, `${LIMITS_LIST.responseSchema!}#/properties/limits`, limits, `limits of the ${kind}`);
    }
  },
});
