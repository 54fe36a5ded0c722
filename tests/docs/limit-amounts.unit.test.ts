/**
 * One word for the amounts of a limit (value, current, remaining): "decimal", defined once in
 * docs/limits.md — every docs page and every variable's doc uses it, none says "decimal string"
 * beside it. The spec's own text (docs/spec/) is quoted as it is.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { VARIABLES } from "../../lib/config/variables.ts";
import { ROOT } from "../support/root.ts";

const PAGES = readdirSync(join(ROOT, "docs"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => join("docs", f));
const read = (page: string) => readFileSync(join(ROOT, page), "utf8");

test("no docs page and no variable's doc calls a limit amount a decimal string", () => {
  const said = [
    ...PAGES.flatMap((page) => (/decimal strings?\b/i.test(read(page)) ? [page] : [])),
    ...Object.entries(VARIABLES).flatMap(([name, spec]) => (/decimal strings?\b/i.test(spec.doc) ? [name] : [])),
  ];
  expect(said).toEqual([]);
});

test("docs/limits.md defines the word once: a decimal, written as a string by §2.4", () => {
  expect(read("docs/limits.md")).toMatch(/\*\*A decimal\*\*/);
  expect(read("docs/checks-and-levels.md")).toMatch(
    /`CARD-LEDGER-REMAINING` \|[^|\n]*non-negative \[decimal\]\(limits\.md#/,
  );
});
