/**
 * Makes a generated Allure report safe to hand over: a payment company's report must not call
 * out to third parties, so external scripts (Allure 3 embeds Google Tag Manager) and inline
 * analytics are removed, and a Content-Security-Policy keeps every request on the report's origin.
 * The single-file report loads its app from a `data:` script, which script-src must allow.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const EXTERNAL_SCRIPT = /<script\b[^>]*\bsrc=["']?(?:https?:)?\/\/[^>]*>\s*<\/script>/gi;
const INLINE_ANALYTICS =
  /<script\b[^>]*>(?:(?!<\/script>)[\s\S])*?\b(?:gtag|dataLayer|googletagmanager)\b[\s\S]*?<\/script>/gi;
const REPORT_CSP =
  "default-src 'self' data: blob:; script-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' data: blob:";

export function sanitizeReportHtml(html: string): string {
  const stripped = html.replace(EXTERNAL_SCRIPT, "").replace(INLINE_ANALYTICS, "");
  const meta = `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`;
  return stripped.includes("Content-Security-Policy")
    ? stripped
    : stripped.replace(/<head([^>]*)>/i, `<head$1>\n    ${meta}`);
}

/** Sanitizes every HTML file of a report folder; returns the files changed. */
export function sanitizeReportFolder(dir: string): string[] {
  const changed: string[] = [];
  for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".html")) continue;
    const path = join(dir, file);
    const before = readFileSync(path, "utf8");
    const after = sanitizeReportHtml(before);
    if (after !== before) {
      writeFileSync(path, after);
      changed.push(path);
    }
  }
  return changed;
}
