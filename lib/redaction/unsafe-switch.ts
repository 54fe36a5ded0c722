/** The test-only switch that turns redaction off, and the only place that reads it. */

/**
 * TEST-ONLY switch: the leak-scan test turns redaction off to prove its scanner finds what
 * redaction hides. Hard to set by accident: it is not a configuration variable (not in
 * `.env.example`), it takes only this exact value, it is refused when any target URL is off the
 * loopback interface (so never against a partner's or a real platform's server), and it prints
 * a warning on stderr in every process that honours it. `npm run certify` refuses to pack.
 */
export const UNSAFE_REDACTION_SWITCH = "HARNESS_UNSAFE_DISABLE_REDACTION";
export const UNSAFE_REDACTION_VALUE = "leak-card-data-in-this-test-run";
const TARGET_URL_VARIABLES = ["TARGET_BASE_URL", "CARD_API_BASE_URL", "PARTNER_API_BASE_URL", "MERCHANT_API_BASE_URL"];

function onLoopback(url: string): boolean {
  try {
    return ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

export function unsafeRedactionSwitchOn(env: Record<string, string | undefined>): boolean {
  const value = env[UNSAFE_REDACTION_SWITCH];
  if (!value) return false;
  const remote = TARGET_URL_VARIABLES.filter((name) => env[name] && !onLoopback(env[name]!));
  const honoured = value === UNSAFE_REDACTION_VALUE && remote.length === 0;
  process.stderr.write(
    honoured
      ? `WARNING: ${UNSAFE_REDACTION_SWITCH} is set: REDACTION IS OFF in this process; its outputs hold card data and secrets (test-only switch)\n`
      : `WARNING: ${UNSAFE_REDACTION_SWITCH} ignored (${remote.length ? `${remote.join(", ")} not on loopback` : "wrong value"}); redaction stays on\n`,
  );
  return honoured;
}
