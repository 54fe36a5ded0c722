/**
 * Dead links in the repository's Markdown and in the code's mentions of a docs page: every
 * relative link must name a file that exists, and every `#anchor` a heading (or an explicit
 * `<a id>`) of the page it names, as GitHub renders them. Links are read with markdown-it, so a
 * link inside a code block or code span is not one.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import MarkdownIt from "markdown-it";

const md = new MarkdownIt({ html: true });

type Token = ReturnType<MarkdownIt["parse"]>[number];

/** GitHub's heading anchor: lower case, punctuation and symbols dropped, spaces as hyphens. */
export function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The text a heading shows (code spans without their backticks, links as their text). */
function headingText(inline: Token): string {
  return (inline.children ?? [])
    .filter((t) => t.type === "text" || t.type === "code_inline")
    .map((t) => t.content)
    .join("");
}

/** Every anchor a page offers: its headings' (repeats numbered -1, -2 as GitHub does) and `<a id|name>`. */
export function anchorsOf(text: string): Set<string> {
  const tokens = md.parse(text, {});
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  tokens.forEach((t, i) => {
    if (t.type !== "heading_open") return;
    const base = slug(headingText(tokens[i + 1]!));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  });
  for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

/** The link targets of a page, with their line numbers (inline links, images, raw `<a href>`). */
function linksOf(text: string): Array<{ target: string; line: number }> {
  const links: Array<{ target: string; line: number }> = [];
  for (const block of md.parse(text, {})) {
    const line = (block.map?.[0] ?? 0) + 1;
    for (const t of block.children ?? []) {
      const target = t.type === "link_open" ? t.attrGet("href") : t.type === "image" ? t.attrGet("src") : null;
      if (target) links.push({ target, line });
    }
    if (block.type === "html_block" || block.type === "inline")
      for (const m of block.content.matchAll(/<a\s[^>]*href="([^"]+)"/g)) links.push({ target: m[1]!, line });
  }
  return links;
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);
const pages = new Map<string, Set<string>>();

function anchorsOfFile(file: string): Set<string> {
  let anchors = pages.get(file);
  if (!anchors) pages.set(file, (anchors = anchorsOf(readFileSync(file, "utf8"))));
  return anchors;
}

/** Why a target (a path relative to `from`'s folder, with an optional #anchor) is dead; undefined when it lives. */
export function deadTarget(from: string, target: string): string | undefined {
  const [path, anchor] = target.split("#", 2) as [string, string | undefined];
  const file = path ? join(dirname(from), decodeURIComponent(path)) : from;
  if (!existsSync(file)) return `no such file ${path}`;
  if (!anchor || !file.endsWith(".md") || statSync(file).isDirectory()) return undefined;
  return anchorsOfFile(file).has(decodeURIComponent(anchor))
    ? undefined
    : `no heading #${anchor} in ${path || "this page"}`;
}

/** Each dead link of the Markdown files, as "file:line target — why", paths relative to `root`. */
export function deadLinks(root: string, files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const full = join(root, file);
    return linksOf(readFileSync(full, "utf8"))
      .filter((l) => !external(l.target))
      .flatMap((l) => {
        const why = deadTarget(full, l.target);
        return why ? [`${file}:${l.line} ${l.target} — ${why}`] : [];
      });
  });
}

/** Each dead mention of a docs page in code (a message or comment naming `docs/page.md#anchor`), from `root`. */
export function deadPageMentions(root: string, files: readonly string[]): string[] {
  return files.flatMap((file) =>
    [...readFileSync(join(root, file), "utf8").matchAll(/\b(docs\/[\w./-]+\.md)(#[\w-]+)?/g)].flatMap((m) => {
      const why = deadTarget(join(root, "mention"), m[1]! + (m[2] ?? ""));
      return why ? [`${relative(root, join(root, file))}: ${m[0]} — ${why}`] : [];
    }),
  );
}
