/** Reads a Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP date. */

/** Wait when a 429 carries no usable Retry-After: long enough to matter, short enough to bound. */
export const DEFAULT_RETRY_AFTER_MS = 1_000;

const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

export function retryAfterMs(header: string | undefined, now = Date.now()): number {
  const value = header?.trim();
  if (!value) return DEFAULT_RETRY_AFTER_MS;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Only an HTTP date (IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT"): Date.parse reads odd text
  // such as "1.5" or "5, 5" as some date in the past, which would mean no wait at all.
  if (!IMF_FIXDATE.test(value)) return DEFAULT_RETRY_AFTER_MS;
  const date = Date.parse(value);
  return Number.isNaN(date) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, date - now);
}
