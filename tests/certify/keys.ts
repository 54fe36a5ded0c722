/** Throw-away signing keys for the certification tests (made fresh per run, never stored). */
import { generateKeyPairSync, randomBytes } from "node:crypto";

export function ed25519Keys(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return {
    privatePem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

export function hmacKey(): string {
  return randomBytes(32).toString("hex");
}
