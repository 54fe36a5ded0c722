/**
 * One way to do each thing (CONTRIBUTING.md): days and UTC offsets live in lib/time, money and
 * amount limits in lib/payments. What a copy looks like, read from the syntax tree:
 * - a day constant: a number of literals that makes a day (86_400_000, 864e5, 24 * 60 * 60 * 1000,
 *   86_400 seconds), through the file's own constants too;
 * - an offset parser: a regular expression that captures an offset's hours on their own, or a
 *   function that tests for "Z" and for a sign and multiplies by 60;
 * - a decimal parser: a regular expression that captures a decimal's whole or fractional digits on
 *   their own, or an amount turned into minor units through a float (Math.round(x * 100),
 *   Number(text) * 100);
 * - a limit walk: a function that walks the groups of a limits answer (Object.values(….limits))
 *   and reads their records' `amount`;
 * - a second definition of a name the vocabulary exports (a local `micro`, a local `DAY_MS`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import {
  calleeName,
  declaredNames,
  enclosingFunction,
  fold,
  lineOf,
  nodes,
  numericConstants,
  parse,
  regexesOf,
  sourceFiles,
} from "./source.ts";

export type Kind = "day constant" | "offset parser" | "decimal parser" | "limit walk" | "second definition";

export interface Finding {
  file: string;
  line: number;
  kind: Kind;
  /** The folder the vocabulary item lives in. */
  home: string;
  what: string;
}

/** The vocabularies and the kinds of copy each is home to. */
export const HOMES: Record<string, readonly Kind[]> = {
  "lib/time/": ["day constant", "offset parser"],
  "lib/payments/": ["decimal parser", "limit walk"],
};

/** Where a vocabulary may not be used, by rule, with the reason: such a place keeps its own. */
export const EXEMPT: ReadonlyArray<{ where: string; home: string; why: string }> = [
  {
    where: "sandbox/",
    home: "lib/payments/",
    why: "the other side of the wire imports only lib/test-data, lib/time and lib/crypto (ARCHITECTURE.md): it reads and writes money its own way, so that a money bug of the harness shows up as a disagreement",
  },
];

const DAY = [86_400_000, 86_400];
const homeOf = (kind: Kind) => Object.keys(HOMES).find((h) => HOMES[h]!.includes(kind)) ?? "";

function dayConstants(sf: ts.SourceFile, out: Finding[]): void {
  const constants = numericConstants(sf);
  const isDay = (n: ts.Node) =>
    (ts.isNumericLiteral(n) || ts.isBinaryExpression(n)) && DAY.includes(fold(n, constants) ?? NaN);
  for (const node of nodes(sf, isDay)) if (isDay(node)) out.push(finding(node, "day constant", node.getText()));
}

/** Probes whose offset hours are "05", appearing nowhere else in them. */
const OFFSETS = ["+05:30", "-05:30", "+0530", "2026-01-17T10:20:40+05:30", "2026-01-17T10:20:40.123-05:30"];
const DECIMALS = ["1234.56", "-1234.56", "1234,56", "amount 1234.56 KZT"];

function captures(regex: RegExp, probes: readonly string[], parts: readonly string[]): boolean {
  return probes.some((p) => (regex.exec(p)?.slice(1) ?? []).some((g) => g !== undefined && parts.includes(g)));
}

function parserRegexes(sf: ts.SourceFile, out: Finding[]): void {
  for (const { node, regex } of regexesOf(sf)) {
    if (captures(regex, OFFSETS, ["05", "+05", "-05"])) out.push(finding(node, "offset parser", regex.source));
    if (captures(regex, DECIMALS, ["1234", "-1234", "56", ".56", ",56"]))
      out.push(finding(node, "decimal parser", regex.source));
  }
}

