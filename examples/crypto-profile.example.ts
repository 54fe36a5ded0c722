/**
 * An example crypto profile module. Select it with
 *   CRYPTO_PROFILE=./examples/crypto-profile.example.ts npm run conformance
 * (paths are resolved against the current directory; with `npm run`, the project root) and serve
 * a sandbox that speaks it with
 *   npm run sandbox -- --port 4010 --profile ./examples/crypto-profile.example.ts
 *
 * A module exports a factory — as its default export or as `createProfile` — that takes the keys
 * of its side (ProfileKeys: the harness gets the partner's, the sandbox the platform's) and
 * returns a profile whose methods may be sync or async; optionally `validateKeys` (its own key
 * formats: the harness checks none for a module) and `variables` (variables of its own). The
 * whole contract: docs/profile-modules.md. This file imports the harness's default profile, so
 * copied outside the checkout it must be named `.mts` (a `.ts` there is CommonJS by Node's rule).
 *
 * What this example does, for a platform that is imagined but plausible:
 * - partner transfer bodies: `signature` is lowercase hex HMAC-SHA512 over the RFC 8785 canonical
 *   JSON of the body without its signature (hex, as §2.1 shows for responses);
 * - encrypted_data: delegated to the built-in default profile (AES-256-GCM);
 * - card API requests: header X-Body-Signature, hex HMAC-SHA256 of the exact body text with the
 *   partner signing key; the platform side checks it in verifyRequestHeaders.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { canonicalJson, createDefaultProfile } from "../lib/crypto/default-profile.ts";
import type { CryptoProfile, ProfileKeys, SigningParty } from "../lib/crypto/profile.ts";

const BODY_HMAC_HEADER = "X-Body-Signature";

const hmac = (algorithm: string, hexKey: string, text: string) =>
  createHmac(algorithm, Buffer.from(hexKey, "hex")).update(text).digest("hex");

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

const HEX_32_BYTES = /^[0-9a-fA-F]{64}$/;

/** This profile's keys are 64 hex digits (32 bytes) each; the platform's may be unset (its signatures are then not verified). */
export function validateKeys(keys: ProfileKeys): Array<{ variable: string; message: string }> {
  const hex = (variable: string, value: string, optional = false) =>
    (optional && value === "") || HEX_32_BYTES.test(value) ? [] : [{ variable, message: "must be 64 hex digits" }];
  return [
    ...hex("PARTNER_SIGNING_KEY", keys.partnerSigningKey),
    ...hex("PLATFORM_SIGNING_KEY", keys.platformSigningKey, true),
    ...hex("PARTNER_ENCRYPTION_KEY", keys.encryptionKey),
  ];
}

export default function createProfile(keys: ProfileKeys): CryptoProfile {
  const encryption = createDefaultProfile(keys);
  const keyOf = (by: SigningParty) => (by === "partner" ? keys.partnerSigningKey : keys.platformSigningKey);
  return {
    name: "example-hmac-sha512",
    canVerify: (by) => keyOf(by) !== "",
    async sign(body, by) {
      return hmac("sha512", keyOf(by), canonicalJson(body));
    },
    async verify(body, signature, by) {
      return keyOf(by) !== "" && sameText(hmac("sha512", keyOf(by), canonicalJson(body)), signature);
    },
    encrypt: (data) => encryption.encrypt(data),
    decrypt: (text) => encryption.decrypt(text),
    async requestHeaders(family, bodyText): Promise<Record<string, string>> {
      return family === "card-api" ? { [BODY_HMAC_HEADER]: hmac("sha256", keys.partnerSigningKey, bodyText) } : {};
    },
    async verifyRequestHeaders(family, headers, bodyText) {
      if (family !== "card-api") return true;
      const sent = headers[BODY_HMAC_HEADER.toLowerCase()];
      return typeof sent === "string" && sameText(sent, hmac("sha256", keys.partnerSigningKey, bodyText));
    },
  };
}
