/**
 * A global setup of the unit, sandbox and cli tiers: the tests' RSA keys (throwaway-rsa.ts), made
 * once for the whole `vitest run` — in parallel, off the main thread — and provided to every file.
 * Made in each worker instead, the same seven keys cost about 0.25 s of CPU each, in every worker
 * of every tier that asked (about 45 keys per `npm test`).
 */
import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

/** Every key the tests name, one per role: two roles never share a key. */
export const KEY_ROLES = [
  "certificate-ca",
  "certificate-server",
  "certificate-client",
  "no-certificate",
  "rsa-profile-partner",
  "rsa-profile-platform",
  "rsa-profile-stranger",
] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

declare module "vitest" {
  export interface ProvidedContext {
    /** PKCS#8 PEM of each role's private key. */
    throwawayRsaKeys: Partial<Record<KeyRole, string>>;
  }
}

const makePair = promisify(generateKeyPair);
/**
 * Where the keys are kept between the tiers' setups: vitest loads a global setup once per project,
 * each a module instance of its own, all in this one process.
 */
const KEPT = Symbol.for("payment-conformance.tests.throwawayRsaKeys");
const kept = globalThis as { [KEPT]?: Promise<Record<KeyRole, string>> };

/** Once per process, however many tiers set up: the tiers share the keys. */
function makeKeys(): Promise<Record<KeyRole, string>> {
  kept[KEPT] ??= Promise.all(
    KEY_ROLES.map(async (role) => {
      const { privateKey } = await makePair("rsa", { modulusLength: 2048 });
      return [role, privateKey.export({ type: "pkcs8", format: "pem" }).toString()] as const;
    }),
  ).then((pairs) => Object.fromEntries(pairs) as Record<KeyRole, string>);
  return kept[KEPT];
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide("throwawayRsaKeys", await makeKeys());
}
