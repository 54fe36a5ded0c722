/**
 * The safety settings of a run against a target the harness does not own: what the target is
 * (TARGET_ENV), what may be sent to it (mutations, card numbers, a debit cap), how fast
 * (MAX_RPS, CONCURRENCY) and for how long (RUN_DEADLINE_MS). Read with the one config reader.
 */
import { type createReader } from "./reader.ts";
import { ConfigError } from "../errors/config-error.ts";
import { DAY_MS } from "../time/iso.ts";

export const TARGET_ENVS = ["sandbox", "staging", "production"] as const;
export type TargetEnv = (typeof TARGET_ENVS)[number];

export interface SafetySettings {
  targetEnv: TargetEnv;
  allowMutations: boolean;
  /** Cap on the debits of one run in minor units (hundredths); undefined: no cap. */
  maxDebitTotalMinor: number | undefined;
  /** Card numbers that may be sent to a target other than the sandbox. */
  testPans: string[];
  maxRps: number | undefined;
  concurrency: number;
  runDeadlineMs: number;
  /** The expected-failure baseline; undefined: conformance-baseline.json when it exists. */
  baselineFile: string | undefined;
}

type Reader = ReturnType<typeof createReader>;

const PAN = /^\d{12,19}$/;

/** `fixturePans`: PAYMENT_CARD_PAN and UNKNOWN_CARD_PAN (empty when unset), already validated. */
export function readSafety(r: Reader, fixturePans: [payment: string, unknown: string]): SafetySettings {
  const [paymentPan, unknownPan] = fixturePans;
  const targetEnv = r.oneOf("TARGET_ENV", TARGET_ENVS);
  const allowMutations = r.boolean("ALLOW_MUTATIONS");
  const capMinor = r.amountMinor("MAX_DEBIT_TOTAL", "500");
  const testPans = r.list("TEST_PANS").map((p) => p.replace(/[ -]/g, ""));
  if (testPans.some((p) => !PAN.test(p)))
    throw new ConfigError("TEST_PANS", "(value hidden) must list card numbers of 12 to 19 digits, separated by commas");
  const mutates = targetEnv === "staging" || (targetEnv === "production" && allowMutations);
  // Refused here rather than request by request: every debit check would otherwise be skipped.
  if (mutates && !testPans.includes(paymentPan)) {
    throw new ConfigError(
      "TEST_PANS",
      `(value hidden) must list PAYMENT_CARD_PAN: with TARGET_ENV=${targetEnv} only listed test cards are sent`,
    );
  }
  if (mutates && unknownPan && !testPans.includes(unknownPan)) {
    throw new ConfigError(
      "TEST_PANS",
      `(value hidden) must list UNKNOWN_CARD_PAN: with TARGET_ENV=${targetEnv} only listed test cards are sent`,
    );
  }
  if (targetEnv === "production" && allowMutations && capMinor === undefined) {
    throw new ConfigError("MAX_DEBIT_TOTAL", "must be set when TARGET_ENV=production and ALLOW_MUTATIONS=true");
  }
  return {
    targetEnv,
    allowMutations,
    maxDebitTotalMinor: capMinor,
    testPans,
    maxRps: r.string("MAX_RPS") ? r.integer("MAX_RPS", 1) : undefined,
    concurrency: r.integer("CONCURRENCY", 1),
    // A day at most: far beyond any run, and within what a timer can hold (2^31 − 1 ms).
    runDeadlineMs: r.integer("RUN_DEADLINE_MS", 1000, DAY_MS),
    baselineFile: r.string("BASELINE_FILE") || undefined,
  };
}
