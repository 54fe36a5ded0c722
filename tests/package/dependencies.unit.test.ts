/**
 * The installed package runs without the checkout's devDependencies: every npm package that a file
 * the tarball ships (package.json "files") imports at run time is in "dependencies". Type-only
 * imports are erased and may name a devDependency. tests/package/installed-cli.test.ts proves the
 * same by installing the tarball; this finds the file and the import at once.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { parseAllImports } from "../architecture/graph.ts";
import { ROOT } from "../support/root.ts";

const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  files: string[];
  dependencies: Record<string, string>;
};
const CODE = /\.(ts|mts|mjs|js)$/;

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(ROOT, path)).isDirectory() ? walk(path) : CODE.test(name) ? [path] : [];
  });
}

/** The code files the "files" patterns select: folders (`lib/`), one level of a glob (`cli/*.mjs`), single files. */
function shippedCode(): string[] {
  return manifest.files.flatMap((pattern) => {
    if (pattern.endsWith("/")) return walk(pattern.slice(0, -1));
    const glob = /^(.*)\/\*(\.\w+)$/.exec(pattern);
    if (glob)
      return readdirSync(join(ROOT, glob[1]!))
        .filter((f) => f.endsWith(glob[2]!))
        .map((f) => `${glob[1]}/${f}`);
    return CODE.test(pattern) && existsSync(join(ROOT, pattern)) ? [pattern] : [];
  });
}

/** `vitest/node` → vitest, `@faker-js/faker/locale/en` → @faker-js/faker. */
const packageOf = (spec: string): string =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

test("the shipped code is found: the commands, the engine, the suites, the sandbox", () => {
  const files = shippedCode();
  for (const needed of [
    "cli/payment-conformance.mjs",
    "cli/conformance.ts",
    "vitest.conformance.ts",
    "lib/runner/run-vitest.ts",
  ])
    expect(files).toContain(needed);
  expect(files.some((f) => f.startsWith("suites/"))).toBe(true);
  expect(files.some((f) => f.startsWith("tests/"))).toBe(false);
});

test("every package the shipped code imports at run time is a dependency", () => {
  const missing = shippedCode().flatMap((file) =>
    parseAllImports(readFileSync(join(ROOT, file), "utf8"))
      .filter(({ spec, typeOnly }) => !typeOnly && !spec.startsWith(".") && !spec.startsWith("node:"))
      .map(({ spec }) => packageOf(spec))
      .filter((name) => !(name in manifest.dependencies))
      .map((name) => `${file}: ${name}`),
  );
  expect(missing).toEqual([]);
});
