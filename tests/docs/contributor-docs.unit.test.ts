/**
 * ARCHITECTURE.md and CONTRIBUTING.md are held to the code: every repository path they cite
 * exists, every check id they cite is defined, and where both state a rule of the authoring
 * contract they state the same one (ids literal, one way to fail, one rule for a refused fixture).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { registeredChecks } from "../../lib/checks/define.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { ROOT } from "../support/root.ts";

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
