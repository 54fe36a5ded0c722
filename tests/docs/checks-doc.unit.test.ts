/**
 * docs/checks.md lists every check with the one file that writes its id literally, and is kept
 * fresh: `npm run docs:checks`. Grepping an id from a report lands on that file.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { CHECKS_DOC, checksDoc } from "../../cli/docs-checks.ts";
import { CARD_STATEMENT, DOCUMENTED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { defineModule } from "../../lib/checks/define.ts";
import { basisCell } from "../../lib/reporting/checks-table.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { ROOT } from "../support/root.ts";

test("docs/checks.md is fresh (run npm run docs:checks after adding or changing a check)", () => {
  expect(readFileSync(CHECKS_DOC, "utf8"), "docs/checks.md is stale: run npm run docs:checks").toBe(checksDoc());
});

/** [id, "level basis §", file] of each row of docs/checks.md as committed. */
function rows(): Array<[string, string, string]> {
  return readFileSync(CHECKS_DOC, "utf8")
    .split("\n")
    .filter((line) => /^\| [A-Z]/.test(line))
    .map((line) => {
      const cells = line.split(" | ").map((c) => c.replace(/^\| |\s*\|$/g, ""));
      return [cells[0]!, `${cells[1]} ${cells[2]} ${cells[3]}`, cells.at(-1)!];
    });
}

test("every id in docs/checks.md is written literally in the file named beside it, a file under suites/", () => {
  expect(rows().length).toBeGreaterThan(0);
  for (const [id, , file] of rows()) {
    expect(file, id).toMatch(/^suites\/[\w/.-]+\.ts$/);
    expect(readFileSync(`${ROOT}/${file}`, "utf8").includes(`"${id}"`), `${id} in ${file}`).toBe(true);
  }
});

test("every check of the documented operations has its row, with its level, basis and §", () => {
  const byId = new Map(rows().map(([id, cells]) => [id, cells]));
  const documented = ALL_MODULES.filter((m) => DOCUMENTED_OPERATIONS.includes(m.operation)).flatMap((m) => m.checks);
  expect(documented.length).toBe(byId.size);
  for (const check of documented)
    expect(byId.get(check.id), check.id).toBe(`${check.level} ${basisCell(check)} ${check.spec}`);
});

test("a module refuses an id of another module (ids match their module)", () => {
  const [foreign] = ALL_MODULES.find((m) => m.operation !== CARD_STATEMENT)!.checks;
  expect(() => defineModule({ operation: CARD_STATEMENT, scenarios: {}, checks: [foreign!] })).toThrow(
    /an id of another module/,
  );
});
