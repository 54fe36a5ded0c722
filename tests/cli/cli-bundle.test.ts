/**
 * The cli tier starts its commands from a bundle of the current sources (tests/support/cli-bundle.ts,
 * built by the tier's global setup): it holds every module of the launcher's table, every command
 * the tier starts is handed it, and the launcher runs a command from a bundle of its own checkout
 * only — an installed copy the tests start keeps its own modules. That the bundled commands behave
 * as the sources do is what every other file of the tier proves, through them.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, inject, test } from "vitest";
import { BUNDLED_SCRIPTS, bundledModules, CLI_BUNDLE_SWITCH } from "../support/cli-bundle.ts";
import { ROOT, runCli, runProcess } from "../support/cli.ts";

const bundle = inject("cliBundleDir");
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test("the tier's bundle holds every module of the launcher's table and the tests' own scripts, under the checkout's node_modules", () => {
  const commands = ["conformance", "sandbox", "report", "certify", "compare", "ci-step"].map((c) => `cli/${c}.ts`);
  expect(bundledModules()).toEqual(expect.arrayContaining([...commands, "lib/runner/cli-errors.ts"]));
  expect(bundle.startsWith(join(ROOT, "node_modules", ".cache"))).toBe(true);
  const entries = [...bundledModules(), ...BUNDLED_SCRIPTS];
  const missing = entries.filter((m) => !existsSync(join(bundle, m.replace(/\.ts$/, ".mjs"))));
  expect(missing).toEqual([]);
});

test("every command the tier starts is handed the bundle", async () => {
  const seen = await runProcess(process.execPath, ["-p", `process.env.${CLI_BUNDLE_SWITCH}`]);
  expect(seen.stdout.trim()).toBe(bundle);
});

/** The tier's bundle in `parent`, its compare replaced by one that says where it came from. */
function markedCopy(parent: string): string {
  const dir = mkdtempSync(join(parent, "marked-bundle-"));
  made.push(dir);
  cpSync(bundle, dir, { recursive: true });
  writeFileSync(
    join(dir, "cli", "compare.mjs"),
    'export async function main(args) { console.log("bundled compare", ...args); return 0; }\n',
  );
  return dir;
}

test("the launcher runs the command from the bundle it is handed, when the bundle is its checkout's", async () => {
  const inCheckout = await runCli("compare.ts", ["A"], { [CLI_BUNDLE_SWITCH]: markedCopy(join(bundle, "..")) });
  expect(inCheckout.code, inCheckout.stderr).toBe(0);
  expect(inCheckout.stdout.trim()).toBe("bundled compare A");
  // Anywhere else (an installed package's launcher sees the checkout's bundle so): its own modules.
  const elsewhere = await runCli("compare.ts", ["A"], { [CLI_BUNDLE_SWITCH]: markedCopy(tmpdir()) });
  expect(elsewhere.code).toBe(2);
  expect(elsewhere.stderr).toMatch(/^compare: expected OLD and NEW, got 1 path/);
});
