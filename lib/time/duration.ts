/** Durations as people write them on a command line: 500ms, 5s, 2m, or a number of seconds. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!m) return undefined;
  const ms = Math.round(Number(m[1]) * (m[2] === "ms" ? 1 : m[2] === "m" ? 60_000 : 1000));
  return ms >= 1 && Number.isSafeInteger(ms) ? ms : undefined;
}
