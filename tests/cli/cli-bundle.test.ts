/**
 * The cli tier starts its commands from a bundle of the current sources (tests/support/cli-bundle.ts,
 * built by the tier's global setup): it holds every module of the launcher's table and a launcher
 * of the tests' own where the package holds the installed one; the tests start that launcher
 * (cli.ts), ci's nested commands start it in turn, and the installed launcher knows no bundle.
 * That the bundled commands behave as the sources do is what every other file of the tier proves,
 * through them.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, inject, test } from "vitest";
import { BUNDLED_SCRIPTS, bundledModules, launcherOf } from "../support/cli-bundle.ts";
import { ROOT, runCli, runProcess, testLauncher } from "../support/cli.ts";

const bundle = inject("cliBundleDir");
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test("the tier's bundle holds every module of the launcher's table, its launcher and the tests' own scripts, under the checkout's node_modules", () => {
  const commands = ["conformance", "sandbox", "report", "certify", "compare", "ci-step"].map((c) => `cli/${c}.ts`);
  expect(bundledModules()).toEqual(expect.arrayContaining([...commands, "lib/runner/cli-errors.ts"]));
  expect(bundle.startsWith(join(ROOT, "node_modules", ".cache"))).toBe(true);
  const entries = [...bundledModules(), ...BUNDLED_SCRIPTS, "cli/payment-conformance.ts"];
  const missing = entries.filter((m) => !existsSync(join(bundle, m.replace(/\.ts$/, ".mjs"))));
  expect(missing).toEqual([]);
  expect(testLauncher()).toBe(launcherOf(bundle));
});

/** The tier's bundle in a fresh folder beside it, its compare replaced by one that says where it came from. */
function markedCopy(): string {
  const dir = mkdtempSync(join(bundle, "..", "marked-bundle-"));
  made.push(dir);
  cpSync(bundle, dir, { recursive: true });
  writeFileSync(
    join(dir, "cli", "compare.mjs"),
    'export async function main(args) { console.log("bundled compare", ...args); return 0; }\n',
  );
  return dir;
}

test("the bundle's launcher runs the command from its own bundle", async () => {
  const marked = await runProcess(process.execPath, [launcherOf(markedCopy()), "compare", "A"]);
  expect(marked.code, marked.stderr).toBe(0);
  expect(marked.stdout.trim()).toBe("bundled compare A");
  expect((await runCli("compare.ts", ["A"])).stderr).toMatch(/^compare: expected OLD and NEW, got 1 path/);
});

test("ci's run, report and pack start the bundle's launcher, not the installed one", () => {
  const ci = readFileSync(join(bundle, "cli", "ci-step.mjs"), "utf8");
  expect(ci).toContain(JSON.stringify(pathToFileURL(launcherOf(bundle)).href));
  expect(ci).not.toContain('payment-conformance.mjs", import.meta.url');
});

test("the installed launcher knows no bundle: it reads no variable of the tests' and loads its commands from the package", () => {
  for (const file of ["payment-conformance.mjs", "launcher.mjs", "memory-flags.mjs"]) {
    const text = readFileSync(join(ROOT, "cli", file), "utf8");
    expect(text, file).not.toMatch(/HARNESS_TEST|cli-bundle|cliBundle|tests\//i);
  }
});
