/** Checks specific to §4.1 register business client. */
import {
  at,
  defineCheck,
  fail,
  requireSuccessBody,
  sealRequest,
  shorten,
  unsignedPart,
  usesPublishedPlatformKey,
  variablesText,
} from "../../lib/checks/kit.ts";
import { SUCCESS } from "../generic/success.ts";
import { REGISTER_BUSINESS } from "../../lib/catalogue/index.ts";
import { fakerFor } from "../../generators/faker.ts";
import { clientDataFor } from "../../generators/partner-transfer-api/client-data.ts";

export const responseSignatureVerifies = defineCheck({
  id: "PT-BIZ-SIGNATURE",
  level: "must",
  spec: "§5",
  // declared: the signature algorithm is the configured profile (CRYPTO_PROFILE, §5: not shown)
  basis: "declared",
  title: "Register business client: the response signature verifies under the configured profile",
  description:
    "§2.1 and §5: responses carry a signature. The algorithm is not shown, so it is verified with the " +
    "configured CRYPTO_PROFILE and its platform key; without one the check is not applicable. A failure under the " +
    "sandbox's published key says so: against a real target it usually means the target's key was not set.",
  async run(ctx) {
    const profile = ctx.profile;
    // A capability the profile lacks is not applicable (skipped, saying so), never a failure or a pass.
    if (profile.canVerify?.("platform") === false)
      ctx.notApplicable(
        "capability missing",
        `profile "${profile.name}" holds no key to verify the platform's signatures (canVerify("platform") is false; it reads ${variablesText(profile.keyVariables?.() ?? [])}): the response signature cannot be verified`,
      );
    const body = requireSuccessBody(await ctx.scenario(SUCCESS));
    const { signature } = body;
    if (typeof signature !== "string") fail("auth", "the response has no signature field");
    if (!(await profile.verify(unsignedPart(body), signature, "platform"))) {
      const hint = usesPublishedPlatformKey(ctx.config, profile.name)
        ? " (the platform key is the reference sandbox's published one: set the target's, PLATFORM_SIGNING_KEY / PLATFORM_PUBLIC_KEY)"
        : "";
      fail("auth", `signature ${shorten(signature)} does not verify under profile "${profile.name}"${hint}`);
    }
  },
});

export const eachRegistrationIsAProfileOfItsOwn = defineCheck({
  id: "PT-BIZ-UNIQUE-CLIENT",
  level: "should",
  spec: "§1",
  basis: "spec",
  title: "Register business client: a second, different client gets a client_uuid of its own",
  description:
    "§1: registration creates a unique business client profile. Two registrations of different clients must not share a client_uuid (should: the spec states the purpose, not the identifier's rule).",
  async run(ctx) {
    const first = at(requireSuccessBody(await ctx.scenario(SUCCESS)), ["payload", "client_uuid"]);
    const data = clientDataFor(ctx.config, fakerFor(ctx.seed + 1), true);
    const second = await ctx.send(REGISTER_BUSINESS, await sealRequest(ctx.profile, data));
    const uuid = at(requireSuccessBody(second), ["payload", "client_uuid"]);
    if (typeof first !== "string" || typeof uuid !== "string")
      ctx.notJudged("a registration answer has no client_uuid (the schema check reports it)");
    if (uuid === first) fail("value", `two different clients were both given client_uuid ${uuid}`);
  },
});
