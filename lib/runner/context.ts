/**
 * Builds what a run shares from configuration: the crypto profile, the target (with its guard and
 * its pace), the validators. The run-wide limits come from the CLI's hand-off (run-limits.ts).
 */
import type { RunContext } from "../checks/types.ts";
import type { Config } from "../config/load.ts";
import { createProfile } from "../crypto/index.ts";
import { HttpClient } from "../http/client.ts";
import { Pace } from "../http/pace.ts";
import { Target } from "../http/target.ts";
import { redactor } from "../redaction/redact.ts";
import { validators } from "../validation/registry.ts";
import { createGuard } from "./guard.ts";
import { currentRunLimits, debitBudgetOf, type RunLimits } from "./run-limits.ts";

export function createRunContext(config: Config, limits: RunLimits = currentRunLimits(config)): RunContext {
  redactor.addSecrets(config.secrets);
  const profile = createProfile(config.partner.cryptoProfile, {
    partnerSigningKey: config.partner.signingKey,
    platformSigningKey: config.partner.platformSigningKey,
    encryptionKey: config.partner.encryptionKey,
  });
  const pace = new Pace({ rps: limits.rps, concurrency: limits.concurrency, deadlineAt: limits.deadlineAt });
  const client = new HttpClient({ timeoutMs: config.run.requestTimeoutMs, connections: limits.concurrency, pace });
  const guard = createGuard(config.safety, debitBudgetOf(limits));
  return { config, target: new Target(config, profile, client, guard), validators: validators() };
}
