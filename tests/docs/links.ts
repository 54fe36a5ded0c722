/**
 * Dead links in the repository's Markdown and in the code's mentions of a docs page: every
 * relative link must name a file that exists, and every `#anchor` a heading (or an explicit
 * `<a id>`) of the page it names, as GitHub renders them. A link inside a code block or a code
 * span is not one.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** GitHub's heading anchor: lower case, punctuation and symbols dropped, spaces as hyphens. */
export function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The page's lines with fenced code blocks blanked (line numbers kept). */
function outsideFences(text: string): string[] {
  let fence: string | undefined;
  return text.split("\n").map((line) => {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker && (!fence || marker === fence)) {
      fence = fence ? undefined : marker;
      return "";
    }
    return fence ? "" : line;
  });
}

/** The text a heading shows: code spans without their backticks, links as their text. */
function headingText(line: string): string {
  return line
    .replace(/^#{1,6}\s+/, "")
    .replace(/\s+#+\s*$/, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`/g, "");
}

/** Every anchor a page offers: its headings' (repeats numbered -1, -2 as GitHub does) and `<a id|name>`. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const headings = outsideFences(text).filter((l) => /^#{1,6}\s/.test(l));
  for (const heading of headings) {
    const base = slug(headingText(heading));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

/** The link targets of a page, with their line numbers: inline links and images, raw `<a href>`. */
function linksOf(text: string): Array<{ target: string; line: number }> {
  // Code spans are no links.
  const lines = outsideFences(text).map((line) => line.replace(/(`+)[^`]*?\1/g, ""));
  return lines.flatMap((line, i) => [
    ...[...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({ target: m[1]!, line: i + 1 })),
    ...[...line.matchAll(/<a\s[^>]*href="([^"]+)"/g)].map((m) => ({ target: m[1]!, line: i + 1 })),
  ]);
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