const stringIs = (n: ts.Node, values: string[]) => ts.isStringLiteralLike(n) && values.includes(n.text);
const comparesWith = (n: ts.Node, values: string[]) =>
  ts.isBinaryExpression(n) &&
  [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(n.operatorToken.kind) &&
  (stringIs(n.left, values) || stringIs(n.right, values));
const multipliesBy = (n: ts.Node, factors: number[]) =>
  ts.isBinaryExpression(n) &&
  n.operatorToken.kind === ts.SyntaxKind.AsteriskToken &&
  [n.left, n.right].some((side) => factors.includes(fold(side) ?? NaN));

/** A function that tells "Z" from a sign and turns hours into minutes: an offset read by hand. */
function handOffsetParsers(sf: ts.SourceFile, out: Finding[]): void {
  // Only the functions around a test for "Z" are read again: few, so the walk stays linear.
  const around = new Set([...nodes(sf)].filter((n) => comparesWith(n, ["Z"])).map(enclosingFunction));
  const parsers = [...around].filter((fn) => {
    const inside = [...nodes(fn)];
    return (
      inside.some((n) => comparesWith(n, ["+", "-"])) && inside.some((n) => multipliesBy(n, [60, 60_000, 3_600_000]))
    );
  });
  for (const fn of parsers) out.push(finding(fn, "offset parser", firstLine(fn)));
}

/** A scale of minor units: 100, 10 000 and up (1000 is left out: it is how milliseconds are written), or 10 ** n. */
const isScale = (n: ts.Node) => {
  if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.AsteriskAsteriskToken) return true;
  const v = fold(n);
  return v === 100 || (v !== undefined && v >= 10_000 && v <= 1e9 && Number.isInteger(Math.log10(v)));
};
const isScaled = (n: ts.Node): n is ts.BinaryExpression =>
  ts.isBinaryExpression(n) &&
  n.operatorToken.kind === ts.SyntaxKind.AsteriskToken &&
  (isScale(n.left) || isScale(n.right));
const NUMBER_OF_TEXT = ["Number", "parseFloat", "parseInt"];
const ROUNDING = ["Math.round", "Math.floor", "Math.ceil", "Math.trunc"];

/** An amount turned into minor units through a float: Math.round(x * 100), Number(text) * 100. */
function floatMinorUnits(sf: ts.SourceFile, out: Finding[]): void {
  const rounded = (n: ts.Node): n is ts.CallExpression =>
    ts.isCallExpression(n) && ROUNDING.includes(calleeName(n)) && n.arguments.some((a) => [...nodes(a)].some(isScaled));
  // A rounded one is reported once, not again for the Number(text) * 100 inside it.
  for (const node of nodes(sf, rounded)) {
    if (rounded(node)) out.push(finding(node, "decimal parser", node.getText()));
    else if (isScaled(node)) {
      const other = isScale(node.left) ? node.right : node.left;
      if (ts.isCallExpression(other) && NUMBER_OF_TEXT.includes(calleeName(other)))
        out.push(finding(node, "decimal parser", node.getText()));
    }
  }
}

/** `limits`, `body.limits`, `(x.limits as T)`: an expression that names a limits answer's groups. */
function namesLimits(e: ts.Expression): boolean {
  while (ts.isAsExpression(e) || ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  const name = ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : "";
  return name === "limits";
}

function limitWalks(sf: ts.SourceFile, out: Finding[]): void {
  for (const node of nodes(sf)) {
    if (!ts.isCallExpression(node) || !["Object.values", "Object.entries"].includes(calleeName(node))) continue;
    if (!node.arguments[0] || !namesLimits(node.arguments[0])) continue;
    const readsAmount = [...nodes(enclosingFunction(node))].some(
      (n) => ts.isPropertyAccessExpression(n) && n.name.text === "amount",
    );
    if (readsAmount) out.push(finding(node, "limit walk", firstLine(enclosingFunction(node))));
  }
}

/** Every copy of a vocabulary item in one file (its home's own included); `names`: what each home exports. */
export function copiesIn(file: string, text: string, names: ReadonlyMap<string, string> = new Map()): Finding[] {
  const sf = parse(file, text);
  const out: Finding[] = [];
  dayConstants(sf, out);
  parserRegexes(sf, out);
  handOffsetParsers(sf, out);
  floatMinorUnits(sf, out);
  limitWalks(sf, out);
  for (const { name, node } of declaredNames(sf)) {
    const home = names.get(name);
    if (home && !file.startsWith(home)) out.push({ ...finding(node, "second definition", name), home });
  }
  return out.map((f) => ({ ...f, file }));
}

/** The names the homes export (`micro`, `DAY_MS`, `amountLimitsOf` …) → their home. */
export function vocabularyNames(root: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const home of Object.keys(HOMES))
    for (const file of sourceFiles(root, [home]))
      for (const { name } of declaredNames(parse(file, readFileSync(join(root, file), "utf8")), true))
        names.set(name, home);
  return names;
}

/** True when a finding sits where its vocabulary is not at home nor exempt. */
export function outOfPlace(f: Finding): boolean {
  return !f.file.startsWith(f.home) && !EXEMPT.some((e) => f.file.startsWith(e.where) && e.home === f.home);
}

function finding(node: ts.Node, kind: Kind, what: string): Finding {
  return { file: node.getSourceFile().fileName, line: lineOf(node), kind, home: homeOf(kind), what: what.slice(0, 80) };
}

function firstLine(node: ts.Node): string {
  return node.getText().split("\n")[0]!;
}
