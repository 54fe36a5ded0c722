/**
 * Signing the pack's manifest with node:crypto: Ed25519 (the partner keeps the private key, the
 * platform verifies with the public one) or HMAC-SHA256 (a key both sides share). The signature
 * covers the exact bytes of manifest.json, which holds the SHA-256 of every other file.
 * Keys come from configuration (CERTIFY_SIGNING_KEY, CERTIFY_VERIFY_KEY) and are never written:
 * the pack carries only a key id, a short hash that names the key without revealing it.
 */
import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  sign,
  timingSafeEqual,
  verify,
  type KeyObject,
} from "node:crypto";

export type SignatureAlgorithm = "ed25519" | "hmac-sha256";

/** manifest.sig.json */
export interface PackSignature {
  algorithm: SignatureAlgorithm;
  keyId: string;
  signed: "manifest.json";
  signature: string;
}

export interface SigningKey {
  algorithm: SignatureAlgorithm;
  keyId: string;
  sign(data: Buffer): string;
}
export interface VerifyKey {
  algorithm: SignatureAlgorithm;
  keyId: string;
  verify(data: Buffer, signature: string): boolean;
}

export class KeyFormatError extends Error {}

const HEX_KEY = /^(?:[0-9a-fA-F]{2}){32,}$/;

/** PEM from an environment variable: "\n" may be written literally on one line. */
function pem(text: string): string {
  return text.replace(/\\n/g, "\n").trim();
}

function ed25519KeyId(publicKey: KeyObject): string {
  return createHash("sha256")
    .update(publicKey.export({ type: "spki", format: "der" }))
    .digest("hex")
    .slice(0, 16);
}

function hmacKeyId(key: Buffer): string {
  return createHmac("sha256", key).update("conformance pack key id").digest("hex").slice(0, 16);
}

function hmacKey(hex: string): { keyId: string; mac: (data: Buffer) => Buffer } {
  const key = Buffer.from(hex, "hex");
  return { keyId: hmacKeyId(key), mac: (data) => createHmac("sha256", key).update(data).digest() };
}

function ed25519Private(text: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem(text));
  } catch {
    throw new KeyFormatError("is neither a PKCS#8 PEM private key nor a hex HMAC key of at least 32 bytes");
  }
  if (key.asymmetricKeyType !== "ed25519")
    throw new KeyFormatError(`is a ${key.asymmetricKeyType} key; only Ed25519 is supported`);
  return key;
}

export function parseSigningKey(text: string): SigningKey {
  if (HEX_KEY.test(text)) {
    const { keyId, mac } = hmacKey(text);
    return { algorithm: "hmac-sha256", keyId, sign: (data) => mac(data).toString("base64") };
  }
  const privateKey = ed25519Private(text);
  return {
    algorithm: "ed25519",
    keyId: ed25519KeyId(createPublicKey(privateKey)),
    sign: (data) => sign(null, data, privateKey).toString("base64"),
  };
}

export function parseVerifyKey(text: string): VerifyKey {
  if (HEX_KEY.test(text)) {
    const { keyId, mac } = hmacKey(text);
    return {
      algorithm: "hmac-sha256",
      keyId,
      verify: (data, signature) => {
        const expected = mac(data);
        const given = Buffer.from(signature, "base64");
        return given.length === expected.length && timingSafeEqual(given, expected);
      },
    };
  }
  let publicKey: KeyObject;
  try {
    publicKey = /PRIVATE KEY/.test(text) ? createPublicKey(ed25519Private(text)) : createPublicKey(pem(text));
  } catch (error) {
    if (error instanceof KeyFormatError) throw error;
    throw new KeyFormatError("is neither an SPKI PEM public key nor a hex HMAC key of at least 32 bytes");
  }
  if (publicKey.asymmetricKeyType !== "ed25519")
    throw new KeyFormatError(`is a ${publicKey.asymmetricKeyType} key; only Ed25519 is supported`);
  return {
    algorithm: "ed25519",
    keyId: ed25519KeyId(publicKey),
    verify: (data, signature) => {
      try {
        return verify(null, data, publicKey, Buffer.from(signature, "base64"));
      } catch {
        return false; // a malformed signature verifies nothing
      }
    },
  };
}

export function signManifest(manifest: Buffer, key: SigningKey): PackSignature {
  return { algorithm: key.algorithm, keyId: key.keyId, signed: "manifest.json", signature: key.sign(manifest) };
}

/** Problems with a pack's signature under a trusted key; empty when it verifies. */
export function signatureProblems(manifest: Buffer, signature: PackSignature | undefined, key: VerifyKey): string[] {
  if (!signature) return ["manifest.sig.json is missing: the pack is not signed, but a verification key is configured"];
  if (signature.algorithm !== key.algorithm)
    return [`signature algorithm ${signature.algorithm} does not match the configured ${key.algorithm} key`];
  if (signature.keyId !== key.keyId)
    return [`signed with key ${signature.keyId}, not with the configured key ${key.keyId}`];
  return key.verify(manifest, String(signature.signature))
    ? []
    : ["the signature of manifest.json does not verify: the manifest was changed after signing"];
}
