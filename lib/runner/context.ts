/**
 * Builds what a run shares from configuration: the crypto profile, the target (with its guard and
 * its pace), the validators. Asynchronous because CRYPTO_PROFILE may name a user module, which is
 * imported (once per context). The run-wide limits come from the CLI's hand-off (run-limits.ts).
 */
import type { RunContext } from "../checks/types.ts";
import type { Config } from "../config/load.ts";
import { loadProfile, type CryptoProfile, type ProfileKeys } from "../crypto/index.ts";
import { HttpClient } from "../http/client.ts";
import { Pace } from "../http/pace.ts";
import { Target } from "../http/target.ts";
import { debitRangeOf } from "../checks/debit-amounts.ts";
import { redactor } from "../redaction/redact.ts";
import { validators } from "../validation/registry.ts";
import { createGuard } from "./guard.ts";
import { currentRunLimits, debitBudgetOf, type RunLimits } from "./run-limits.ts";

/** The partner's side of the keys: what the harness signs, encrypts and verifies with. */
export function profileKeysOf(config: Config): ProfileKeys {
  return {
    partnerSigningKey: config.partner.signingKey,
    platformSigningKey: config.partner.platformSigningKey,
    encryptionKey: config.partner.encryptionKey,
    partnerPrivateKey: config.partner.privateKey,
    platformPublicKey: config.partner.platformPublicKey,
  };
}

/** The configured profile; a ConfigError naming CRYPTO_PROFILE when it cannot be loaded. */
export function loadConfiguredProfile(config: Config): Promise<CryptoProfile> {
  return loadProfile(config.partner.cryptoProfile, profileKeysOf(config));
}

export async function createRunContext(config: Config, limits: RunLimits = currentRunLimits(config)): Promise<RunContext> {
  redactor.addSecrets(config.secrets);
  const profile = await loadConfiguredProfile(config);
  const pace = new Pace({ rps: limits.rps, concurrency: limits.concurrency, deadlineAt: limits.deadlineAt });
  const client = new HttpClient({ timeoutMs: config.run.requestTimeoutMs, connections: limits.concurrency, pace });
  const guard = createGuard(config.safety, debitBudgetOf(limits));
  const target = new Target(config, profile, client, guard);
  return { config, target, validators: validators(), debitAmounts: () => debitRangeOf(config, target) };
}
