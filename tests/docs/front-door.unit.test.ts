/**
 * The README is the front door: short, it gives the test command CI runs (.ci/run runs exactly
 * it), and every npm script its shell blocks and the docs/ pages name exists.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { ROOT } from "../support/root.ts";

const read = (file: string): string => readFileSync(join(ROOT, file), "utf8");
const PAGES = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => join("docs", f)),
];

/** The lines of a page's ```sh blocks, comments dropped. */
function shellLines(page: string): string[] {
  const blocks = [...read(page).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks
    .flatMap((b) => b.split("\n"))
    .map((l) => l.replace(/#.*$/, "").trim())
    .filter(Boolean);
}

test("README.md stays a front door: at most about 12 KB", () => {
  expect(Buffer.byteLength(read("README.md"))).toBeLessThanOrEqual(12_500);
});

// The notice boards stay short too: a dated measurement goes to docs/performance-log.md, a worked
// example to its own page under docs/, so every change does not meet at the same file.
test.for([
  ["CONTRIBUTING.md", 20_000],
  ["ARCHITECTURE.md", 30_000],
] as const)("%s stays a notice board: at most %i bytes", ([page, cap]) => {
  expect(Buffer.byteLength(read(page))).toBeLessThanOrEqual(cap);
});

test("README.md gives npm test as the test command, and .ci/run runs exactly it", () => {
  expect(shellLines("README.md")).toContain("npm test");
  const ci = read(".ci/run")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  expect(ci.at(-1)).toBe("npm test");
});

test.for(PAGES)("every npm script the shell blocks of %s name exists in package.json", (page) => {
  const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);
  const named = shellLines(page).flatMap((line) => [...line.matchAll(/\bnpm run ([\w:-]+)/g)].map((m) => m[1]!));
  expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
});
