/**
 * Asymmetric keys given as text (configuration, sandbox test data): PEM or JWK, Ed25519 or P-256.
 * Parsing is synchronous (node:crypto), so configuration can refuse a bad key at start-up.
 * Error messages never quote the key text: it may be a secret.
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";

export type KeyKind = "private" | "public";
/** JWS algorithm names (RFC 7518, RFC 8037) of the supported key types. */
export type SigningAlgorithm = "EdDSA" | "ES256";

function jwkOf(text: string): Record<string, unknown> {
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    throw new Error("is JSON-like but does not parse as a JWK");
  }
  if (jwk === null || typeof jwk !== "object" || Array.isArray(jwk)) throw new Error("is not a JWK object");
  return jwk as Record<string, unknown>;
}

/** A key from PEM (PKCS#8 private, SPKI public; "\n" escapes allowed for one-line .env values) or JWK text. */
export function parseKey(text: string, kind: KeyKind): KeyObject {
  const trimmed = text.trim();
  const create = kind === "private" ? createPrivateKey : createPublicKey;
  let key: KeyObject;
  try {
    if (trimmed.startsWith("{")) key = create({ key: jwkOf(trimmed) as never, format: "jwk" });
    else if (trimmed.startsWith("-----BEGIN")) key = create(trimmed.replace(/\\n/g, "\n"));
    else throw new Error("is neither PEM nor JWK text");
  } catch (error) {
    const message = (error as Error).message;
    throw new Error(/^is /.test(message) ? message : `is not a valid ${kind} key in PEM or JWK form`);
  }
  algorithmOf(key);
  return key;
}

export function algorithmOf(key: KeyObject): SigningAlgorithm {
  if (key.asymmetricKeyType === "ed25519") return "EdDSA";
  if (key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1") return "ES256";
  throw new Error(`is a ${key.asymmetricKeyType ?? "symmetric"} key; Ed25519 or P-256 is required`);
}

/** The public half: the public key itself, or derived from a private key. */
export function publicKeyOf(key: KeyObject): KeyObject {
  return key.type === "public" ? key : createPublicKey(key);
}

/** Lowercase hex of a raw signature: Ed25519 (64 bytes), or ES256 as r‖s (IEEE P1363, 64 bytes). */
export function signHex(key: KeyObject, data: string): string {
  const bytes = Buffer.from(data, "utf8");
  const raw =
    algorithmOf(key) === "EdDSA" ? sign(null, bytes, key) : sign("sha256", bytes, { key, dsaEncoding: "ieee-p1363" });
  return raw.toString("hex");
}

export function verifyHex(key: KeyObject, data: string, signature: string): boolean {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(signature)) return false;
  const bytes = Buffer.from(data, "utf8");
  const raw = Buffer.from(signature, "hex");
  return algorithmOf(key) === "EdDSA"
    ? verify(null, bytes, key, raw)
    : verify("sha256", bytes, { key, dsaEncoding: "ieee-p1363" }, raw);
}
