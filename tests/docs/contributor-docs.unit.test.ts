/**
 * ARCHITECTURE.md, CONTRIBUTING.md and docs/ are held to the code: every repository path they cite
 * exists, every check id they cite is defined, and where both state a rule of the authoring
 * contract they state the same one (ids literal, one way to fail, one rule for a refused fixture).
 * Their claims are held too, not only their paths: a name a page places in a file is declared
 * there and used by the shipped code, and a rule a page says a test enforces is the rule the test
 * enforces (the import table and the import rules, the folders read, the vocabulary's homes, the
 * worker-side folders). Synthetic pages prove each check reports a stale claim.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { registeredChecks } from "../../lib/checks/define.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { ROOTS } from "../architecture/graph.ts";
import { FOUNDATION, LIB_LAYERS, RUNTIME_IMPORTS, unitOf } from "../architecture/rules.ts";
import { sourceFiles } from "../architecture/source.ts";
import { HOMES } from "../architecture/vocabulary.ts";
import { ROOT } from "../support/root.ts";
import { firstCells, namesPlaced, rowFor, stalePlacements, uses } from "./claims.ts";

const PAGES = ["ARCHITECTURE.md", "CONTRIBUTING.md"] as const;
const read = (page: string) => readFileSync(join(ROOT, page), "utf8");
const TOP =
  /^(lib|suites|generators|schemas|sandbox|tests|cli|bench|docs|catalogue|examples|openapi|reports|\.github|\.ci)\//;

/** Paths a page cites: `code spans` and link targets that start in a top folder, placeholders (<x>, *, …) left out. */
function citedPaths(page: string): string[] {
  const text = read(page);
  const spans = [...text.matchAll(/`([^`\s]+)`/g), ...text.matchAll(/\]\(([^)#\s]+)/g)].map((m) => m[1]!);
  const paths = spans
    .map((s) => s.replace(/^\.\.?\//, "").replace(/[.,:;]$/, ""))
    .filter((s) => TOP.test(s) && !/[<>*…{}$]/.test(s));
  return [...new Set(paths)];
}

test.for(PAGES)("every repository path %s cites exists", (page) => {
  const paths = citedPaths(page);
  expect(paths.length).toBeGreaterThan(10);
  expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
});

test.for(PAGES)("every check id %s cites is a defined check", (page) => {
  void ALL_MODULES; // every module loaded: its checks registered
  const ids = new Set(registeredChecks().map((c) => c.id));
  const cited = [...read(page).matchAll(/`((?:CARD|PT)-[A-Z0-9-]+[A-Z0-9])`/g)].map((m) => m[1]!);
  // The worked example of CONTRIBUTING.md adds a check that does not exist yet.
  expect(cited.filter((id) => !ids.has(id) && id !== "CARD-LIM-ACTIVE-LIMITS")).toEqual([]);
});

test("both pages state one authoring contract: ids literal, fail() the one way to fail, a refused scenario not judged", () => {
  for (const page of PAGES) {
    const text = read(page).replace(/\s+/g, " ");
    expect(text, page).not.toMatch(/ids? (\([^)]*\) )?(are|is) not literal/);
    expect(text, page).toMatch(/written literally/);
    expect(text, page).toMatch(/`fail\(category, message\)`/);
    expect(text, page).toMatch(/ctx\.notJudged\(reason, variable\)/);
  }
});

test("code and docs carry no tracker references (an issue number says nothing to a reader of the file)", () => {
  const files = readdirSync(ROOT, { recursive: true, encoding: "utf8" })
    .map((f) => f.split("\\").join("/"))
    .filter(
      (f) => /\.(ts|mts|md)$/.test(f) && !/^(node_modules|reports|\.git|\.scratch|openapi)\/|\/node_modules\//.test(f),
    );
  expect(files.length).toBeGreaterThan(100);
  const TRACKER = /\bissues? #?\d+|(?<![\w&])#\d{1,4}\b|\bi\d{2}\b/i;
  const found = files.flatMap((f) =>
    read(f)
      .split("\n")
      .flatMap((line, i) => (TRACKER.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});

const DOCS = readdirSync(join(ROOT, "docs"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/${f}`);
/** A file's text, or a folder's files together; undefined when it does not exist. */
const readPath = (path: string): string | undefined => {
  if (!existsSync(join(ROOT, path))) return undefined;
  if (!statSync(join(ROOT, path)).isDirectory()) return read(path);
  return sourceFiles(ROOT, [path]).map(read).join("\n");
};
const SHIPPED_USES = uses(ROOT);
const TEST_TEXT = sourceFiles(ROOT, ["tests"]).map(read).join("\n");
/** A shipped name is used by the shipped code; a test helper's name by the tests (more than its declaration). */
const used = (name: string, file: string) =>
  file.startsWith("tests/")
    ? (TEST_TEXT.match(new RegExp(`\\b${name}\\b`, "g"))?.length ?? 0) > 1
    : (SHIPPED_USES.get(name) ?? 0) > 0;
/** The worked example of CONTRIBUTING.md adds this check; it does not exist yet. */
const HYPOTHETICAL = ["activeLimitsListed"];

test("the pages place names in files: some are found (the reading is not blind)", () => {
  expect([...PAGES, ...DOCS].flatMap((page) => namesPlaced(read(page))).length).toBeGreaterThan(15);
});

