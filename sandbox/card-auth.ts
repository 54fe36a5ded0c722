/**
 * How the sandbox authenticates card API requests (not shown, §5), chosen like the harness's
 * CARD_API_AUTH and verified the same way whatever profile signs the partner bodies:
 * - profile: what the crypto profile demands (the jws profile its JWS; nothing for default);
 * - none: nothing (a demanded header, cardApiHeader, is checked apart);
 * - jws: the detached JWS of CARD_API_JWS_* over the exact body, for this path and method;
 * - bearer: a bearer token valid now, as the partner transfer API demands.
 */
import { cardJwsVerifier } from "../lib/crypto/jws-card-auth.ts";
import type { CryptoProfile } from "../lib/crypto/index.ts";
import type { CardApiJwsOptions, RequestLine } from "../lib/crypto/profile.ts";
import { DEFAULT_CARD_API_JWS } from "../lib/crypto/jws-profile.ts";
import type { TokenIssuer } from "./tokens.ts";

export const CARD_API_AUTHS = ["profile", "none", "jws", "bearer"] as const;
export type CardApiAuth = (typeof CARD_API_AUTHS)[number];

type Headers = Record<string, string | string[] | undefined>;
/** False: refused; true or undefined: accepted. */
type Verify = (headers: Headers, bodyText: string, request: RequestLine) => Promise<boolean | undefined>;
/** How a card API request is verified, and what a refusal calls it. */
export interface CardApiVerifier {
  what: string;
  verify: Verify;
}

export function cardApiAuthOf(
  options: { cardApiAuth?: CardApiAuth; cardApiJws?: CardApiJwsOptions },
  profile: CryptoProfile,
  tokens: TokenIssuer,
  partnerPublicKey: string,
): CardApiVerifier {
  const auth = options.cardApiAuth ?? "profile";
  const what = `card API ${auth} auth does`;
  if (auth === "none") return { what, verify: async () => true };
  if (auth === "bearer") return { what, verify: async (headers) => tokens.accepts(headers.authorization) };
  if (auth === "jws")
    return { what, verify: cardJwsVerifier(options.cardApiJws ?? DEFAULT_CARD_API_JWS, partnerPublicKey) };
  return {
    what: `${profile.name} profile headers do`,
    verify: async (headers, bodyText, request) =>
      profile.verifyRequestHeaders?.("card-api", headers, bodyText, request),
  };
}
