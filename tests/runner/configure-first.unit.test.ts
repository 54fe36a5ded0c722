/**
 * `npm run conformance` reads and checks the configuration before it loads the suites, the
 * generators, the sandbox and the pipeline (cli/conformance.ts imports them only once
 * lib/runner/phases/configure.ts is through): a bad configuration is exit 2 without paying for
 * every suite module. This keeps a static import from bringing them back into the command's start.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { parseImports } from "../architecture/graph.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DYNAMIC = /\bimport\(\s*["'][^"']+["']\s*\)/g;

/** Every file the module loads before its code runs: its static, non-type imports, followed. */
function staticClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(join(ROOT, file), "utf8").replace(DYNAMIC, "");
    for (const { spec, typeOnly } of parseImports(source))
      if (!typeOnly) visit(relative(ROOT, join(ROOT, dirname(file), spec)));
  };
  visit(start);
  return seen;
}

test("the command loads no suite, generator, sandbox or pipeline module before the configuration is checked", () => {
  const early = [...staticClosure("cli/conformance.ts")];
  expect(early).toContain("lib/runner/phases/configure.ts");
  expect(early.filter((f) => /^(suites|generators|sandbox)\/|^lib\/runner\/pipeline\.ts$/.test(f))).toEqual([]);
});