test.for([...PAGES, ...DOCS])(
  "every name %s places in a file is declared there and used by the shipped code",
  (page) => {
    expect(stalePlacements(read(page), readPath, used, HYPOTHETICAL)).toEqual([]);
  },
);

const ARCHITECTURE = read("ARCHITECTURE.md");
const TARGETS = readdirSync(join(ROOT, "tests/support"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name.endsWith("-target"))
  .map((d) => `tests/support/${d.name}`);

test("the import table has a row for every unit the import rules tell apart, each test target under the targets' row", () => {
  const units = [...Object.keys(LIB_LAYERS), "lib/crypto", "cli", "bench", "suites", "generators", "sandbox", "tests"];
  expect(units.filter((u) => rowFor(ARCHITECTURE, u) === undefined)).toEqual([]);
  for (const target of TARGETS) {
    expect(unitOf(`${target}/server.ts`), target).toBe(target);
    expect(rowFor(ARCHITECTURE, target), target).toMatch(/-target\/$/);
  }
});

test("the foundation the import table names is the foundation the rules know", () => {
  const named = [...ARCHITECTURE.matchAll(/the foundation \(`lib\/\{([^}]+)\}`\)/g)].map((m) => m[1]!.split(","));
  expect(named.length).toBeGreaterThan(0);
  for (const folders of named) expect(folders.map((f) => `lib/${f}`).sort()).toEqual([...FOUNDATION].sort());
});

test("the import test reads the folders ARCHITECTURE.md says, and every run-time import it allows is named there", () => {
  const sentence = ARCHITECTURE.slice(ARCHITECTURE.indexOf("`tests/architecture/imports.unit.test.ts` reads every"));
  const folders = [...sentence.slice(0, sentence.indexOf(" and fails")).matchAll(/`([a-z]+)\/`/g)].map((m) => m[1]);
  expect(folders).toEqual([...ROOTS]);
  for (const file of Object.keys(RUNTIME_IMPORTS)) expect(ARCHITECTURE, file).toContain(`\`${file}\``);
  expect(ARCHITECTURE).toContain("`RUNTIME_IMPORTS`");
});

test("the one-way rule of CONTRIBUTING.md names the vocabulary's homes and the test that enforces it", () => {
  const rule = read("CONTRIBUTING.md").replace(/\s+/g, " ");
  const bullet = rule.slice(rule.indexOf("**One way to do each thing**"), rule.indexOf("**Bad configuration"));
  for (const home of Object.keys(HOMES)) expect(bullet, home).toContain(`\`${home.replace(/\/$/, "")}\``);
  expect(bullet).toContain("`tests/architecture/vocabulary.unit.test.ts`");
});

test("the worker-side folders ARCHITECTURE.md names are those the run-plan test reads", () => {
  const test = read("tests/architecture/run-plan.unit.test.ts");
  const inTest = [.../const WORKER_SIDE = \[([^\]]+)\]/.exec(test)![1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  const text = ARCHITECTURE.replace(/\s+/g, " ");
  const listed = /worker-side folders \(([^)]+)\)/.exec(text)![1]!;
  expect([...listed.matchAll(/`([^`]+)`/g)].map((m) => m[1])).toEqual(inTest);
});

describe("a stale claim is reported (synthetic pages)", () => {
  const files: Record<string, string> = {
    "lib/time/days.ts": "export function sameDay() {}\nexport function dayAt() {}",
    "lib/payments/money.ts": "export function unitsOf() {}",
  };
  const stale = (page: string) =>
    stalePlacements(
      page,
      (f) => files[f],
      (name) => name === "dayAt",
    );

  test.for([
    [
      "a named function nothing uses",
      "days in `lib/time/days.ts`: `sameDay`.",
      "`sameDay` (lib/time/days.ts) is used by nothing but its declaration",
    ],
    [
      "a name its file does not declare",
      "money (`lib/payments/money.ts`: `micro` to read)",
      "`micro` is not declared in lib/payments/money.ts",
    ],
    [
      "a file that is gone",
      "`formatDay` in `lib/time/format.ts`",
      "lib/time/format.ts (named with `formatDay`) does not exist",
    ],
    [
      "a name beside its file",
      "fail with `parseAmount(text)` (`lib/payments/money.ts`)",
      "`parseAmount` is not declared in lib/payments/money.ts",
    ],
  ] as const)("%s", ([, page, problem]) => {
    expect(stale(page)).toEqual([problem]);
  });

  test("a claim that holds is not reported, nor prose after the file", () => {
    expect(stale("(`lib/time/days.ts`: `dayAt`); (`lib/time/days.ts`: the day is `sameDay` elsewhere)")).toEqual([]);
  });

  test("an import table whose targets' row names one target leaves the others under `tests/**`", () => {
    const table = (row: string) =>
      `## Which folder may import which\n\n| folder | may | why |\n|---|---|---|\n| \`tests/**\` | anything | |\n| \`${row}\` | nothing | |\n`;
    expect(rowFor(table("tests/support/foreign-target/"), "tests/support/third-target")).toBe("tests/**");
    expect(rowFor(table("tests/support/*-target/"), "tests/support/third-target")).toBe("tests/support/*-target/");
    expect(firstCells(table("cli/"), "Which folder may import which")).toEqual([["tests/**"], ["cli/"]]);
  });
});
