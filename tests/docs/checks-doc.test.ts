/** docs/checks.md lists every check with the file that defines it, and is kept fresh: `npm run docs:checks`. */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { CHECKS_DOC, checksDoc } from "../../cli/docs-checks.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { basisCell } from "../../lib/reporting/checks-table.ts";

test("docs/checks.md is fresh (run npm run docs:checks after adding or changing a check)", () => {
  expect(readFileSync(CHECKS_DOC, "utf8"), "docs/checks.md is stale: run npm run docs:checks").toBe(checksDoc());
});

test("every check of the documented operations has a row naming a file that exists under suites/", () => {
  const doc = checksDoc();
  for (const check of ALL_MODULES.flatMap((m) => m.checks)) {
    const row = doc.split("\n").find((line) => line.startsWith(`| ${check.id} |`));
    expect(row, check.id).toMatch(
      new RegExp(`\\| ${check.level} \\| ${basisCell(check)} \\| ${check.spec} \\| .* \\| suites/[\\w/.-]+\\.ts`),
    );
    const file = /\| (suites\/[\w/.-]+\.ts)/.exec(row!)![1]!;
    expect(() => readFileSync(new URL(`../../${file}`, import.meta.url)), file).not.toThrow();
  }
});

test("a check's id is literal in its file, or its file is a template the docs name", () => {
  for (const check of ALL_MODULES.flatMap((m) => m.checks)) {
    const row = checksDoc()
      .split("\n")
      .find((line) => line.startsWith(`| ${check.id} |`))!;
    const file = /\| (suites\/[\w/.-]+\.ts)/.exec(row)![1]!;
    const text = readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
    expect(text.includes(`"${check.id}"`) || text.includes("${"), `${check.id} in ${file}`).toBe(true);
  }
});
