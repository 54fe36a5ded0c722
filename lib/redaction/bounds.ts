/**
 * The redactor's bounds: how deep its walk of a JSON value goes and how far past a quote's end it
 * reads, and the one way it hands back a cut string — so that no body a target sends makes a walk,
 * a quote or a message cost more than the bound.
 */

/** How deep the redactor's walk goes (Redactor.json): four times the bounded reader's depth (lib/http/transport/json-body.ts). */
export const REDACT_DEPTH = 256;

/** How far past a quote's end the redactor reads (Redactor.quote): longer than anything it masks but a secret, which it measures. */
export const QUOTE_MARGIN = 4096;

/**
 * The text as a string of its own. V8 makes a slice of a long string a view that keeps the whole
 * string alive: a 160-character preview of a 4 MB body kept the 4 MB with every message holding it.
 */
export function ownCopy(text: string): string {
  return Buffer.from(text, "utf16le").toString("utf16le");
}
