/**
 * The harness's source read as syntax trees (the TypeScript compiler API), for the guards that look
 * for a shape of code rather than a word: a number computed from literals, a regular expression
 * written in the code, the innermost function around a node. Comments and strings never match.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** The shipped code: what the harness runs and what the sandbox serves (tests are read elsewhere). */
export const PRODUCT_ROOTS = ["lib", "suites", "generators", "sandbox", "cli", "bench"] as const;

/** Every .ts / .mts file under the folders, as repository paths (`/`-separated). */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === "node_modules" ? [] : walk(path);
      return /\.m?ts$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
    });
  return folders
    .filter((f) => existsSync(join(root, f)))
    .flatMap((f) => walk(join(root, f)))
    .map((path) => relative(root, path).split("\\").join("/"));
}

/** Trees already built, by file: the unit tier shares modules across its files, so the guards parse each file once. */
const trees = new Map<string, ts.SourceFile>();

export function parse(file: string, text: string): ts.SourceFile {
  const known = trees.get(file);
  if (known?.text === text) return known;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  trees.set(file, sf);
  return sf;
}

/** Every node of the tree, depth first; `skip(node)` true stops the descent below it. */
export function* nodes(root: ts.Node, skip: (node: ts.Node) => boolean = () => false): Generator<ts.Node> {
  const stack: ts.Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    yield node;
    if (skip(node)) continue;
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => void children.push(child));
    stack.push(...children.reverse());
  }
}

export function lineOf(node: ts.Node): number {
  const sf = node.getSourceFile();
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

/** The constants of a file that are numbers computed from literals (`const HOUR = 60 * 60_000`). */
export function numericConstants(sf: ts.SourceFile): Map<string, number> {
  const found = new Map<string, number>();
  for (const node of nodes(sf)) {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) continue;
    if (!(node.parent.flags & ts.NodeFlags.Const)) continue;
    const value = fold(node.initializer, found);
    if (value !== undefined) found.set(node.name.text, value);
  }
  return found;
}

/** The number an expression of literals (and of the file's numeric constants) stands for; undefined otherwise. */
export function fold(node: ts.Node, constants: ReadonlyMap<string, number> = new Map()): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isParenthesizedExpression(node)) return fold(node.expression, constants);
  if (ts.isIdentifier(node)) return constants.get(node.text);
  if (ts.isBinaryExpression(node)) {
    const [a, b] = [fold(node.left, constants), fold(node.right, constants)];
    if (a === undefined || b === undefined) return undefined;
    switch (node.operatorToken.kind) {
      case ts.SyntaxKind.AsteriskToken:
        return a * b;
      case ts.SyntaxKind.AsteriskAsteriskToken:
        return a ** b;
      case ts.SyntaxKind.SlashToken:
        return a / b;
    }
  }
  return undefined;
}

/** The regular expressions written in a file: literals, and `new RegExp("…")` of a string literal. */
export function regexesOf(sf: ts.SourceFile): Array<{ node: ts.Node; regex: RegExp }> {
  const found: Array<{ node: ts.Node; regex: RegExp }> = [];
  for (const node of nodes(sf)) {
    let source: string | undefined;
    let flags = "";
    if (ts.isRegularExpressionLiteral(node)) {
      const text = node.text;
      source = text.slice(1, text.lastIndexOf("/"));
      flags = text.slice(text.lastIndexOf("/") + 1);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") {
      const [pattern, given] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern)) source = pattern.text;
      if (given && ts.isStringLiteralLike(given)) flags = given.text;
    }
    if (source === undefined) continue;
    try {
      // Probed with exec one string at a time: no global or sticky state.
      found.push({ node, regex: new RegExp(source, flags.replace(/[gy]/g, "")) });
    } catch {
      // A pattern this Node cannot compile is tsc's to report, not a copy of anything.
    }
  }
  return found;
}

/** The innermost function (declaration, expression, arrow, method) around a node, or the file. */
export function enclosingFunction(node: ts.Node): ts.Node {
  let at: ts.Node | undefined = node.parent;
  while (at && !ts.isFunctionLike(at) && !ts.isSourceFile(at)) at = at.parent;
  return at ?? node.getSourceFile();
}

/** `Object.values(x)`, `Math.round(x)`: the called name as `Object.values`, or just the name. */
export function calleeName(call: ts.CallExpression): string {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e))
    return `${ts.isIdentifier(e.expression) ? e.expression.text : "…"}.${e.name.text}`;
  return "";
}

/** Names a file declares at its top level (functions, classes, variables, types); `exported`: only those it exports. */
export function declaredNames(sf: ts.SourceFile, exported = false): Array<{ name: string; node: ts.Node }> {
  const isExported = (s: ts.Statement) =>
    ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  return sf.statements
    .filter((s) => !exported || isExported(s))
    .flatMap((s): Array<{ name: string; node: ts.Node }> => {
      if (ts.isVariableStatement(s))
        return s.declarationList.declarations.flatMap((d) =>
          ts.isIdentifier(d.name) ? [{ name: d.name.text, node: d }] : [],
        );
      const named =
        ts.isFunctionDeclaration(s) ||
        ts.isClassDeclaration(s) ||
        ts.isInterfaceDeclaration(s) ||
        ts.isTypeAliasDeclaration(s);
      return named && s.name ? [{ name: s.name.text, node: s }] : [];
    });
}
