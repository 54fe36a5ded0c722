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
export type CardApiVerifier = (
  headers: Headers,
  bodyText: string,
  request: RequestLine,
) => Promise<boolean | undefined>;

export function cardApiAuthOf(
  options: { cardApiAuth?: CardApiAuth; cardApiJws?: CardApiJwsOptions },
  profile: CryptoProfile,
  tokens: TokenIssuer,
  partnerPublicKey: string,
): CardApiVerifier {
  const auth = options.cardApiAuth ?? "profile";
  if (auth === "none") return async () => true;
  if (auth === "bearer") return async (headers) => tokens.accepts(headers.authorization);
  if (auth === "jws") {
    const verify = cardJwsVerifier(options.cardApiJws ?? DEFAULT_CARD_API_JWS, partnerPublicKey);
    return (headers, bodyText, request) => verify(headers, bodyText, request);
  }
  return async (headers, bodyText, request) => profile.verifyRequestHeaders?.("card-api", headers, bodyText, request);
}
