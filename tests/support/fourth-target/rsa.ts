/**
 * The platform's side of its crypto: partner requests are signed RSASSA-PSS (SHA-256, salt 32) over
 * the canonical JSON of the body without `signature`, as lowercase hex; responses are signed the same
 * way with the platform's key. `encrypted_data` is sealed for the platform only:
 * `base64url(RSA-OAEP-SHA256(aesKey)) . base64url(iv) . base64url(AES-256-GCM ciphertext) . base64url(tag)`,
 * the wrapped key as additional authenticated data.
 */
import {
  constants,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  privateDecrypt,
  sign,
  verify,
} from "node:crypto";
import type { KeyObject } from "node:crypto";
import { canonicalJson } from "./canonical.ts";

const PSS = { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 };

export interface PlatformKeys {
  platformPrivate: KeyObject;
  partnerPublic: KeyObject;
}

export function platformKeys(platformPrivatePem: string, partnerPublicPem: string): PlatformKeys {
  return { platformPrivate: createPrivateKey(platformPrivatePem), partnerPublic: createPublicKey(partnerPublicPem) };
}

export function signAsPlatform(body: unknown, keys: PlatformKeys): string {
  return sign("sha256", Buffer.from(canonicalJson(body)), { key: keys.platformPrivate, ...PSS }).toString("hex");
}

/** Whether `signature` (hex) is the partner's over `body` (without its signature). */
export function partnerSigned(body: unknown, signature: string, keys: PlatformKeys): boolean {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(signature)) return false;
  const bytes = Buffer.from(canonicalJson(body));
  return verify("sha256", bytes, { key: keys.partnerPublic, ...PSS }, Buffer.from(signature, "hex"));
}

/** Strict base64url: a segment whose bytes would not encode back to it exactly was altered. */
function segment(text: string): Buffer {
  const bytes = Buffer.from(text, "base64url");
  if (!/^[A-Za-z0-9_-]+$/.test(text) || bytes.toString("base64url") !== text) throw new Error("not base64url");
  return bytes;
}

/** The client data sealed for this platform; throws when it was not sealed for it or was altered. */
export function openSealed(text: string, keys: PlatformKeys): unknown {
  const parts = text.split(".");
  if (parts.length !== 4) throw new Error("not four segments");
  const [wrapped, iv, ciphertext, tag] = parts.map(segment) as [Buffer, Buffer, Buffer, Buffer];
  if (iv.length !== 12 || tag.length !== 16) throw new Error("wrong iv or tag length");
  const key = privateDecrypt(
    { key: keys.platformPrivate, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    wrapped,
  );
  const decipher = createDecipheriv("aes-256-gcm", key, iv).setAAD(wrapped).setAuthTag(tag);
  const plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  return JSON.parse(plain.toString("utf8"));
}
