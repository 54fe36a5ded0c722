/**
 * Finds what in a generated report could reach past the machine: analytics markers, external
 * script, stylesheet or frame references, and any http(s) URL that is not local, not an XML
 * namespace, not a reserved example domain of the sandbox's test data, and not one of the few
 * inert strings inside Allure's app bundle (listed with the reason).
 */
import { folderTexts } from "../leak/texts.ts";

const ANALYTICS = /googletagmanager|google-analytics|gtag\(|\bdataLayer\b/;
const EXTERNAL_REFERENCE = /<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)=["']?(?:https?:)?\/\//i;
const URL_IN_TEXT = /https?:\/\/[^\s"'`<>()\\]+/g;
const ALLOWED = [
  /^https?:\/\/(?:127\.0\.0\.1|localhost)(?:[:/]|$)/, // the machine itself
  /^http:\/\/www\.w3\.org\//, // SVG, MathML and XHTML namespaces: compared as strings, never fetched
  /^https?:\/\/[\w.-]+\.example(?:[:/]|$)/, // sandbox merchant URLs in evidence: a reserved TLD (RFC 2606), never resolves
  /^https?:\/\/\$\{/, // a template literal in the app bundle, not a URL
];
/** Links in Allure's app bundle and its licence notes that only a reader's click would follow; the CSP blocks any fetch. */
export const INERT_APP_LINKS = [
  "https://allurereport.org", // "Powered by Allure Report" footer link
  "https://trace.playwright.dev", // viewer for Playwright traces, which this harness never attaches
  "https://opensource.org/licenses/MIT", // licence text of bundled code
  "https://lea.verou.me", // author link in the licence note of the bundled Prism highlighter
];

export interface Finding {
  file: string;
  what: string;
}

const allowed = (url: string) =>
  ALLOWED.some((re) => re.test(url)) || INERT_APP_LINKS.some((l) => url === l || url.startsWith(`${l}/`));

export function thirdPartyFindings(dir: string): Finding[] {
  const findings: Finding[] = [];
  for (const { file, text } of folderTexts(dir)) {
    const analytics = ANALYTICS.exec(text);
    if (analytics) findings.push({ file, what: `analytics marker ${analytics[0]}` });
    const external = EXTERNAL_REFERENCE.exec(text);
    if (external) findings.push({ file, what: `external reference ${external[0]}` });
    for (const [url] of text.matchAll(URL_IN_TEXT)) if (!allowed(url)) findings.push({ file, what: `URL ${url}` });
  }
  return findings;
}
