/**
 * The RSA keys of the harness's own tests: made at test time (never committed), once per role in
 * each process. A 2048-bit key costs 0.1-0.5 s of CPU on a 2-core machine, and the tests asked for
 * about 60 of them per `npm test` (three per certificate set, three per RSA profile); reused per
 * role, each worker makes each key once. Two roles never share a key: a test that needs two
 * different keys (a stray platform key beside the platform's) names two roles.
 */
import { createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import type { CertificateRole, CertificateOptions } from "../../sandbox/certificates.ts";

const made = new Map<string, KeyObject>();

/** This process's private key for `role`, made on first use. */
export function throwawayRsaKey(role: string): KeyObject {
  let key = made.get(role);
  if (!key) {
    key = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    made.set(role, key);
  }
  return key;
}

/** The pair of `role` as PEM text: the private key (PKCS#8) and its public key (SPKI). */
export function throwawayRsaPem(role: string): { privatePem: string; publicPem: string } {
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
