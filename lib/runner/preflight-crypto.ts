/**
 * The preflight's crypto round trip: the configured profile signs, verifies and round-trips with
 * the configured keys — as far as it says it can (canVerify, canDecrypt: a public-key scheme seals
 * client data for the platform's key and cannot open it, and may hold no key to verify its own
 * signatures). A failure is exit 2 naming CRYPTO_PROFILE and the variables the profile reads (its
 * own `variables`, then the standard keys it read: lib/crypto/key-variables.ts), never others.
 */
import type { RunContext } from "../checks/types.ts";
import { variablesText } from "../crypto/key-variables.ts";
import { PreflightProblem } from "./preflight-problem.ts";

/**
 * Checks what the profile can do; returns, one line each, what it cannot — so what goes unchecked,
 * and what shows it instead. No check reports these later: they are said here as what they are.
 */
export async function checkProfileWorks(run: RunContext): Promise<string[]> {
  const { profile } = run.target;
  const sample = { preflight: true };
  const cannot: string[] = [];
  const named = `profile "${profile.name}"`;
  try {
    const signature = await profile.sign(sample, "partner");
    if (profile.canVerify?.("partner") === false)
      cannot.push(
        `${named} holds no key to verify its own signatures (canVerify("partner") is false): the preflight signed but did not verify; the target's answers to the signed requests show whether it accepts them`,
      );
    else if (!(await profile.verify(sample, signature, "partner")))
      throw new Error("a fresh signature does not verify");
    const sealed = await profile.encrypt(sample);
    if (profile.canDecrypt?.() === false)
      cannot.push(
        `${named} cannot decrypt what it seals for the platform (canDecrypt() is false): the preflight sealed client data but did not open it; the target's answer to the registration shows whether it opens`,
      );
    else if (JSON.stringify(await profile.decrypt(sealed)) !== JSON.stringify(sample))
      throw new Error("decrypt(encrypt(x)) is not x");
  } catch (error) {
    const reads = variablesText(profile.keyVariables?.() ?? []);
    throw new PreflightProblem(
      `preflight: CRYPTO_PROFILE "${run.config.partner.cryptoProfile}" (profile "${profile.name}") does not work with ${reads}: ${(error as Error).message}`,
    );
  }
  if (profile.canVerify?.("platform") === false)
    cannot.push(
      `${named} holds no key to verify the platform's signatures (canVerify("platform") is false): response signatures are not verified; the check of them is skipped (not applicable)`,
    );
  return cannot;
}
