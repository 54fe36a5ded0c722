/**
 * Every independent correct target (tests/support/<name>-target/) is its own code: besides its own
 * files, only node's built-ins and the npm packages listed here. The import rules (rules.ts,
 * TEST_TARGET) keep the harness, the sandbox and the other targets out; this keeps out a library
 * that would make two implementations one (a shared JSON Schema draft reader is fine, a shared
 * payment library would not be). A new target is read too, and must be listed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { ROOT } from "../support/root.ts";

const PACKAGES: Record<string, readonly string[]> = {
  "foreign-target": [],
  "third-target": ["ajv", "canonicalize"],
  "fourth-target": ["ajv"],
  "merchant-target": [],
};

const SUPPORT = join(ROOT, "tests", "support");
const TARGETS = readdirSync(SUPPORT).filter((name) => name.endsWith("-target"));

/** "file: specifier" for every import and re-export of the folder's files. */
function specifiersOf(folder: string): string[] {
  return readdirSync(join(SUPPORT, folder)).flatMap((file) =>
    [...readFileSync(join(SUPPORT, folder, file), "utf8").matchAll(/^(?:import|export)[^"';]*from\s+"([^"]+)"/gm)].map(
      (m) => `${file}: ${m[1]}`,
    ),
  );
}

/** A specifier outside node's built-ins, the folder's own files and its listed packages. */
function foreignTo(folder: string): (specifier: string) => boolean {
  const own = new RegExp(`: (node:|\\./${PACKAGES[folder]!.map((p) => `|${p}($|/)`).join("")})`);
  return (s) => !own.test(s);
}

test("every target folder is listed", () => {
  expect(TARGETS.sort()).toEqual(Object.keys(PACKAGES).sort());
});

test.for(Object.keys(PACKAGES))("%s imports only node's built-ins, its own files and its listed packages", (folder) => {
  const specifiers = specifiersOf(folder);
  expect(specifiers.length).toBeGreaterThan(3);
  expect(specifiers.filter(foreignTo(folder))).toEqual([]);
});

test("a target that imports the harness, or an unlisted package, is caught", () => {
  const caught = foreignTo("fourth-target");
  expect(["a.ts: ../../../lib/payments/money.ts", "a.ts: canonicalize", "a.ts: dayjs"].every(caught)).toBe(true);
  expect(["a.ts: node:crypto", "a.ts: ./data.ts", "a.ts: ajv/dist/2020.js"].some(caught)).toBe(false);
});
