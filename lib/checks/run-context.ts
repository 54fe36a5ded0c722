/**
 * Builds what a run shares from configuration: the crypto profile, the target (with its guard and
 * its pace), the validators. Asynchronous because CRYPTO_PROFILE may name a user module, which is
 * imported (once per context). What the CLI decided for the run (this process's share of the
 * bounds, the debit range) comes from the run plan (run-plan.ts); without one, the whole bounds.
 */
import type { RunContext } from "./types.ts";
import type { Config } from "../config/load.ts";
import { loadProfile, profileVariables, type CryptoProfile, type ProfileKeys } from "../crypto/index.ts";
import type { Env } from "../config/reader.ts";
import { HttpClient } from "../http/transport/client.ts";
import { Pace } from "../http/coordination/pace.ts";
import { stopOnSignal } from "../http/coordination/stop.ts";
import { Target, type TargetAuth } from "../http/target.ts";
import { StaticToken, type AccessTokens } from "../http/auth/access-tokens.ts";
import { BrokeredTokens, type BrokerAddress } from "../http/auth/token-broker.ts";
import { renewingTokensOf } from "../http/auth/token-fetch.ts";
import { cardJwsSigner } from "../crypto/jws-card-auth.ts";
import { debitRangeOf, type LimitsRequestOf } from "./debit-amounts.ts";
import { redactor } from "../redaction/redact.ts";
import { validators } from "../validation/registry.ts";
import { createGuard } from "../http/guard.ts";
import { debitBudgetOf, wholeRunLimits } from "../http/coordination/run-limits.ts";
import { Lanes, type LaneLocks } from "../http/coordination/lanes.ts";
import type { RunPlan } from "./run-plan.ts";
import { ContractBook } from "./contract-book.ts";
import { LatencyMeter } from "./meter.ts";

/** The partner's side of the keys: what the harness signs, encrypts and verifies with. */
export function profileKeysOf(config: Config): ProfileKeys {
  return {
    partnerSigningKey: config.partner.signingKey,
    platformSigningKey: config.partner.platformSigningKey,
    encryptionKey: config.partner.encryptionKey,
    partnerPrivateKey: config.partner.privateKey,
    platformPublicKey: config.partner.platformPublicKey,
    cardApiJws: config.cardApi.jws,
  };
}

/**
 * The configured profile; a ConfigError naming CRYPTO_PROFILE when it cannot be loaded, or the
 * variable a module's validateKeys refuses. A module's own secret variables join the redactor's
 * secrets first, in this process (the main one and every worker load the profile this way).
 */
export async function loadConfiguredProfile(config: Config, env: Env = process.env): Promise<CryptoProfile> {
  const spec = config.partner.cryptoProfile;
  const own = await profileVariables(spec).catch(() => []);
  redactor.addSecrets(
    own
      .filter((v) => v.secret)
      .map((v) => ({ name: v.name, value: env[v.name]?.trim() ?? "" }))
      .filter((s) => s.value),
  );
  return loadProfile(spec, profileKeysOf(config), env);
}

/** What the run plan decided, where a caller has one (the CLI, a worker); the rest is the whole run's. */
export type Planned = Partial<Pick<RunPlan, "limits" | "debitRange" | "tokenBroker" | "preflightAnswers">>;

/**
 * `limitsRequest`: the suites' own limits request of the payment card (it obeys the declared
 * request rules), for reading the debit range; the CLI hands it over. `env`: where a profile
 * module's own variables are read — the process's; an in-process test's own. `book`: a contract
 * book that outlives this context (a worker's, across its files); otherwise one of its own; `meter`
 * likewise, a latency meter (meter.ts); `lanes` likewise, the isolation lanes (the plan's otherwise).
 */
export async function createRunContext(
  config: Config,
  planned: Planned = {},
  {
    limitsRequest,
    env = process.env,
    book,
    meter = new LatencyMeter(),
    lanes,
  }: { limitsRequest?: LimitsRequestOf; env?: Env; book?: ContractBook; meter?: LatencyMeter; lanes?: LaneLocks } = {},
): Promise<RunContext> {
  const limits = planned.limits ?? wholeRunLimits(config);
  redactor.addSecrets(config.secrets);
  const profile = await loadConfiguredProfile(config, env);
  const pace = new Pace({ rps: limits.rpsShare, concurrency: limits.inFlightShare, deadlineAt: limits.deadlineAt });
  stopOnSignal(pace);
  const client = new HttpClient({
    timeoutMs: config.run.requestTimeoutMs,
    connections: limits.inFlightShare,
    pace,
    network: config.network,
  });
  const guard = createGuard(config.safety, debitBudgetOf(limits));
  const target = new Target(
    config,
    profile,
    client,
    guard,
    targetAuthOf(config, planned.tokenBroker),
    lanes ?? new Lanes(),
  );
  const decided = planned.debitRange;
  // Every answer passes the contract book first (contract-book.ts); the preflight's answers count too.
  const contracts = book ?? new ContractBook();
  if (!book && planned.preflightAnswers) contracts.absorb(planned.preflightAnswers);
  target.observers.push(contracts.observe);
  // The same stream is measured (meter.ts): latency and error shares per operation, no request of its own.
  target.observers.push(meter.observe);
  return {
    config,
    target,
    validators: validators(),
    contracts,
    meter,
    inFlight: limits.inFlightShare,
    // Decided by the CLI: used as it is. Otherwise read once from the target's limits.
    debitAmounts: decided ? () => Promise.resolve(decided) : () => debitRangeOf(config, target, limitsRequest),
  };
}

/**
 * The run's token: static; or from the CLI's token broker (one token for all workers, its address
 * in the run plan); or, in a process the CLI did not start (in-process runs), fetched by this one.
 */
export function accessTokensOf(config: Config, broker?: BrokerAddress): AccessTokens {
  if (config.partner.token.kind === "static") return new StaticToken(config.partner.token.token);
  return broker ? new BrokeredTokens(broker, config.run.requestTimeoutMs) : renewingTokensOf(config);
}

/** What authenticates the requests beyond static headers (CARD_API_AUTH=jws signs with its own settings). */
function targetAuthOf(config: Config, broker: BrokerAddress | undefined): TargetAuth {
  const jws = config.cardApi.auth === "jws";
  return {
    tokens: accessTokensOf(config, broker),
    ...(jws ? { cardJws: cardJwsSigner(config.cardApi.jws, config.partner.privateKey) } : {}),
  };
}
