/**
 * A new operation needs only its schemas and one catalogue entry (docs/examples/catalogue): the
 * generic suite checks it with no other code, and catches a fault in a target that implements it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { filesEndingWith, loadAddedOperations } from "../../lib/catalogue/added.ts";
import { evaluateModule } from "../../lib/checks/evaluate.ts";
import { genericModule } from "../../suites/generic/module.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { loadSchemas, ValidatorRegistry } from "../../lib/validation/registry.ts";
import { startBlockCardServer, type BlockCardFault } from "../support/block-card-server.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { configFor, failingIds } from "../support/harness.ts";

const EXAMPLE = fileURLToPath(new URL("../../docs/examples/catalogue/", import.meta.url));
const [op] = loadAddedOperations(EXAMPLE);
const registry = new ValidatorRegistry([
  ...loadSchemas(),
  ...filesEndingWith(EXAMPLE, ".schema.json").map((f) => JSON.parse(readFileSync(f, "utf8"))),
]);

const FAULTS: Array<[BlockCardFault, string[]]> = [
  ["none", []],
  ["accepts anything", ["CARD-BLOCK-NEGATIVE"]],
  ["500 on invalid input", ["CARD-BLOCK-NO-5XX"]],
  ["answers without dt", ["CARD-BLOCK-SCHEMA"]],
];

test.for(FAULTS)("block card, target fault %s: the generic checks that fail are %j", async ([fault, fails]) => {
  const server = await startBlockCardServer(fault);
  const run = await createRunContext(configFor(server.url));
  try {
    const results = await evaluateModule(genericModule(op!), { ...run, validators: registry });
    expect(results.map((r) => r.id)).toEqual(
      ["HTTP-200", "JSON", "SCHEMA", "POSITIVE", "NEGATIVE", "NO-5XX", "LATENCY-BUDGET"].map((s) => `CARD-BLOCK-${s}`),
    );
    expect(failingIds(results), results.map((r) => `${r.id}: ${r.message}`).join("\n")).toEqual(fails);
  } finally {
    await run.target.close();
    await server.close();
  }
});

test("npm run conformance checks it with no other code, and it leaves the not-covered list", async () => {
  const server = await startBlockCardServer("accepts anything");
  try {
    const dir = tempReportsDir();
    const checks = ["HTTP-200", "SCHEMA", "POSITIVE", "NEGATIVE"].flatMap((s) => ["--check", `CARD-BLOCK-${s}`]);
    const env = { CATALOGUE_DIR: EXAMPLE, TARGET_BASE_URL: server.url, REPORTS_DIR: dir };
    const { code, stdout, stderr } = await runCli("conformance.ts", ["--no-preflight", ...checks], env);
    // Selected checks only: incomplete (exit 1), never conformant; each passed (below).
    expect(code, stdout + stderr).toBe(1);
    const summary: Summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
    expect(summary.verdict).toBe("incomplete");
    expect(Object.fromEntries(summary.checks.map((c) => [c.id, c.outcome]))).toEqual({
      "CARD-BLOCK-HTTP-200": "passed",
      "CARD-BLOCK-SCHEMA": "passed",
      "CARD-BLOCK-POSITIVE": "passed",
      "CARD-BLOCK-NEGATIVE": "warning",
    });
    expect(summary.notCovered.map((n) => n.operation)).not.toContain("card-api.block-card");
  } finally {
    await server.close();
  }
});

test("a malformed catalogue entry is a configuration error: exit 2, one line naming the file", async () => {
  const dir = mkdtempSync(join(tmpdir(), "catalogue-"));
  writeFileSync(
    join(dir, "broken.operation.json"),
    JSON.stringify({ key: "x", code: "X-1", family: "card-api", title: "X", path: "no-slash" }),
  );
  const { code, stderr } = await runCli("conformance.ts", [], { CATALOGUE_DIR: dir, REPORTS_DIR: tempReportsDir() });
  expect(code).toBe(2);
  expect(stderr.trim().split("\n")).toHaveLength(1);
  expect(stderr).toMatch(
    /configuration error: CATALOGUE_DIR: .*broken\.operation\.json: "spec" must be a non-empty string/,
  );
});

describe("mutates is said, never assumed: what moves money is not sent to production by omission", () => {
  const entry = (extra: Record<string, unknown>) => {
    const dir = mkdtempSync(join(tmpdir(), "catalogue-"));
    const raw = JSON.parse(readFileSync(join(EXAMPLE, "block-card", "block-card.operation.json"), "utf8")) as Record<
      string,
      unknown
    >;
    const { mutates: _dropped, ...rest } = raw;
    writeFileSync(join(dir, "entry.operation.json"), JSON.stringify({ ...rest, ...extra }));
    return dir;
  };

  test("an entry without mutates is refused, naming the field", () => {
    expect(() => loadAddedOperations(entry({}))).toThrow(/"mutates" must be true or false/);
  });

  test("an operation the spec's list marks as moving money stays so, whatever the entry says", () => {
    const [issued] = loadAddedOperations(entry({ key: "card-api.issue-card", mutates: false }));
    expect(issued?.mutates).toBe(true);
    const [read] = loadAddedOperations(entry({ key: "card-api.card-info", mutates: false }));
    expect(read?.mutates).toBe(false);
  });
});
