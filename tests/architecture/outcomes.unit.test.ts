/**
 * Outcomes by rule, not by hand: a check ends "skipped" only by one of the closed list of rules
 * (`NOT_APPLICABLE`, lib/checks/failure.ts) through `notApplicable(rule, detail)`; every other
 * ending short of a verdict is `notJudged(reason, variable?)`. Read from the source of the product
 * folders: no free-text skip (`ctx.skip(…)`), no CheckSkipped made outside failure.ts, and every
 * `notApplicable(…)` naming a rule of the list literally.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { NOT_APPLICABLE } from "../../lib/checks/failure.ts";
import { PRODUCT_ROOTS, sourceFiles } from "./source.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** lib/vitest reports a result through vitest's own test context, whose `skip` is vitest's, not a check's. */
const VITEST_CONTEXT = "lib/vitest/";

/** The closed list, as it stands: a rule added or renamed is a decision this test makes visible. */
const RULES = ["production guard", "capability missing", "not declared", "nothing sent"];

const sources = sourceFiles(ROOT, PRODUCT_ROOTS).map((file) => ({
  file,
  text: readFileSync(join(ROOT, file), "utf8"),
}));

/** Where a pattern occurs: "file:line: text". */
function occurrences(pattern: RegExp, files = sources): string[] {
  return files.flatMap(({ file, text }) =>
    text.split("\n").flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** What a pattern finds in a text of our own: a guard that misses its own example would miss it anywhere. */
const over = (text: string, pattern: RegExp) => occurrences(pattern, [{ file: "example.ts", text }]);

const FREE_SKIP = /\b(ctx|this\.ctx|context)\.skip\(/;
const SKIPPED_MADE = /new CheckSkipped\(/;
const RULE_ARGUMENT = /\bnotApplicable\(\s*(?!["'])(?!rule\b)\S/;

describe("the endings short of a verdict", () => {
  test("the rules of not applicable are a closed list", () => {
    expect(Object.keys(NOT_APPLICABLE)).toEqual(RULES);
  });

  test("no check ends skipped by a reason of its own (no ctx.skip)", () => {
    expect(
      occurrences(
        FREE_SKIP,
        sources.filter((s) => !s.file.startsWith(VITEST_CONTEXT)),
      ),
    ).toEqual([]);
  });

  test("a skipped ending is made in one place, by rule (failure.ts notApplicable)", () => {
    expect(occurrences(SKIPPED_MADE).filter((o) => !o.startsWith("lib/checks/failure.ts:"))).toEqual([]);
  });

  test("every notApplicable names its rule literally", () => {
    expect(occurrences(RULE_ARGUMENT)).toEqual([]);
    const named = sources.flatMap(({ text }) => [...text.matchAll(/\bnotApplicable\(\s*"([^"]+)"/g)].map((m) => m[1]));
    expect(named.length).toBeGreaterThan(0);
    for (const rule of named) expect(RULES).toContain(rule);
  });

  test("the guards find what they look for", () => {
    expect(over('ctx.skip("no budget");', FREE_SKIP)).toHaveLength(1);
    expect(over("this.ctx.skip(`unreadable`);", FREE_SKIP)).toHaveLength(1);
    expect(over("throw new CheckSkipped(reason);", SKIPPED_MADE)).toHaveLength(1);
    expect(over("ctx.notApplicable(reason, detail);", RULE_ARGUMENT)).toHaveLength(1);
    expect(over('ctx.notApplicable("not declared", detail);', RULE_ARGUMENT)).toEqual([]);
  });
});
