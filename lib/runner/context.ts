/** Builds what a run shares from configuration: the crypto profile, the target, the validators. */
import type { RunContext } from "../checks/types.ts";
import type { Config } from "../config/load.ts";
import { createProfile } from "../crypto/index.ts";
import { HttpClient } from "../http/client.ts";
import { Target } from "../http/target.ts";
import { redactor } from "../redaction/redact.ts";
import { validators } from "../validation/registry.ts";

export function createRunContext(config: Config): RunContext {
  redactor.addSecrets(config.secrets);
  const profile = createProfile(config.partner.cryptoProfile, {
    partnerSigningKey: config.partner.signingKey,
    platformSigningKey: config.partner.platformSigningKey,
    encryptionKey: config.partner.encryptionKey,
  });
  const client = new HttpClient({ timeoutMs: config.run.requestTimeoutMs });
  return { config, target: new Target(config, profile, client), validators: validators() };
}
