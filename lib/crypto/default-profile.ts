/**
 * The default profile (CRYPTO_PROFILE=default), the sandbox's unless told otherwise:
 * - signature: lowercase hex HMAC-SHA256 over the RFC 8785 (JCS) canonical JSON of the body
 *   without its `signature` field, with the signing party's key;
 * - encrypted_data: base64 of IV (12 bytes) ‖ AES-256-GCM ciphertext ‖ tag (16 bytes) of the
 *   UTF-8 JSON of the client data.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import canonicalize from "canonicalize";
import type { CryptoProfile, JsonObject, ProfileKeys, SigningParty } from "./profile.ts";

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error("value has no canonical JSON form");
  return text;
}

function hmacHex(key: string, body: JsonObject): string {
  return createHmac("sha256", Buffer.from(key, "hex")).update(canonicalJson(body)).digest("hex");
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createDefaultProfile(keys: ProfileKeys): CryptoProfile {
  const keyOf = (by: SigningParty) => (by === "partner" ? keys.partnerSigningKey : keys.platformSigningKey);
  const aesKey = Buffer.from(keys.encryptionKey, "hex");
  return {
    name: "default",
    async sign(body, by) {
      return hmacHex(keyOf(by), body);
    },
    canVerify: (by) => keyOf(by) !== "",
    async verify(body, signature, by) {
      return keyOf(by) !== "" && sameHex(hmacHex(keyOf(by), body), signature);
    },
    async encrypt(data) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", aesKey, iv);
      const sealed = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64");
    },
    async decrypt(text) {
      const raw = Buffer.from(text, "base64");
      if (raw.length < IV_BYTES + TAG_BYTES + 1) throw new Error("encrypted_data is too short");
      const decipher = createDecipheriv("aes-256-gcm", aesKey, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
      return JSON.parse(plain.toString("utf8"));
    },
  };
}
