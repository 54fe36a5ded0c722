/** The HTML report: no third-party script survives; the failure categories match the check failure titles. */
import { expect, test } from "vitest";
import { CATEGORY_TITLES } from "../../lib/checks/failure.ts";
import { sanitizeReportHtml } from "../../lib/reporting/report-html.ts";
import { renderSpecHtml } from "../../lib/reporting/spec-html.ts";

const GENERATED = `<html><head><title>r</title></head><body>
<script src="app-1.js"></script>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-X"></script>
<script>
  window.dataLayer = window.dataLayer || [];
  function gtag(){dataLayer.push(arguments);}
  gtag('config', 'G-X');
</script>
<script async>window.allureReportDataReady = true;</script>
</body></html>`;

test("third-party scripts and analytics are removed; the app and a CSP remain", () => {
  const html = sanitizeReportHtml(GENERATED);
  expect(html).not.toMatch(/googletagmanager|gtag|dataLayer/);
  expect(html).toContain('<script src="app-1.js"></script>');
  expect(html).toContain("allureReportDataReady");
  expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'self'/);
  expect(sanitizeReportHtml(html)).toBe(html);
});

test("every failure title has an Allure category", async () => {
  const allurerc: unknown = (await import(new URL("../../allurerc.mjs", import.meta.url).href)).default;
  const rules = (allurerc as { categories: { rules: Array<{ matchers: { message: RegExp } }> } }).categories.rules;
  for (const title of Object.values(CATEGORY_TITLES)) {
    expect(
      rules.some((r) => r.matchers.message.test(`${title}: detail`)),
      title,
    ).toBe(true);
  }
});

test("spec.html has an anchor per clause", () => {
  const html = renderSpecHtml("## 4. Endpoints\n\n### 4.2 Card statement\n\n| a | b |\n|---|---|\n| 1 | `x` |\n");
  expect(html).toContain('<h2 id="section-4">§4 Endpoints</h2>');
  expect(html).toContain('<h3 id="section-4.2">§4.2 Card statement</h3>');
  expect(html).toContain("<td><code>x</code></td>");
});
