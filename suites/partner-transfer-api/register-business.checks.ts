/** Checks specific to §4.1 register business client. */
import { defineCheck } from "../../lib/checks/define.ts";
import { fail } from "../../lib/checks/failure.ts";
import { SUCCESS } from "../../lib/checks/generic/success.ts";
import { requireSuccessBody } from "../../lib/checks/response.ts";
import { unsignedPart } from "../../lib/crypto/envelope.ts";
import { shorten } from "../../lib/redaction/redact.ts";

export const responseSignatureVerifies = defineCheck({
  id: "PT-BIZ-SIGNATURE", level: "must", spec: "§5",
  title: "Register business client: the response signature verifies under the configured profile",
  description:
    "§2.1 and §5: responses carry a signature. The algorithm is not shown, so it is verified with the " +
    "configured CRYPTO_PROFILE and its platform key; without one the check is skipped.",
  async run(ctx) {
    const profile = ctx.target.profile;
    if (profile.canVerify?.("platform") === false) ctx.skip(`profile "${profile.name}" holds no platform key (PLATFORM_SIGNING_KEY / PLATFORM_PUBLIC_KEY): the response signature cannot be verified`);
    const body = requireSuccessBody(await ctx.scenario(SUCCESS));
    const { signature } = body;
    if (typeof signature !== "string") fail("auth", "the response has no signature field");
    if (!(await profile.verify(unsignedPart(body), signature, "platform"))) {
      fail("auth", `signature ${shorten(signature)} does not verify under profile "${profile.name}"`);
    }
  },
});
