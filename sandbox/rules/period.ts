/**
 * A statement period must make sense (§2.2): its end not before its start. A period wholly in the
 * future is answered (with no operations): refusing it is a choice, not a rule a client can rely on.
 */
import type { SandboxEnv } from "../env.ts";
import { reject } from "../protocol.ts";

export function requireSensiblePeriod(env: SandboxEnv, from: number, to: number): void {
  if (!env.hooks.checksPeriods) return;
  if (to < from) reject(400, "INVALID_PERIOD", "end_date is before start_date");
}
