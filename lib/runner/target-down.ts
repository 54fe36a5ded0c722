/**
 * "The target is down" is not "the configuration is wrong" (DESIGN.md verdicts):
 * when no preflight probe got an answer from a working target — every one refused the connection,
 * found no host, timed out, or answered 502/503/504 (a gateway with nothing behind it) — the run
 * ends with verdict "target unavailable" and exit code 3, so a nightly job retries later instead
 * of paging anyone. A target that answers at all, even wrongly, is judged by the checks (exit 1);
 * a TLS problem stays a configuration problem (exit 2, TLS_CA_FILE and friends).
 */
import type { Exchange } from "../http/exchange.ts";
import { redactor } from "../redaction/redact.ts";

/** Ends the command with exit code 3 (settleCommand). */
export class TargetUnavailable extends Error {
  override name = "TargetUnavailable";
}

const NO_HOST = /ENOTFOUND|EAI_AGAIN/;
const GATEWAY_DOWN = new Set([502, 503, 504]);

/** Why this exchange shows nothing behind the URL, or undefined when something answered. */
export function downReason(exchange: Exchange): string | undefined {
  const t = exchange.transportError;
  if (t) {
    if (t.kind === "connection-refused" || t.kind === "timeout" || NO_HOST.test(t.message)) return t.message;
    return undefined;
  }
  const status = exchange.response?.status;
  return status !== undefined && GATEWAY_DOWN.has(status) ? `HTTP ${status}` : undefined;
}

/** What a preflight probe leaves for this rule: sent or not, and if sent, whether the target was down. */
export interface ProbeReach {
  kind: string;
  down?: string;
}

/** Throws TargetUnavailable when every probe that was sent found the target down. */
export function throwIfTargetDown(outcomes: ProbeReach[], origin: string): void {
  const sent = outcomes.filter((o) => o.kind !== "not sent");
  if (!sent.length || !sent.every((o) => o.kind !== "ok" && o.down !== undefined)) return;
  const reasons = [...new Set(sent.map((o) => o.down))].join(", ");
  throw new TargetUnavailable(
    redactor.text(
      `target unavailable: ${origin} did not answer any preflight request (${reasons}); nothing was judged: check that the target is running (and TARGET_BASE_URL), or try again later`,
    ),
  );
}
