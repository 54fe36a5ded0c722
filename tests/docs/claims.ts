/**
 * What the contributor pages claim about the code, read so that a test can hold them to it: the
 * names a page places in a file ("`lib/payments/money.ts`: `parseDecimal`, `unitsOf`"), whether
 * the shipped code uses them, and the rows of a Markdown table. Each check returns the stale
 * claims it finds, so a synthetic page proves it reports one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { nodes, parse, PRODUCT_ROOTS, sourceFiles } from "../architecture/source.ts";

const CODE_FILE = "(?:lib|suites|generators|sandbox|cli|bench|tests)/[\\w./-]+\\.m?ts";
const CODE_FOLDER = "(?:lib|suites|generators|sandbox|cli|bench)(?:/[\\w-]+)*";
const NAME = /`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`/g;
/** A list of names runs to the end of its parenthesis or clause. */
const LIST = "(`[^()]*?)(?=\\)|;|\\. | — |$)";

/**
 * The names a page places in a file or a folder: "`file`: `a`, `b` to read, `c`", "`folder`
 * (`a`, `b`)", "`name` in `file`" and "`name()` (`file`". A list starts with a name at once: "`file`: the run is
 * `incomplete`" places nothing.
 */
export function namesPlaced(page: string): Array<{ file: string; name: string }> {
  const text = page.replace(/\s+/g, " ");
  const found: Array<{ file: string; name: string }> = [];
  const lists = [new RegExp(`\`(${CODE_FILE})\`: ${LIST}`, "g"), new RegExp(`\`(${CODE_FOLDER})\` \\(${LIST}`, "g")];
  for (const re of lists)
    for (const m of text.matchAll(re)) for (const n of m[2]!.matchAll(NAME)) found.push({ file: m[1]!, name: n[1]! });
  const beside = new RegExp(`\`([A-Za-z_$][\\w$]*)(?:\\([^\`]*\\))?\`(?: in|,)? \\(?\`(${CODE_FILE})\``, "g");
  for (const m of text.matchAll(beside)) found.push({ file: m[2]!, name: m[1]! });
  return found;
}

/** True when the file declares the name: a function, variable, class, type, member or property of it. */
export function declares(file: string, text: string, name: string): boolean {
  return [...nodes(parse(file, text))].some(
    (n) =>
      (ts.isFunctionDeclaration(n) ||
        ts.isVariableDeclaration(n) ||
        ts.isClassDeclaration(n) ||
        ts.isInterfaceDeclaration(n) ||
        ts.isTypeAliasDeclaration(n) ||
        ts.isMethodDeclaration(n) ||
        ts.isMethodSignature(n) ||
        ts.isPropertySignature(n) ||
        ts.isPropertyDeclaration(n) ||
        ts.isPropertyAssignment(n)) &&
      n.name !== undefined &&
      ts.isIdentifier(n.name) &&
      n.name.text === name,
  );
}

/** How often each name is used in the shipped code: identifiers other than a declaration's own name or an import. */
export function uses(root: string): Map<string, number> {
  const count = new Map<string, number>();
  for (const file of sourceFiles(root, PRODUCT_ROOTS)) {
    for (const n of nodes(parse(file, readFileSync(join(root, file), "utf8")))) {
      if (!ts.isIdentifier(n) || isDeclarationName(n)) continue;
      count.set(n.text, (count.get(n.text) ?? 0) + 1);
    }
  }
  return count;
}

function isDeclarationName(n: ts.Identifier): boolean {
  const p = n.parent;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p)) return true;
  return ts.isDeclarationStatement(p) || ts.isVariableDeclaration(p) || ts.isClassElement(p) || ts.isTypeElement(p)
    ? (p as { name?: ts.Node }).name === n
    : false;
}

/**
 * The stale placements of a page: a name its file does not declare, or one nothing uses (a "one
 * way" nobody takes: `used` says whether the code around the file uses it beyond its declaration). `hypothetical`: names of a worked example that adds them.
 */
export function stalePlacements(
  page: string,
  read: (file: string) => string | undefined,
  used: (name: string, file: string) => boolean,
  hypothetical: readonly string[] = [],
): string[] {
  return namesPlaced(page).flatMap(({ file, name }) => {
    if (hypothetical.includes(name)) return [];
    const text = read(file);
    if (text === undefined) return [`${file} (named with \`${name}\`) does not exist`];
    if (!declares(file, text, name)) return [`\`${name}\` is not declared in ${file}`];
    if (!used(name, file)) return [`\`${name}\` (${file}) is used by nothing but its declaration`];
    return [];
  });
}

/** The code spans of the first cell of each row of the table under `## heading`. */
export function firstCells(page: string, heading: string): string[][] {
  const start = page.indexOf(`## ${heading}\n`);
  if (start < 0) return [];
  const section = page.slice(start).split(/\n## /)[0]!;
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => [...line.split(" | ")[0]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

/** "tests/support/*-target/" → a regular expression over repository paths (a unit, a folder or a file). */
export function folderPattern(cell: string): RegExp {
  const body = cell
    .replace(/\/\*\*$|\/$/, "")
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, "[^/]*");
  return new RegExp(`^${body}(/|$)`);
}

/** The row of the import table that speaks for a unit: the most specific first cell that matches it. */
export function rowFor(page: string, unit: string): string | undefined {
  const cells = firstCells(page, "Which folder may import which").flat();
  return cells.filter((c) => folderPattern(c).test(unit)).sort((a, b) => b.length - a.length)[0];
}
