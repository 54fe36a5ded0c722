/**
 * The tiers' temporary folder (tests/support/temp-root.setup.ts): every test, and every command a
 * test starts, writes under one folder of the `vitest run`, which is removed when the run ends.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { expect, test } from "vitest";
import setup from "../support/temp-root.setup.ts";

test("a test's temporary folders are made in the run's own folder", () => {
  expect(basename(tmpdir())).toMatch(/^harness-tests-/);
});

test("the setup makes the folder and points TMPDIR at it; the last teardown removes it and restores TMPDIR", () => {
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
    expect(existsSync(root)).toBe(false);
    expect(process.env.TMPDIR).toBe(parent);
  } finally {
    process.env.TMPDIR = outer;
    rmSync(parent, { recursive: true, force: true });
  }
});
