/**
 * The `jws` profile, built with jose, for platforms that authenticate with key pairs:
 * - card API requests carry a detached JWS (RFC 7515 appendix F) of the exact request body in
 *   the header X-JWS-Signature: `BASE64URL(header)..BASE64URL(signature)`, standard base64url
 *   payload encoding (b64 true, no RFC 7797), header {alg: EdDSA | ES256, kid: RFC 7638
 *   thumbprint of the partner's public key}, signed with the partner's private key;
 * - partner transfer bodies: `signature` is lowercase hex of a raw Ed25519 (or ES256 r‖s)
 *   signature over the RFC 8785 canonical JSON of the body without its signature field — hex,
 *   because §2.1 shows the response signature as hexadecimal;
 * - encrypted_data: a compact JWE, alg `dir`, enc `A256GCM`, with the 32-byte encryption key.
 */
import type { KeyObject } from "node:crypto";
import { canonicalJson } from "./default-profile.ts";
import { loadJose } from "./jose.ts";
import { secretBytes, signCardJws, verifyCardJws } from "./jws-card-auth.ts";
import { parseKey, publicKeyOf, signHex, verifyHex } from "./keys.ts";
import type { CardApiJwsOptions, CryptoProfile, ProfileKeys, RequestLine, SigningParty } from "./profile.ts";

export const JWS_HEADER = "X-JWS-Signature";

const optional = (text: string | undefined, kind: "private" | "public") => (text ? parseKey(text, kind) : undefined);

/** Without configuration: the partner's key pair, header X-JWS-Signature, {alg, kid} only. */
export const DEFAULT_CARD_API_JWS: CardApiJwsOptions = { algorithm: "", hmacKey: "", header: JWS_HEADER, fields: {} };
/** A caller that does not say which request: the header covers the body alone. */
const ANY_REQUEST: RequestLine = { method: "POST", path: "" };

export function createJwsProfile(keys: ProfileKeys): CryptoProfile {
  const privateKeys = {
    partner: optional(keys.partnerPrivateKey, "private"),
    platform: optional(keys.platformPrivateKey, "private"),
  };
  const publicKeys = {
    partner: optional(keys.partnerPublicKey, "public"),
    platform: optional(keys.platformPublicKey, "public"),
  };
  const encryptionKey = Buffer.from(keys.encryptionKey, "hex");
  const card = keys.cardApiJws ?? DEFAULT_CARD_API_JWS;
  // A shared secret signs and verifies alike; without one, the partner's key pair does.
  const cardKey = () => (card.hmacKey ? secretBytes(card.hmacKey) : undefined);
  const signingKey = (by: SigningParty): KeyObject => {
    const key = privateKeys[by];
    if (!key) throw new Error(`the jws profile has no ${by} private key on this side`);
    return key;
  };
  const verifyingKey = (by: SigningParty): KeyObject | undefined => {
    const key = publicKeys[by] ?? privateKeys[by];
    return key && publicKeyOf(key);
  };
  return {
    name: "jws",
    async sign(body, by) {
      return signHex(signingKey(by), canonicalJson(body));
    },
    canVerify: (by) => verifyingKey(by) !== undefined,
    async verify(body, signature, by) {
      const key = verifyingKey(by);
      return key !== undefined && verifyHex(key, canonicalJson(body), signature);
    },
    async encrypt(data) {
      const { CompactEncrypt } = await loadJose();
      return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(data)))
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .encrypt(encryptionKey);
    },
    async decrypt(text) {
      const options = { keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256GCM"] };
      const { compactDecrypt } = await loadJose();
      const { plaintext } = await compactDecrypt(text, encryptionKey, options);
      return JSON.parse(new TextDecoder().decode(plaintext));
    },
    async requestHeaders(family, bodyText, request = ANY_REQUEST): Promise<Record<string, string>> {
      if (family !== "card-api") return {};
      return { [card.header]: await signCardJws(card, cardKey() ?? signingKey("partner"), bodyText, request) };
    },
    async verifyRequestHeaders(family, headers, bodyText, request = ANY_REQUEST) {
      if (family !== "card-api") return true;
      const jws = headers[card.header.toLowerCase()];
      const key = cardKey() ?? verifyingKey("partner");
      return typeof jws === "string" && key !== undefined && verifyCardJws(card, key, jws, bodyText, request);
    },
  };
}
