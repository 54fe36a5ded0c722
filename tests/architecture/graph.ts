/**
 * The harness's own import graph, read from the source: every static `import`/`export … from`
 * (type-only included) from the text, and every `import(…)` from the syntax tree — a literal, or
 * an argument that resolves statically (`new URL("./x.ts", import.meta.url).href`, a constant
 * holding one, the `module` entries of a command table), followed like a static import. An
 * argument known only at run time resolves to nothing: `unresolvedImports` lists it, and the
 * import rules hold it to a named list (rules.ts, RUNTIME_IMPORTS).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { lineOf, nodes, parse } from "./source.ts";

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
/** A file that may hold an `import(…)` call: only these are parsed into a syntax tree. */
const MAY_IMPORT_DYNAMICALLY = /\bimport\s*\(/;

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

export interface DynamicImport {
  line: number;
  /** The argument as written. */
  argument: string;
  /** What it loads, when that resolves statically; undefined when only the run knows. */
  specs: string[] | undefined;
}

/** Every `import(…)` call of a file, with the specifiers its argument resolves to. */
export function dynamicImports(file: string, text: string): DynamicImport[] {
  if (!MAY_IMPORT_DYNAMICALLY.test(text)) return [];
  const sf = parse(file, text);
  return [...nodes(sf)].flatMap((node) => {
    if (!ts.isCallExpression(node) || node.expression.kind !== ts.SyntaxKind.ImportKeyword) return [];
    const argument = node.arguments[0];
    if (!argument) return [];
    return [{ line: lineOf(node), argument: argument.getText(), specs: specsOf(argument, sf, 0) }];
  });
}

/** The specifiers an expression stands for, read from the file alone; undefined when it depends on the run. */
export function specsOf(e: ts.Expression, sf: ts.SourceFile, depth: number): string[] | undefined {
  if (depth > 5) return undefined;
  const next = (x: ts.Expression) => specsOf(x, sf, depth + 1);
  if (ts.isStringLiteralLike(e)) return [e.text];
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) return next(e.expression);
  if (ts.isConditionalExpression(e)) return union([next(e.whenTrue), next(e.whenFalse)]);
  if (ts.isNewExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "URL") {
    const [path, base] = e.arguments ?? [];
    return path && base?.getText() === "import.meta.url" ? next(path) : undefined;
  }
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
    const wraps = ["pathToFileURL", "fileURLToPath", "String"].includes(e.expression.text);
    return wraps && e.arguments[0] ? next(e.arguments[0]) : undefined;
  }
  if (ts.isPropertyAccessExpression(e) && ["href", "pathname"].includes(e.name.text)) return next(e.expression);
  if (ts.isIdentifier(e)) {
    const init = [...nodes(sf)].find(
      (n): n is ts.VariableDeclaration =>
        ts.isVariableDeclaration(n) &&
        ts.isIdentifier(n.name) &&
        n.name.text === e.text &&
        Boolean(n.parent.flags & ts.NodeFlags.Const),
    )?.initializer;
    return init ? next(init) : undefined;
  }
  // `command.module`: the `module` entries written in the file (a table of subcommands).
  if (ts.isPropertyAccessExpression(e)) {
    const entries = [...nodes(sf)].filter(
      (n): n is ts.PropertyAssignment =>
        ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && n.name.text === e.name.text,
    );
    return entries.length ? union(entries.map((p) => next(p.initializer))) : undefined;
  }
  return undefined;
}

function union(parts: Array<string[] | undefined>): string[] | undefined {
  return parts.every((p) => p !== undefined) ? [...new Set(parts.flat())] : undefined;
}

function listSources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listSources(path);
    return /\.(ts|mts|mjs)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const files = (root: string) => ROOTS.flatMap((r) => listSources(join(root, r)));
const repoPath = (root: string, path: string) => relative(root, path).split("\\").join("/");

/** The edges of one file (a repository path) with the given text. */
export function edgesOf(root: string, from: string, text: string): Edge[] {
  const file = join(root, from);
  const found = new Map<string, Edge>();
  const add = (spec: string, typeOnly: boolean) => {
    if (!spec.startsWith(".")) return;
    const to = repoPath(root, resolve(dirname(file), spec));
    const known = found.get(to);
    found.set(to, { from, to, typeOnly: typeOnly && (known?.typeOnly ?? true) });
  };
  for (const { spec, typeOnly } of parseImports(text)) add(spec, typeOnly);
  for (const d of dynamicImports(from, text)) for (const spec of d.specs ?? []) add(spec, false);
  return [...found.values()];
}

/** Edges between repository files (paths relative to root, `/`-separated). */
export function importGraph(root: string): Edge[] {
  return files(root).flatMap((file) => edgesOf(root, repoPath(root, file), readFileSync(file, "utf8")));
}

/** The `import(…)` calls whose argument only the run knows, by file. */
export function unresolvedImports(root: string): Array<{ file: string; line: number; argument: string }> {
  return files(root).flatMap((path) => {
    const file = repoPath(root, path);
    return dynamicImports(file, readFileSync(path, "utf8"))
      .filter((d) => d.specs === undefined)
      .map(({ line, argument }) => ({ file, line, argument }));
  });
}
