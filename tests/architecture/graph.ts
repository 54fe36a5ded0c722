/**
 * The harness's own import graph, read from the source text: every static `import`/`export … from`
 * (type-only included) and every literal `import("…")` of a relative path, resolved to a file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const ROOTS = ["lib", "suites", "generators", "sandbox", "cli", "bench", "tests"] as const;

export interface Edge {
  readonly from: string;
  readonly to: string;
  /** Every import of this edge is `import type` / `export type`: erased at runtime. */
  readonly typeOnly: boolean;
}

const STATIC = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gm;
const SIDE_EFFECT = /^\s*import\s*["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Relative specifiers of one file's imports, with whether each is type-only. */
export function parseImports(source: string): { spec: string; typeOnly: boolean }[] {
  return parseAllImports(source).filter((f) => f.spec.startsWith("."));
}

/** Every specifier of one file's imports (relative, packages, node: built-ins), with whether each is type-only. */
export function parseAllImports(source: string): { spec: string; typeOnly: boolean }[] {
  const found: { spec: string; typeOnly: boolean }[] = [];
  for (const m of source.matchAll(STATIC)) {
    const typeOnly = Boolean(m[2]) || /^\{\s*(type\s+[^,}]+\s*,?\s*)+\}$/.test(m[3] ?? "");
    found.push({ spec: m[4]!, typeOnly });
  }
  for (const m of source.matchAll(SIDE_EFFECT)) found.push({ spec: m[1]!, typeOnly: false });
  for (const m of source.matchAll(DYNAMIC)) found.push({ spec: m[1]!, typeOnly: false });
  return found;
}

function listTs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listTs(path);
    return /\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Edges between repository files (paths relative to root, `/`-separated). */
export function importGraph(root: string): Edge[] {
  const edges: Edge[] = [];
  for (const file of ROOTS.flatMap((r) => listTs(join(root, r)))) {
    const from = relative(root, file).split("\\").join("/");
    for (const { spec, typeOnly } of parseImports(readFileSync(file, "utf8"))) {
      const to = relative(root, resolve(dirname(file), spec))
        .split("\\")
        .join("/");
      edges.push({ from, to, typeOnly });
    }
  }
  return edges;
}
