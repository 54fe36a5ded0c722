/**
 * V8 settings that only a process's start can give, kept where they are set. The launcher stops
 * WebAssembly tiering for every command before vitest (and undici's llhttp with it) loads: set
 * after a module is compiled, the flag no longer reaches it (docs/performance.md). `npm test`
 * holds V8's optimizing compiler back in every process it starts, through one variable
 * (scripts/test.sh); the format check it runs with node's flags is `npm run format:check`'s own.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), "utf8");

test("the launcher turns WebAssembly tier-up off before it imports vitest or a command", () => {
  const launcher = read("cli/launcher.mjs");
  const body = launcher.slice(launcher.indexOf("export async function launch("));
  const flags = body.indexOf('setFlagsFromString("--no-wasm-dynamic-tiering --no-wasm-tier-up")');
  expect(flags).toBeGreaterThan(0);
  expect(flags).toBeLessThan(body.indexOf('await import("vitest/node")'));
  expect(flags).toBeLessThan(body.indexOf("await load(command)"));
  // Both launchers are that body: the installed one and the cli tier's bundle's.
  for (const file of ["cli/payment-conformance.mjs", "tests/support/bundle-launcher.mjs"])
    expect(read(file)).toMatch(/^await launch\(new URL\(import\.meta\.url\), process\.argv\.slice\(2\)(, \w+)?\);$/m);
});

test("npm test sets the tests' node flags once; the tiers, the commands and the static checks read them", () => {
  expect(read("scripts/test.sh")).toMatch(/^export HARNESS_TEST_NODE_FLAGS="--interrupt-budget=\d+"$/m);
  expect(read("vitest.config.ts")).toContain("process.env.HARNESS_TEST_NODE_FLAGS");
  expect(read("tests/support/cli.ts")).toMatch(/\[\.\.\.TEST_NODE_FLAGS, \.\.\.nodeArgs\(script\)/);
  expect(read("scripts/static-checks.sh").match(/\$\{HARNESS_TEST_NODE_FLAGS:-\}/g)).toHaveLength(2);
});

test("the format check of npm test checks the files npm run format:check does", () => {
  const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
  const pattern = /^prettier --check (".+")$/.exec(scripts["format:check"]!)?.[1];
  expect(pattern).toBeDefined();
  expect(read("scripts/static-checks.sh")).toContain(`prettier.cjs --check ${pattern}`);
});
