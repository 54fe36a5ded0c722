/**
 * A form an earlier release accepted is read as that release read it and warned about once: the
 * command prints one line per deprecation before anything is sent (configure.ts), naming the
 * variable and what to write instead. summary.json keeps the same lines (run.deprecations).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test, vi } from "vitest";
import { configure } from "../../lib/runner/phases/configure.ts";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function printedWhileConfiguring(env: Record<string, string>): string[] {
  vi.stubEnv("REPORTS_DIR", mkdtempSync(join(tmpdir(), "deprecations-")));
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const lines: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
  configure({});
  return lines;
}

test("a type in both MINIMUM_LIMIT_TYPES and CUMULATIVE_LIMIT_TYPES is one warning line, the run goes on", () => {
  const lines = printedWhileConfiguring({ MINIMUM_LIMIT_TYPES: "min,floor", CUMULATIVE_LIMIT_TYPES: "total,floor" });
  expect(lines).toEqual([
    expect.stringMatching(/^conformance: deprecated: CUMULATIVE_LIMIT_TYPES: "floor" is also in MINIMUM_LIMIT_TYPES/),
  ]);
});

test("a configuration of this release's forms prints nothing while it is read", () => {
  expect(printedWhileConfiguring({ CUMULATIVE_LIMIT_TYPES: "max" })).toEqual([]);
});
