/**
 * docs/configuration.md and .env.example say the same defaults: .env.example is rendered from the
 * variables table (config.unit.test.ts keeps it equal), and this page's default column is checked
 * against the same table — a default written as a literal on the page is the table's, and a
 * variable the table leaves unset is not shown with a value.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { VARIABLES, type VariableSpec } from "../../lib/config/variables.ts";
import { renderEnvExample } from "../../lib/config/env-example.ts";
import { ROOT } from "../support/root.ts";

/** The rows of the variables table that name one variable: [name, default cell]. */
function singleRows(): Array<[string, string]> {
  const page = readFileSync(join(ROOT, "docs/configuration.md"), "utf8");
  return page
    .split("\n")
    .filter((line) => /^\| `[A-Z]/.test(line))
    .map((line) => line.split("|").map((c) => c.trim()))
    .filter((cells) => [...cells[1]!.matchAll(/`[A-Z][A-Z0-9_]*`/g)].length === 1)
    .map((cells) => [cells[1]!.slice(1, -1), cells[2]!]);
}

test("a default the page writes as a literal is the variables table's", () => {
  const wrong = singleRows().filter(([name, cell]) => {
    const spec = (VARIABLES as Record<string, VariableSpec>)[name]!;
    if (spec.secret) return false;
    if (spec.default === "") return /^`[^`]*`$/.test(cell);
    return cell.startsWith("`") && !cell.includes(`\`${spec.default}\``);
  });
  expect(wrong).toEqual([]);
});

test(".env.example sends its reader to the pages that explain each variable", () => {
  expect(renderEnvExample()).toMatch(/docs\/configuration\.md/);
  expect(renderEnvExample()).toMatch(/docs\/own-server\.md/);
});
