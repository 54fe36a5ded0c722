/** What the sandbox's handlers share. */
import type { CryptoProfile } from "../lib/crypto/index.ts";
import type { FaultHooks } from "./fault-hooks.ts";
import type { FaultSet } from "./faults.ts";
import type { Ledger } from "./ledger.ts";
import type { TokenIssuer } from "./tokens.ts";
import type { CardApiVerifier } from "./card-auth.ts";
import { reject } from "./protocol.ts";
import { requestProblems } from "./validation.ts";
import type { DateForm } from "../lib/time/date-form.ts";

export interface SandboxEnv {
  ledger: Ledger;
  /** The response faults (rewrites of an answer), applied by server.ts. */
  faults: FaultSet;
  /** Where the sandbox deviates on purpose (fault-hooks.ts): conforming unless a behaviour fault says otherwise. */
  hooks: FaultHooks;
  profile: CryptoProfile;
  /** Issues access tokens and says which bearer tokens are valid now. */
  tokens: TokenIssuer;
  /** Card API auth as configured (card-auth.ts). */
  verifyCardApi: CardApiVerifier;
  /** When set, card API requests must carry this header (card API auth is not shown, §5). */
  cardApiHeader?: { name: string; value: string };
  /** The sandbox's clock: real time plus its clock offset (postings, usage periods, `dt`). */
  now(): number;
  /** Statement bounds in this form only (--date-format); unset: any ISO 8601 date or date-time. */
  dateForm?: DateForm;
  /** Answers served so far per key (an operation, a statement of one period): what a deviation that alternates counts. */
  served: Map<string, number>;
}

/** Counts one more answer served under `key` and returns its number (1 the first). */
export function nthServed(env: SandboxEnv, key: string): number {
  const n = (env.served.get(key) ?? 0) + 1;
  env.served.set(key, n);
  return n;
}

/** Whether this success answer of the operation is one an older build serializes (every second one, fault-hooks.ts). */
export function servedByOldBuild(env: SandboxEnv, operation: string): boolean {
  return env.hooks.alternatesBuilds && nthServed(env, `build:${operation}`) % 2 === 0;
}

/** Rejects with 400 and the schema's complaints when a body does not match a request schema (validation.ts). */
export function validateRequest<T>(_env: SandboxEnv, schema: string, body: unknown): T {
  const problems = requestProblems(schema, body);
  if (problems !== undefined) reject(400, "INVALID_REQUEST", problems);
  return body as T;
}
