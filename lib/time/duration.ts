/**
 * Durations as people write them on a command line: 500ms, 5s, 90m, 2h, or a number of seconds —
 * one reader for every option that takes one (--token-ttl, --clock-offset).
 */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
const DURATION = /^([+-]?\d+(?:\.\d+)?)(ms|s|m|h)?$/;

/** A duration in whole ms, with its sign ("-30s" → −30 000); undefined when it is none. */
export function parseSignedDuration(text: string): number | undefined {
  const m = DURATION.exec(text.trim());
  if (!m) return undefined;
  const ms = Math.round(Number(m[1]) * UNIT_MS[m[2] ?? "s"]!);
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** A positive duration in whole ms (a lifetime: at least 1 ms); undefined otherwise. */
export function parseDuration(text: string): number | undefined {
  const ms = parseSignedDuration(text);
  return ms !== undefined && ms >= 1 && !text.trim().startsWith("+") ? ms : undefined;
}
