/**
 * The foreign platform's published signature and encryption scheme (its side of §2.1 and §5):
 * - signature: lowercase hex HMAC-SHA512, 64-byte keys, over the body without `signature`
 *   serialised with object keys sorted at every level and no white space;
 * - encrypted_data: base64 of IV (16) ‖ AES-256-CBC ciphertext ‖ HMAC-SHA256 of IV ‖ ciphertext
 *   (encrypt-then-MAC); the 64-byte data key is the AES key followed by the MAC key.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function signatureOf(hexKey: string, body: object): string {
  return createHmac("sha512", Buffer.from(hexKey, "hex")).update(sortedJson(body)).digest("hex");
}

export function signatureMatches(hexKey: string, body: object, signature: unknown): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signatureOf(hexKey, body), "hex"), Buffer.from(signature, "hex"));
}

const split = (hexKey: string) => {
  const key = Buffer.from(hexKey, "hex");
  return { aes: key.subarray(0, 32), mac: key.subarray(32, 64) };
};

export function seal(hexKey: string, data: unknown): string {
  const { aes, mac } = split(hexKey);
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", aes, iv);
  const sealed = Buffer.concat([iv, cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
  return Buffer.concat([sealed, createHmac("sha256", mac).update(sealed).digest()]).toString("base64");
}

/** The client data, or undefined when the text is not ours (bad MAC, bad padding, not JSON). */
export function open(hexKey: string, text: string): unknown {
  const { aes, mac } = split(hexKey);
  const raw = Buffer.from(text, "base64");
  if (raw.length < 16 + 16 + 32) return undefined;
  const sealed = raw.subarray(0, raw.length - 32);
  if (!timingSafeEqual(createHmac("sha256", mac).update(sealed).digest(), raw.subarray(raw.length - 32)))
    return undefined;
  try {
    const decipher = createDecipheriv("aes-256-cbc", aes, sealed.subarray(0, 16));
    return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(16)), decipher.final()]).toString("utf8"));
  } catch {
    return undefined;
  }
}
