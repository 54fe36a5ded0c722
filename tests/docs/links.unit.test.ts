/**
 * No dead link: every relative link and `#anchor` of every Markdown file of the repository, and
 * every docs page (with its anchor) the code names in a message or comment, lands. The partner's
 * first page stays a first page (own-server.md at most 12 KB; the README's cap is front-door's).
 * Synthetic pages prove the finder finds what it must.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import { ROOT } from "../support/root.ts";
import { anchorsOf, deadLinks, deadPageMentions, slug } from "./links.ts";

const SKIP = new Set(["node_modules", ".git", "reports", "allure-report"]);

/** Files under `dir` (relative to ROOT) whose name ends in one of `ends`, skipping build and run output. */
function walk(dir: string, ends: readonly string[]): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : walk(path, ends);
    return ends.some((end) => e.name.endsWith(end)) ? [path] : [];
  });
}

const MARKDOWN = [
  ...["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "catalogue/README.md", "reports/README.md"],
  ...walk("docs", [".md"]),
];
// The finder's own files name synthetic pages.
const CODE = ["lib", "cli", "generators", "suites", "sandbox", "scripts", "tests"]
  .flatMap((d) => walk(d, [".ts", ".mts"]))
  .filter((f) => !/tests\/docs\/links\b/.test(f));

test("every relative link and #anchor of the repository's Markdown lands", () => {
  expect(deadLinks(ROOT, MARKDOWN)).toEqual([]);
});

test("every docs page the code names (messages, comments), with its #anchor, exists", () => {
  expect(deadPageMentions(ROOT, CODE)).toEqual([]);
});

test("own-server.md stays a first page: at most 12 KB", () => {
  expect(Buffer.byteLength(readFileSync(join(ROOT, "docs/own-server.md")))).toBeLessThanOrEqual(12_000);
});

test("anchors are GitHub's: punctuation dropped, code spans bare, repeats numbered", () => {
  const page =
    '# A\n\n## 2b. The network: your CA, the proxy\n\n## `STATEMENT_DATE_FORMAT` — dates\n\n## A\n\n<a id="kept"></a>\n';
  expect([...anchorsOf(page)]).toEqual([
    "a",
    "2b-the-network-your-ca-the-proxy",
    "statement_date_format--dates",
    "a-1",
    "kept",
  ]);
  expect(slug("Which extension: `.ts` or `.mts`")).toBe("which-extension-ts-or-mts");
});

test("synthetic pages: a missing page, a missing anchor and a dead mention are found; live ones and code are not", () => {
  const root = mkdtempSync(join(tmpdir(), "links-"));
  mkdirSync(join(root, "docs"));
  writeFileSync(join(root, "docs/b.md"), "# B\n\n## Kept heading\n");
  const a = [
    "# A",
    "[live](b.md#kept-heading) [self](#a) [web](https://example.com/x.md#y) [dir](../docs)",
    "[gone](c.md) [moved](b.md#old-heading) [self gone](#nowhere)",
    "`[in code](nowhere.md)`",
    "```md\n[in a block](nowhere.md)\n```",
  ].join("\n\n");
  writeFileSync(join(root, "docs/a.md"), a);
  expect(deadLinks(root, ["docs/a.md", "docs/b.md"])).toEqual([
    "docs/a.md:5 c.md — no such file c.md",
    "docs/a.md:5 b.md#old-heading — no heading #old-heading in b.md",
    "docs/a.md:5 #nowhere — no heading #nowhere in this page",
  ]);
  writeFileSync(
    join(root, "code.ts"),
    '// see docs/b.md#kept-heading\nthrow new Error("(docs/b.md#gone, docs/c.md)");\n',
  );
  expect(deadPageMentions(root, ["code.ts"]).map((l) => relative(root, join(root, l)))).toEqual([
    "code.ts: docs/b.md#gone — no heading #gone in docs/b.md",
    "code.ts: docs/c.md — no such file docs/c.md",
  ]);
});
