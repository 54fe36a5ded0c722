/**
 * LEDGER_SETTLE_MS, read once: how long an accepted debit may take to show in the statement and in
 * limit usage. A shared staging posts asynchronously (§4.2 says nothing of when a posting becomes
 * visible), so every ledger reading that expects a posting waits up to this bound
 * (lib/checks/converge.ts). The default is a bound too, but not the target's word: a lag seen
 * under it is reported with the measured settle time and never called a violation. A bad value is
 * a ConfigError naming the variable (exit 2, one line). Beside it AMOUNT_NONCE, what makes the
 * ledger checks' amounts the run's own (lib/payments/run-amounts.ts).
 */
import { randomInt } from "node:crypto";
import type { Env } from "./reader.ts";
import type { createReader } from "./reader.ts";

export interface LedgerSettle {
  /** Milliseconds a posting may take to show. */
  ms: number;
  /** Whether the target declared it (an explicit value, even one equal to the default). */
  declared: boolean;
}

/** The longest bound a target may declare: ten minutes, the run deadline's order of magnitude. */
export const LEDGER_SETTLE_MAX_MS = 600_000;

export function readLedgerSettle(r: ReturnType<typeof createReader>, env: Env): LedgerSettle {
  return {
    ms: r.integer("LEDGER_SETTLE_MS", 0, LEDGER_SETTLE_MAX_MS),
    declared: Boolean(env.LEDGER_SETTLE_MS?.trim()),
  };
}

/** The largest nonce: amounts are moved modulo a range's width, so any 31-bit number will do. */
const NONCE_MAX = 2 ** 31 - 2;

/** AMOUNT_NONCE as declared, else a random one: two runs started together then send different amounts. */
export function readAmountNonce(r: ReturnType<typeof createReader>): number {
  return r.string("AMOUNT_NONCE") ? r.integer("AMOUNT_NONCE", 0, NONCE_MAX) : randomInt(0, NONCE_MAX + 1);
}
