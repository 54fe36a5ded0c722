/**
 * `npm run conformance` end to end, through vitest and its reporters: exit codes 0/1/2, the
 * outputs of the contract, and the level rule (a should failure warns, and fails in strict mode).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CARD_STATEMENT } from "../../lib/catalogue/index.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { withSandbox } from "../support/harness.ts";
import { ROOT, runCli, tempReportsDir } from "../support/cli.ts";

const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));

/** A folder of the catalogue with one schema file of this text. */
function catalogueWith(schemaText: string): string {
  const dir = mkdtempSync(join(tmpdir(), "catalogue-"));
  writeFileSync(join(dir, "broken.schema.json"), schemaText);
  return dir;
}
/** The worked example (block card), its request schema edited. */
function exampleWith(edit: (schema: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "catalogue-"));
  cpSync(join(ROOT, "docs/examples/catalogue/block-card"), dir, { recursive: true });
  const file = join(dir, "block-card-request.schema.json");
  const schema = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  edit(schema);
  writeFileSync(file, JSON.stringify(schema));
  return dir;
}
const A_FILE = join(mkdtempSync(join(tmpdir(), "not-a-folder-")), "reports");
writeFileSync(A_FILE, "");

describe("bad configuration or usage: exit 2 with one line naming the problem", () => {
  const CASES: Array<[string, string[], Record<string, string>, RegExp]> = [
    ["a target that is not a URL", [], { TARGET_BASE_URL: "not-a-url" }, /TARGET_BASE_URL: "not-a-url" is not an http\(s\) URL/],
    ["a target URL with a query (paths would follow it)", [], { TARGET_BASE_URL: "http://127.0.0.1:4010?x=1" }, /TARGET_BASE_URL: .* must not carry a query/],
    ["a negative timeout", [], { REQUEST_TIMEOUT_MS: "-1" }, /REQUEST_TIMEOUT_MS/],
    ["a run deadline no timer can hold", [], { RUN_DEADLINE_MS: "2200000000" }, /RUN_DEADLINE_MS: "2200000000" must be at most 86400000/],
    ["an unknown option", ["--fast"], {}, /Unknown option '--fast'/],
    ["a mistyped --check id (it would select nothing and pass)", ["--check", "CARD-STMT-PERIDO"], {}, /--check CARD-STMT-PERIDO: no such check/],
    ["--merge-reports of a folder that does not exist", ["--merge-reports", "/nonexistent-blobs"], {}, /--merge-reports \/nonexistent-blobs: no such folder/],
    ["more shards than CONCURRENCY allows", ["--shard=1/4"], { CONCURRENCY: "2" }, /CONCURRENCY=2 is less than the 4 shards/],
    ["a REPORTS_DIR that is a file", [], { REPORTS_DIR: A_FILE }, /REPORTS_DIR: .* is a file, not a folder/],
    ["a CATALOGUE_DIR that does not exist", [], { CATALOGUE_DIR: "/nonexistent-catalogue" }, /CATALOGUE_DIR: .*does not exist/],
    ["a catalogue schema that is not JSON", [], { CATALOGUE_DIR: catalogueWith("{") }, /CATALOGUE_DIR: .*broken\.schema\.json: not JSON/],
    ["a catalogue schema that is not a JSON Schema", [], { CATALOGUE_DIR: catalogueWith('{"$id":"https://conformance.example/schemas/added/x.schema.json","type":"nope"}') }, /CATALOGUE_DIR: .*broken\.schema\.json: not a valid JSON Schema/],
    ["a catalogue schema $id outside the schemas base", [], { CATALOGUE_DIR: catalogueWith('{"$id":"https://partner.example/x.schema.json","type":"object"}') }, /CATALOGUE_DIR: .*broken\.schema\.json: "\$id" must start with https:\/\/conformance\.example\/schemas\//],
    ["a request schema keyword the generators do not support", [], { CATALOGUE_DIR: exampleWith((s) => Object.assign(s.properties as object, { tags: { type: "array", items: { type: "string" }, uniqueItems: true } })) }, /CATALOGUE_DIR: card-api\.block-card: .*uniqueItems/],
    ["an example that does not match its schema", [], { CATALOGUE_DIR: exampleWith((s) => ((s.examples as Array<Record<string, unknown>>)[1]!.reason = "bored")) }, /CATALOGUE_DIR: card-api\.block-card: example 1 of .* does not match its schema/],
  ];
  test.concurrent.for(CASES)("%s", async ([, args, env, re]) => {
    const { code, stderr, stdout } = await runCli("conformance.ts", args, { REPORTS_DIR: tempReportsDir(), ...env });
    expect(code).toBe(2);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(re);
    expect(stdout).not.toMatch(/RUN|verdict/);
  });
});

test("a run that stops on its configuration leaves no earlier verdict behind for CI to publish", async () => {
  const dir = tempReportsDir();
  for (const stale of ["junit.xml", "summary.json", "summary.md"]) writeFileSync(join(dir, stale), "from the last run");
  const { code } = await runCli("conformance.ts", [], { REPORTS_DIR: dir, TARGET_BASE_URL: "not-a-url" });
  expect(code).toBe(2);
  expect(["junit.xml", "summary.json", "summary.md"].filter((f) => existsSync(join(dir, f)))).toEqual([]);
});

test("credentials in the target URL never reach the console", async () => {
  const { code, stdout, stderr } = await runCli("conformance.ts", [], { REPORTS_DIR: tempReportsDir(), TARGET_BASE_URL: "http://svc:s3cr3tpw@127.0.0.1:9" });
  expect(code).toBe(2);
  expect(stdout).toMatch(/target http:\/\/<credentials>@127\.0\.0\.1:9/);
  expect(stdout + stderr).not.toContain("s3cr3tpw");
});

test("against the embedded sandbox, strict: exit 0, over 1,000 requests, every documented operation checked, named-only ones skipped", async () => {
  const dir = tempReportsDir();
  const { code, stdout } = await runCli("conformance.ts", ["--strict"], { REPORTS_DIR: dir, SEED: "7", PROPERTY_RUNS: "" });
  expect(code, stdout).toBe(0);
  const summary = summaryOf(dir);
  expect(summary.verdict).toBe("conformant");
  expect(summary.seed).toBe(7);
  expect(new Set(summary.checks.map((c) => c.operation))).toEqual(
    new Set(["partner-transfer-api.register-business", "card-api.statement", "card-api.transaction-create", "card-api.limits-list"]));
  expect(summary.checks.every((c) => c.outcome === "passed")).toBe(true);
  expect(summary.requests).toBeGreaterThanOrEqual(1_000);
  const junit = readFileSync(join(dir, "junit.xml"), "utf8");
  for (const c of summary.checks) expect(junit).toContain(`${c.id} [${c.level}] ${c.spec}`);
  expect(junit).toContain('name="skip-reason" value="the spec shows no request or response shape (§4.6)"');
  expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(/Verdict: conformant/);
});

test("a must failure: exit 1, the check named with seed and a redacted curl line", async () => {
  await withSandbox({ faults: [{ kind: "drop-field", operation: CARD_STATEMENT.key, path: ["dt"] }] }, async (sandbox) => {
    const dir = tempReportsDir();
    const { code, stdout, stderr } = await runCli("conformance.ts", [], { REPORTS_DIR: dir, TARGET_BASE_URL: sandbox.url, SEED: "11" });
    const output = stdout + stderr;
    expect(code).toBe(1);
    const failed = summaryOf(dir).checks.find((c) => c.id === "CARD-STMT-SCHEMA");
    expect(failed?.outcome).toBe("failed");
    expect(failed?.message).toMatch(/\/dt is required but missing/);
    expect(output).toMatch(/reproduce: SEED=11 npm run conformance -- --check CARD-STMT-SCHEMA/);
    expect(output).toMatch(/curl -sS -X POST '.*\/v5\/card-api\/card\/statement'/);
  });
});

test("a should failure warns (exit 0) and fails the run in strict mode (exit 1)", async () => {
  const fault = { kind: "set-field" as const, operation: CARD_STATEMENT.key, path: ["dt"], value: "yesterday" };
  await withSandbox({ faults: [fault] }, async (sandbox) => {
    const env = { TARGET_BASE_URL: sandbox.url, SEED: "3" };
    const lenient = tempReportsDir();
    expect((await runCli("conformance.ts", ["--check", "CARD-STMT-DT"], { ...env, REPORTS_DIR: lenient })).code).toBe(0);
    expect(summaryOf(lenient).checks.find((c) => c.id === "CARD-STMT-DT")?.outcome).toBe("warning");
    const strict = tempReportsDir();
    expect((await runCli("conformance.ts", ["--strict", "--check", "CARD-STMT-DT"], { ...env, REPORTS_DIR: strict })).code).toBe(1);
    expect(summaryOf(strict).checks.find((c) => c.id === "CARD-STMT-DT")?.outcome).toBe("failed");
  });
});

test("--help lists --quiet, which turns the live progress off", async () => {
  const { code, stdout } = await runCli("conformance.ts", ["--help"], {});
  expect(code).toBe(0);
  expect(stdout).toMatch(/--quiet +no live progress \(on a terminal one line in place, otherwise a status line every 10 s\)/);
  expect(stdout.split("\n")[0]).toContain("[--quiet]");
});
