/**
 * The RSA keys of the harness's own tests: made at test time (never committed), one per role —
 * by the tiers' global setup (throwaway-rsa.setup.ts) once per `vitest run`, else once in the
 * process that asks. Two roles never share a key: a test that needs two different keys names two
 * roles.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { inject } from "vitest";
import type { CertificateRole, CertificateOptions } from "../../sandbox/certificates.ts";
import type { KeyRole } from "./throwaway-rsa.setup.ts";

const made = new Map<KeyRole, KeyObject>();

/** The private key of `role`: the global setup's, or made here on first use. */
export function throwawayRsaKey(role: KeyRole): KeyObject {
  let key = made.get(role);
  if (!key) {
    const provided = inject("throwawayRsaKeys")?.[role];
    key = provided ? createPrivateKey(provided) : generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    made.set(role, key);
  }
  return key;
}

/** The pair of `role` as PEM text: the private key (PKCS#8) and its public key (SPKI). */
export function throwawayRsaPem(role: KeyRole): { privatePem: string; publicPem: string } {
  const key = throwawayRsaKey(role);
  return {
    privatePem: key.export({ type: "pkcs8", format: "pem" }).toString(),
    publicPem: createPublicKey(key).export({ type: "spki", format: "pem" }).toString(),
  };
}

/** The keys of a sandbox certificate set (sandbox/certificates.ts): one per role of the set. */
export const CERTIFICATE_KEYS: Pick<CertificateOptions, "keys"> = {
  keys: (role: CertificateRole) => throwawayRsaKey(`certificate-${role}`),
};
