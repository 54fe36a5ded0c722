/**
 * Headless Chromium (the Debian package) driven by playwright-core, and a static server on
 * 127.0.0.1 for a report folder: the multi-file Allure report does not render from file://,
 * and `allure open` would listen on every interface.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, resolve, sep } from "node:path";
import { chromium, type Page } from "playwright-core";
import { expect } from "vitest";

export const CHROMIUM = "/usr/bin/chromium";
/** Why a browser test cannot run here, or undefined when it can (CI machines may lack Chromium). */
export const chromiumMissing = existsSync(CHROMIUM)
  ? undefined
  : `headless Chromium not found at ${CHROMIUM} (install the Debian package: apt-get install -y chromium)`;

/**
 * `--disable-features`: the omnibox's popup, a page of the browser's own (chrome://omnibox-popup)
 * that this Chromium renders at start in a renderer of its own even headless, where nothing shows
 * it: about 3 s of CPU per browser here (a report's page 8.9 → 5.7 s, the single-file one 11.3 → 8.6 s).
 */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
];
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".json": "application/json",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};

export interface Served {
  url: string;
  close(): Promise<void>;
}

export async function serveFolder(root: string): Promise<Served> {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const path = resolve(base, `.${decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)}`);
    const file = path === base ? join(base, "index.html") : path;
    if (!file.startsWith(base + sep)) return void res.writeHead(403).end();
    readFile(file).then(
      (body) => res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

/** Opens a page in a fresh profile, records every URL it requests, and always closes the browser. */
export async function withPage<T>(body: (page: Page, requested: string[]) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), "chromium-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const requested: string[] = [];
    page.on("request", (r) => void requested.push(r.url()));
    return await body(page, requested);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const SECTION = '[data-testid="tree-section-title"]';

/**
 * Makes one check visible in the Allure tree: search for its id (the search is debounced, so
 * wait until only its family is left), then open the family and the operation. Each toggle is
 * retried a bounded number of times, since a section's open state is the report's to choose.
 */
export async function revealCheck(page: Page, check: { id: string; family: string; feature: string }): Promise<void> {
  await page.getByPlaceholder("Search tests").fill(check.id);
  await expect.poll(() => page.locator(SECTION).allTextContents(), { timeout: 15_000 }).toEqual([check.family]);
  const steps: Array<[string, string | RegExp]> = [
    [check.family, check.feature],
    [check.feature, new RegExp(`^${check.id} \\[`)],
  ];
  for (const [section, child] of steps) {
    const target = page.getByText(child, { exact: true }).first();
    for (let attempt = 0; attempt < 3 && !(await target.isVisible()); attempt++) {
      await page.locator(SECTION, { hasText: section }).first().click();
      await target.waitFor({ timeout: 3_000 }).catch(() => undefined);
    }
  }
}
