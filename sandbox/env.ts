/** What the sandbox's handlers share. */
import type { CryptoProfile } from "../lib/crypto/index.ts";
import { describeIssues, SCHEMA_BASE, type ValidatorRegistry } from "../lib/validation/registry.ts";
import type { FaultSet } from "./faults.ts";
import type { Ledger } from "./ledger.ts";
import { reject } from "./protocol.ts";

export interface SandboxEnv {
  ledger: Ledger;
  faults: FaultSet;
  profile: CryptoProfile;
  validators: ValidatorRegistry;
  /** When set, card API requests must carry this header (card API auth is not shown, §5). */
  cardApiHeader?: { name: string; value: string };
}

/** Rejects with 400 and the schema's complaints when a body does not match a request schema. */
export function validateRequest<T>(env: SandboxEnv, schema: string, body: unknown): T {
  const { valid, issues } = env.validators.validate(`${SCHEMA_BASE}${schema}`, body);
  if (!valid) reject(400, "INVALID_REQUEST", describeIssues(issues));
  return body as T;
}
