/**
 * The tiers' temporary folder (tests/support/temp-root.setup.ts): every test, and every command a
 * test starts, writes under one folder of the `vitest run`, which is removed when the run ends (by a
 * process of its own: this file is in the sandbox tier).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { expect, test } from "vitest";
import setup from "../support/temp-root.setup.ts";

test("a test's temporary folders are made in the run's own folder", () => {
  expect(basename(tmpdir())).toMatch(/^harness-tests-/);
});

test("the setup makes the folder and points TMPDIR at it; the last teardown restores TMPDIR and removes it", async () => {
  const outer = process.env.TMPDIR;
  const parent = mkdtempSync(join(tmpdir(), "temp-root-"));
  process.env.TMPDIR = parent;
  // This worker is not the process that set up the run: its setup state starts empty.
  try {
    const first = setup();
    const second = setup();
    const root = tmpdir();
    expect(dirname(root)).toBe(parent);
    expect(existsSync(root)).toBe(true);
    second();
    expect(existsSync(root)).toBe(true);
    first();
    expect(process.env.TMPDIR).toBe(parent);
    await expect.poll(() => existsSync(root), { timeout: 10_000 }).toBe(false);
  } finally {
    process.env.TMPDIR = outer;
    rmSync(parent, { recursive: true, force: true });
  }
});
