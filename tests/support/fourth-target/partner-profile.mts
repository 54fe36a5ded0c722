/**
 * The partner's crypto profile for the fourth platform, written as a partner writes one from
 * docs/profile-modules.md and copied into the partner's folder (self-contained: Node built-ins only).
 *
 * - `signature`: RSASSA-PSS (SHA-256, salt 32 bytes) over the body without `signature`, its keys
 *   sorted at every level and no whitespace; lowercase hex. The partner signs with PARTNER_PRIVATE_KEY
 *   and verifies the platform's responses with PLATFORM_PUBLIC_KEY (both PEM; `\n` may stand for a
 *   line break on one .env line). Its own signatures it verifies too: the public half follows from the private key.
 * - `encrypted_data`: the client data's JSON, AES-256-GCM with a fresh key, the key wrapped with
 *   RSA-OAEP (SHA-256) for the platform's public key:
 *   `base64url(wrapped key).base64url(iv).base64url(ciphertext).base64url(tag)`, the wrapped key as AAD.
 *   Only the platform can open it: this side cannot decrypt what it sealed (`canDecrypt` is false).
 */
import {
  constants,
  createCipheriv,
  createPrivateKey,
  createPublicKey,
  publicEncrypt,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from "node:crypto";

type Side = "partner" | "platform";

/** What the harness hands the factory (docs/profile-modules.md, ProfileKeys), as far as this module reads it. */
interface Keys {
  partnerPrivateKey?: string;
  platformPublicKey?: string;
}

const PSS = { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 };

const pem = (text: string) => text.replace(/\\n/g, "\n").trim();

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
    keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function rsaKey(text: string | undefined, kind: "private" | "public"): KeyObject | undefined {
  if (!text) return undefined;
  const key = kind === "private" ? createPrivateKey(pem(text)) : createPublicKey(pem(text));
  if (key.asymmetricKeyType !== "rsa") throw new Error(`not an RSA key (${key.asymmetricKeyType})`);
  return key;
}

/** The key variables this module reads, each an RSA key in PEM. */
export function validateKeys(keys: Keys): Array<{ variable: string; message: string }> {
  const problems: Array<{ variable: string; message: string }> = [];
  const check = (variable: string, text: string | undefined, kind: "private" | "public") => {
    try {
      if (!rsaKey(text, kind)) problems.push({ variable, message: `must be the ${kind} RSA key in PEM` });
    } catch (error) {
      problems.push({ variable, message: `must be a ${kind} RSA key in PEM: ${(error as Error).message}` });
    }
  };
  check("PARTNER_PRIVATE_KEY", keys.partnerPrivateKey, "private");
  check("PLATFORM_PUBLIC_KEY", keys.platformPublicKey, "public");
  return problems;
}

function seal(text: string, platform: KeyObject): string {
  const key = randomBytes(32);
  const iv = randomBytes(12);
  const wrapped = publicEncrypt({ key: platform, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, key);
  const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(wrapped);
  const ciphertext = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [wrapped, iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString("base64url")).join(".");
}

export default function createProfile(keys: Keys) {
  const partnerPrivate = rsaKey(keys.partnerPrivateKey, "private");
  const partnerPublic = partnerPrivate && createPublicKey(partnerPrivate);
  const platformPublic = rsaKey(keys.platformPublicKey, "public");
  const verifier = (by: Side) => (by === "partner" ? partnerPublic : platformPublic);
  return {
    name: "fourth-rsa (RSASSA-PSS signatures, RSA-OAEP-wrapped AES-256-GCM)",
    sign(body: unknown, by: Side): string {
      if (by !== "partner" || !partnerPrivate) throw new Error("this side holds only the partner's private key");
      return sign("sha256", Buffer.from(canonical(body)), { key: partnerPrivate, ...PSS }).toString("hex");
    },
    verify(body: unknown, signature: unknown, by: Side): boolean {
      const key = verifier(by);
      if (!key || typeof signature !== "string" || !/^(?:[0-9a-fA-F]{2})+$/.test(signature)) return false;
      try {
        return verify("sha256", Buffer.from(canonical(body)), { key, ...PSS }, Buffer.from(signature, "hex"));
      } catch {
        return false;
      }
    },
    canVerify: (by: Side): boolean => verifier(by) !== undefined,
    canDecrypt: (): boolean => false,
    encrypt(data: unknown): string {
      if (!platformPublic) throw new Error("PLATFORM_PUBLIC_KEY is needed to seal client data");
      return seal(typeof data === "string" ? data : JSON.stringify(data), platformPublic);
    },
    decrypt(): never {
      throw new Error("sealed for the platform's RSA key: the partner cannot open it (canDecrypt is false)");
    },
  };
}
