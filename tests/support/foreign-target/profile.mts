/**
 * The partner's profile module for the foreign platform, as a partner would write it from the
 * platform's documentation (scheme.ts is the platform's own code; this file shares nothing with
 * it, nor with the harness: it is copied into the partner's folder and loaded from there).
 * Keys come from variables of its own, 64 bytes as 128 hex digits each.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const variables = [
  { name: "FOREIGN_PARTNER_KEY", secret: true, doc: "HMAC-SHA512 key that signs our requests (128 hex digits)" },
  {
    name: "FOREIGN_PLATFORM_KEY",
    secret: true,
    doc: "HMAC-SHA512 key that verifies the platform's responses (128 hex digits); empty: not verified",
  },
  {
    name: "FOREIGN_DATA_KEY",
    secret: true,
    doc: "AES-256 key then HMAC-SHA256 key of encrypted_data (128 hex digits)",
  },
];

interface Keys {
  variables?: Record<string, string>;
}
type Party = "partner" | "platform";

const HEX_64_BYTES = /^[0-9a-fA-F]{128}$/;

export function validateKeys(keys: Keys): Array<{ variable: string; message: string }> {
  const own = keys.variables ?? {};
  return variables
    .filter((v) => !(v.name === "FOREIGN_PLATFORM_KEY" && !own[v.name]))
    .filter((v) => !HEX_64_BYTES.test(own[v.name] ?? ""))
    .map((v) => ({ variable: v.name, message: "must be 64 bytes as 128 hex digits" }));
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export default function createProfile(keys: Keys) {
  const own = keys.variables ?? {};
  const hmacKey = (by: Party) => own[by === "partner" ? "FOREIGN_PARTNER_KEY" : "FOREIGN_PLATFORM_KEY"] ?? "";
  const mac = (by: Party, body: object) =>
    createHmac("sha512", Buffer.from(hmacKey(by), "hex"))
      .update(canonical(body))
      .digest("hex");
  const dataKey = Buffer.from(own.FOREIGN_DATA_KEY ?? "", "hex");
  const [aes, tag] = [dataKey.subarray(0, 32), dataKey.subarray(32)];
  return {
    name: "foreign-hmac-sha512",
    // Synchronous on purpose: the harness accepts sync or async methods.
    sign: (body: object, by: Party) => mac(by, body),
    canVerify: (by: Party) => hmacKey(by) !== "",
    verify(body: object, signature: string, by: Party) {
      if (!hmacKey(by) || !/^[0-9a-f]{128}$/i.test(signature)) return false;
      return timingSafeEqual(Buffer.from(mac(by, body), "hex"), Buffer.from(signature, "hex"));
    },
    async encrypt(data: unknown) {
      const iv = randomBytes(16);
      const cipher = createCipheriv("aes-256-cbc", aes, iv);
      const sealed = Buffer.concat([iv, cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
      return Buffer.concat([sealed, createHmac("sha256", tag).update(sealed).digest()]).toString("base64");
    },
    async decrypt(text: string) {
      const raw = Buffer.from(text, "base64");
      const sealed = raw.subarray(0, raw.length - 32);
      if (!timingSafeEqual(createHmac("sha256", tag).update(sealed).digest(), raw.subarray(raw.length - 32)))
        throw new Error("MAC mismatch");
      const decipher = createDecipheriv("aes-256-cbc", aes, sealed.subarray(0, 16));
      return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(16)), decipher.final()]).toString("utf8"));
    },
  };
}
