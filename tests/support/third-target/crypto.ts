/**
 * The built-in `default` profile as docs/crypto-profiles.md describes it, from the platform's side:
 * lowercase hex HMAC-SHA256 over the RFC 8785 canonical JSON of the body without `signature`;
 * `encrypted_data` is base64 of IV (12 bytes) ‖ AES-256-GCM ciphertext ‖ tag (16 bytes) of the
 * client data's UTF-8 JSON. Keys are 64 hex digits, used as the 32 bytes they spell.
 */
import { createDecipheriv, createHmac, timingSafeEqual } from "node:crypto";
import canonicalize from "canonicalize";
import { KEYS } from "./data.ts";

const key = (hex: string) => Buffer.from(hex, "hex");

function hmacHex(hexKey: string, body: Record<string, unknown>): string {
  const { signature: _dropped, ...unsigned } = body;
  return createHmac("sha256", key(hexKey))
    .update(canonicalize(unsigned) ?? "", "utf8")
    .digest("hex");
}

/** Whether the partner signed this request body. */
export function partnerSignatureValid(body: Record<string, unknown>): boolean {
  const given = body.signature;
  if (typeof given !== "string" || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(hmacHex(KEYS.partnerSigning, body), "hex"));
}

/** The platform's signature of a response body (every field but `signature`). */
export function platformSignature(body: Record<string, unknown>): string {
  return hmacHex(KEYS.platformSigning, body);
}

/** The client data sealed in `encrypted_data`, or undefined when it does not open. */
export function openClientData(sealed: string): unknown {
  const bytes = Buffer.from(sealed, "base64");
  // Buffer.from ignores characters outside the alphabet: text that does not round-trip is not base64.
  if (bytes.length < 12 + 16 + 2 || bytes.toString("base64").replace(/=+$/, "") !== sealed.replace(/=+$/, "")) {
    return undefined;
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(KEYS.encryption), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const plain = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
    return JSON.parse(plain.toString("utf8"));
  } catch {
    return undefined;
  }
}
