/**
 * Dynamic imports are no hole in the import rules (ARCHITECTURE.md): an `import(…)` whose path
 * resolves from the file alone is followed like a static import (graph.ts), and one whose path only
 * the run knows must be named in RUNTIME_IMPORTS (rules.ts) with what it loads and why. The
 * synthetic sources prove the reader resolves what it can, reports what it cannot, and that a
 * resolved import from lib into the suites breaks the rules like a static one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { dynamicImports, edgesOf, importGraph, unresolvedImports } from "./graph.ts";
import { ruleBroken, RUNTIME_IMPORTS } from "./rules.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

describe("dynamic imports: followed where the path resolves statically, else named with their reason", () => {
  const unresolved = unresolvedImports(ROOT);
  const graph = importGraph(ROOT);

  test("every import(…) whose path only the run knows is listed in RUNTIME_IMPORTS", () => {
    expect(
      unresolved.filter((u) => !RUNTIME_IMPORTS[u.file]).map((u) => `${u.file}:${u.line}: import(${u.argument})`),
    ).toEqual([]);
  });

  test("every listed runtime import is still there (the list does not go stale)", () => {
    expect(Object.keys(RUNTIME_IMPORTS).filter((file) => !unresolved.some((u) => u.file === file))).toEqual([]);
  });

  test("the module index a worker imports is the one the CLI names: suites/modules.ts", () => {
    const cli = readFileSync(join(ROOT, "cli/conformance.ts"), "utf8");
    const named = edgesOf(ROOT, "cli/conformance.ts", `${cli}\nawait import(MODULE_INDEX);`).map((e) => e.to);
    expect(named).toContain(RUNTIME_IMPORTS["lib/vitest/describe-module.ts"]!.loads);
  });

  test("the launcher's subcommand table is followed: every module it may load is an edge", () => {
    const launcher = graph.filter((e) => e.from === "cli/launcher.mjs").map((e) => e.to);
    expect(launcher).toEqual(
      expect.arrayContaining(["cli/conformance.ts", "cli/sandbox.ts", "lib/runner/cli-errors.ts"]),
    );
  });

  test.for([
    ["a literal", 'await import("./a.ts");', ["./a.ts"]],
    ["a URL beside the file", 'await import(new URL("../b.ts", import.meta.url).href);', ["../b.ts"]],
    [
      "a constant holding a path",
      'const P = fileURLToPath(new URL("../c.ts", import.meta.url));\nawait import(pathToFileURL(P).href);',
      ["../c.ts"],
    ],
    [
      "a table's module entries",
      'const T = { a: { module: "./a.ts" }, b: { module: "./b.ts" } };\nawait import(T[name].module);',
      ["./a.ts", "./b.ts"],
    ],
    [
      "a parameter: only the run knows",
      "export async function load(index: string) { return import(index); }",
      undefined,
    ],
    ["a path built at run time", "await import(`./${name}.ts`);", undefined],
  ] as const)("the reader resolves %s", ([, source, specs]) => {
    expect(dynamicImports("lib/x/y.ts", source).map((d) => d.specs)).toEqual([specs]);
  });

  test("a resolved dynamic import from lib into the suites breaks the rules like a static one", () => {
    const source = 'const INDEX = new URL("../../suites/modules.ts", import.meta.url);\nawait import(INDEX.href);';
    const edges = edgesOf(ROOT, "lib/checks/x.ts", source);
    expect(edges).toEqual([{ from: "lib/checks/x.ts", to: "suites/modules.ts", typeOnly: false }]);
    expect(ruleBroken(edges[0]!)).toBe("lib/checks may not import suites");
  });

  test("an unlisted import(…) that only the run resolves is reported", () => {
    const found = dynamicImports("lib/checks/x.ts", "export const load = (p: string) => import(p);");
    expect(found.filter((d) => d.specs === undefined && !RUNTIME_IMPORTS["lib/checks/x.ts"])).toHaveLength(1);
  });
});
