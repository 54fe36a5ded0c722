/**
 * The run's access token, fetched once by the CLI and shared with every worker through the token
 * broker (lib/http/auth/token-broker.ts). The first token is fetched here, before the preflight and
 * any check: a token endpoint that refuses the client credentials, or a token command that
 * fails, ends the run with exit 2 and one line naming the variable (a ConfigError from
 * token-fetch.ts) — also with --no-preflight, since no check could run without a token. A token
 * endpoint that is down ends it as target unavailable (exit 3), like a target that is down.
 */
import type { Config } from "../config/load.ts";
import { redactor } from "../redaction/redact.ts";
import type { RenewingTokens } from "../http/auth/access-tokens.ts";
import { startTokenBroker, type BrokerAddress } from "../http/auth/token-broker.ts";
import { renewingTokensOf, TokenEndpointUnanswered } from "../http/auth/token-fetch.ts";
import { downReason, TargetUnavailable } from "./target-down.ts";

export interface SharedToken {
  /** The run's token source (its `fetched` count is what the token endpoint was asked). */
  tokens: RenewingTokens;
  /** Where it comes from, for the summary. */
  description: string;
  /** Where the workers ask for it: travels in the run plan. */
  address: BrokerAddress;
  close(): Promise<void>;
}

/** A token endpoint that is simply down (refused, no host, timeout, 502–504) is not a configuration error: exit 3. */
function endpointDown(error: unknown): TargetUnavailable | undefined {
  const down = error instanceof TokenEndpointUnanswered ? downReason(error.exchange) : undefined;
  if (!down) return undefined;
  const url = redactor.text((error as TokenEndpointUnanswered).exchange.request.url);
  return new TargetUnavailable(
    `target unavailable: the token endpoint ${url} (PARTNER_TOKEN_URL) did not answer (${down}); nothing was judged: check that it is running (and PARTNER_TOKEN_URL), or try again later`,
  );
}

/** Undefined for a static PARTNER_ACCESS_TOKEN: every process has it from the configuration. */
export async function shareAccessToken(config: Config): Promise<SharedToken | undefined> {
  if (config.partner.token.kind === "static") return undefined;
  // The endpoint's refusal is quoted in the error line: the client secret must be known first.
  redactor.addSecrets(config.secrets);
  const tokens = renewingTokensOf(config);
  try {
    await tokens.current();
  } catch (error) {
    await tokens.close();
    throw endpointDown(error) ?? error;
  }
  const broker = await startTokenBroker(tokens);
  const source = config.partner.token.kind === "command" ? "PARTNER_TOKEN_COMMAND" : "PARTNER_TOKEN_URL";
  return {
    tokens,
    description: `fetched from ${source}, one token shared by every worker, renewed before it expires and once after a 401`,
    address: broker.address,
    close: async () => {
      await broker.close();
      await tokens.close();
    },
  };
}
