/**
 * A statement period must make sense (§2.2): its end not before its start, and not wholly in the
 * future (a period that has not begun has no transactions; answering "none" would read as "no
 * spending"). A day of margin for the clocks of client and platform.
 */
import type { SandboxEnv } from "../env.ts";
import { reject } from "../protocol.ts";

const CLOCK_MARGIN_MS = 86_400_000;

export function requireSensiblePeriod(env: SandboxEnv, from: number, to: number): void {
  if (env.faults.has("accepts-nonsense-periods")) return;
  if (to < from) reject(400, "INVALID_PERIOD", "end_date is before start_date");
  if (from > Date.now() + CLOCK_MARGIN_MS) reject(422, "INVALID_PERIOD", "the period has not begun");
}
