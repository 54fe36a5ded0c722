/**
 * One constant per vocabulary item (CONTRIBUTING.md, "One way to do each thing"): the shipped code
 * (lib, suites, generators, sandbox, cli, bench) holds no second day constant, offset parser,
 * decimal parser or limit walk outside its home — days and offsets in lib/time, money and amount
 * limits in lib/payments — and defines none of the names those homes export. The sandbox keeps its
 * own money by rule (EXEMPT). The tests are not read: a test states its expected values literally,
 * and the independent test targets are written apart on purpose. The synthetic sources below prove
 * the reading finds each kind of copy, written the ways a copy is written, and leaves alone what
 * only looks like one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { PRODUCT_ROOTS, sourceFiles } from "./source.ts";
import { copiesIn, EXEMPT, HOMES, outOfPlace, vocabularyNames, type Finding, type Kind } from "./vocabulary.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const NAMES = vocabularyNames(ROOT);
const COPIES = sourceFiles(ROOT, PRODUCT_ROOTS).flatMap((f) => copiesIn(f, readFileSync(join(ROOT, f), "utf8"), NAMES));
const shown = (f: Finding) => `${f.file}:${f.line}: ${f.kind} (home ${f.home}): ${f.what}`;

test("no day constant, offset parser, decimal parser, limit walk or vocabulary name outside its home", () => {
  expect(COPIES.filter(outOfPlace).map(shown)).toEqual([]);
});

test.for(Object.entries(HOMES).flatMap(([home, kinds]) => kinds.map((kind) => [kind, home] as const)))(
  "the reading is not blind: it finds the %s in its home, %s",
  ([kind, home]) => {
    expect(COPIES.some((c) => c.kind === kind && c.file.startsWith(home))).toBe(true);
  },
);

test("the names of the vocabulary are read from its homes", () => {
  for (const name of [
    "DAY_MS",
    "parseIsoDateTime",
    "parseDecimal",
    "unitsOf",
    "micro",
    "formatUnits",
    "amountLimitsOf",
  ])
    expect(NAMES.has(name), name).toBe(true);
});

test.for(EXEMPT)("the exemption of $where from $home still covers a copy there (it does not go stale)", (e) => {
  expect(COPIES.some((c) => c.file.startsWith(e.where) && c.home === e.home)).toBe(true);
});

/** A copy, written as the stragglers were (the second column is what the reading must call it). */
const COPY: Array<[string, string, Kind]> = [
  ["a day in milliseconds", "const DAY = 86_400_000;", "day constant"],
  ["a day in exponent notation", "setTimeout(done, 864e5);", "day constant"],
  ["a day as a product", "const limit = 24 * 60 * 60 * 1000;", "day constant"],
  ["a day through the file's constants", "const HOUR = 60 * 60_000;\nconst DAY = 24 * HOUR;", "day constant"],
  ["a day in seconds", "const ttlSeconds = 24 * 3600;", "day constant"],
  ["a day literal inside a longer product", "const start = now - 2 * 86_400_000;", "day constant"],
  ["an offset read by a regular expression", "const m = /([+-])(\\d{2}):?(\\d{2})$/.exec(text);", "offset parser"],
  ["an offset read by new RegExp", 'const re = new RegExp("^([+-]\\\\d{2}):(\\\\d{2})$");', "offset parser"],
  [
    "an offset read by hand",
    'function shift(o: string) {\n  return o === "Z" ? 0 : (o[0] === "-" ? -1 : 1) * (Number(o.slice(1, 3)) * 60 + Number(o.slice(-2)));\n}',
    "offset parser",
  ],
  [
    "a decimal split by a regular expression",
    "const [, whole, cents] = /^(\\d+)\\.(\\d{2})$/.exec(text)!;",
    "decimal parser",
  ],
  ["a decimal with a comma", "const m = /(\\d+),(\\d+)/.exec(text);", "decimal parser"],
  ["a float rounded to hundredths", "const minor = Math.round(parseFloat(text) * 100);", "decimal parser"],
  ["whole units of a text times a hundred", "const minor = Number(whole) * 100 + Number(cents);", "decimal parser"],
  ["a float rounded up to micro-units", "const units = Math.ceil(amount * 1_000_000);", "decimal parser"],
  ["a float scaled by a power of ten", "const units = Math.floor(value * 10 ** digits);", "decimal parser"],
  [
    "a hand walk over a limits answer",
    "let sum = 0;\nfor (const records of Object.values(body.limits as Record<string, Rec[]>))\n  for (const r of records) for (const a of r.amount) sum += Number(a.current);",
    "limit walk",
  ],
  [
    "a hand walk through Object.entries",
    "const all = (answer: A) => Object.entries(answer.limits).flatMap(([, rs]) => rs.flatMap((r) => r.amount));",
    "limit walk",
  ],
  ["a second micro", "const micro = (value: unknown) => unitsOf(value, 6);", "second definition"],
  ["a second DAY_MS", "export const DAY_MS = 1000 * 60 * 60 * 24;", "second definition"],
  ["a second amountLimitsOf", "export function amountLimitsOf(body: unknown) { return []; }", "second definition"],
];

test.for(COPY)("a copy is found outside its home: %s", ([, source, kind]) => {
  const found = copiesIn("lib/reporting/x.ts", source, NAMES);
  expect(found.map((f) => f.kind)).toContain(kind);
  expect(found.every(outOfPlace)).toBe(true);
});

/** What only looks like a copy. */
const NOT_A_COPY: Array<[string, string]> = [
  ["the one constant, imported and multiplied", 'import { DAY_MS } from "../time/iso.ts";\nconst week = 7 * DAY_MS;'],
  ["an hour", "const HOUR_MS = 60 * 60_000;"],
  ["seconds to milliseconds", "const ms = Math.round(seconds * 1000);"],
  ["milliseconds to seconds", "const s = Math.round(ms / 1000);"],
  ["the shape of an amount, nothing captured", "const ok = /^\\d{1,12}(?:\\.\\d{1,2})?$/.test(value);"],
  ["the shape of an offset, captured whole", "const OFFSET = /^(Z|[+-]\\d{2}:\\d{2})$/;"],
  ["a clause number", "const CLAUSE = /^§(\\d+(?:\\.\\d+)*)$/;"],
  ["a duration with its unit", "const DURATION = /^([+-]?\\d+(?:\\.\\d+)?)(ms|s|m|h)?$/;"],
  ["the groups of a limits answer, not their amounts", "const groups = Object.keys(body.limits);"],
  ["the one walk", "const values = amountLimitsOf(body).map((l) => l.value);"],
  ["minor units written as a number", "const amount = range.fixedMinor / 100;"],
];

test.for(NOT_A_COPY)("not a copy: %s", ([, source]) => {
  expect(copiesIn("lib/reporting/x.ts", source, NAMES).map(shown)).toEqual([]);
});

test("at home or exempt, a copy is in its place; the sandbox keeps its own money, not its own days", () => {
  const at = (file: string, source: string) => copiesIn(file, source, NAMES).map(outOfPlace);
  expect(at("lib/time/x.ts", "const DAY = 86_400_000;")).toEqual([false]);
  expect(at("lib/payments/x.ts", "const minor = Math.round(parseFloat(text) * 100);")).toEqual([false]);
  expect(at("sandbox/rules/x.ts", "const minor = Math.round(debit.amount * 100);")).toEqual([false]);
  expect(at("sandbox/x.ts", "const DAY_MS = 86_400_000;")).toEqual([true, true]);
});
