/** Reads a Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP date. */

/** Wait when a 429 carries no usable Retry-After: long enough to matter, short enough to bound. */
export const DEFAULT_RETRY_AFTER_MS = 1_000;

export function retryAfterMs(header: string | undefined, now = Date.now()): number {
  const value = header?.trim();
  if (!value) return DEFAULT_RETRY_AFTER_MS;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, date - now);
}
