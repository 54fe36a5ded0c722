/**
 * `npm run conformance` usage and configuration errors, in-process: the CLI's main is called with
 * argv and an environment, and must end with exit 2 and one line naming the problem, before any
 * check runs. (tests/cli/conformance.test.ts proves the same path as a real process, once.)
 * The catalogue reads CATALOGUE_DIR as it loads, so those rows load the CLI afresh.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { settleCommand } from "../../lib/runner/cli-errors.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** A folder of the catalogue with one schema file of this text. */
function catalogueWith(schemaText: string): string {
  const dir = temp("catalogue-");
  writeFileSync(join(dir, "broken.schema.json"), schemaText);
  return dir;
}
/** The worked example (block card), its request schema edited. */
function exampleWith(edit: (schema: Record<string, unknown>) => void): string {
  const dir = temp("catalogue-");
  cpSync(join(ROOT, "docs/examples/catalogue/block-card"), dir, { recursive: true });
  const file = join(dir, "block-card-request.schema.json");
  const schema = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  edit(schema);
  writeFileSync(file, JSON.stringify(schema));
  return dir;
}
const RULES_UNKNOWN_KEY = join(temp("request-rules-"), "rules.json");
writeFileSync(RULES_UNKNOWN_KEY, '{"card-api.transfer": {"type": "object"}}');
const A_FILE = join(temp("not-a-folder-"), "reports");
writeFileSync(A_FILE, "");

/** Runs the CLI's main with these arguments and variables; what it wrote to stdout is kept. */
async function conformance(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; line?: string; stdout: string }> {
  for (const [name, value] of Object.entries({ REPORTS_DIR: temp("conformance-reports-"), ...env }))
    vi.stubEnv(name, value);
  const fresh = "CATALOGUE_DIR" in env;
  if (fresh) vi.resetModules();
  // The command and its error classes from one module graph (a fresh one has its own ConfigError).
  const [{ main }, { settleCommand: settle }] = await Promise.all([
    import("../../cli/conformance.ts"),
    import("../../lib/runner/cli-errors.ts"),
  ]);
  let stdout = "";
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  try {
    return { ...(await settle("conformance", () => main(args))), stdout };
  } finally {
    write.mockRestore();
    if (fresh) vi.resetModules();
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("bad configuration or usage: exit 2 with one line naming the problem", () => {
  const CASES: Array<[string, string[], Record<string, string>, RegExp]> = [
    [
      "a target that is not a URL",
      [],
      { TARGET_BASE_URL: "not-a-url" },
      /TARGET_BASE_URL: "not-a-url" is not an http\(s\) URL/,
    ],
    [
      "a target URL with a query (paths would follow it)",
      [],
      { TARGET_BASE_URL: "http://127.0.0.1:4010?x=1" },
      /TARGET_BASE_URL: .* must not carry a query/,
    ],
    ["a negative timeout", [], { REQUEST_TIMEOUT_MS: "-1" }, /REQUEST_TIMEOUT_MS/],
    [
      "a run deadline no timer can hold",
      [],
      { RUN_DEADLINE_MS: "2200000000" },
      /RUN_DEADLINE_MS: "2200000000" must be at most 86400000/,
    ],
    ["an unknown option", ["--fast"], {}, /Unknown option '--fast'/],
    [
      "a mistyped --check id (it would select nothing and pass)",
      ["--check", "CARD-STMT-PERIDO"],
      {},
      /--check CARD-STMT-PERIDO: no such check/,
    ],
    [
      "--merge-reports of a folder that does not exist",
      ["--merge-reports", "/nonexistent-blobs"],
      {},
      /--merge-reports \/nonexistent-blobs: no such folder/,
    ],
    [
      "more shards than CONCURRENCY allows",
      ["--shard=1/4"],
      { CONCURRENCY: "2" },
      /CONCURRENCY=2 is less than the 4 shards/,
    ],
    ["a REPORTS_DIR that is a file", [], { REPORTS_DIR: A_FILE }, /REPORTS_DIR: .* is a file, not a folder/],
    [
      "a REQUEST_RULES_FILE that does not exist",
      [],
      { REQUEST_RULES_FILE: "/nonexistent-request-rules.json" },
      /REQUEST_RULES_FILE: .*no such file/,
    ],
    [
      "a REQUEST_RULES_FILE key that names no operation (checked at start)",
      [],
      { REQUEST_RULES_FILE: RULES_UNKNOWN_KEY },
      /REQUEST_RULES_FILE: .*"card-api.transfer" is no operation of the catalogue/,
    ],
    [
      "a CRYPTO_PROFILE module that exports no factory",
      [],
      { CRYPTO_PROFILE: "./tests/crypto/fixtures/no-factory.mjs" },
      /configuration error: CRYPTO_PROFILE: .*exports no profile factory/,
    ],
    [
      "a CATALOGUE_DIR that does not exist",
      [],
      { CATALOGUE_DIR: "/nonexistent-catalogue" },
      /CATALOGUE_DIR: .*does not exist/,
    ],
    [
      "a catalogue schema that is not JSON",
      [],
      { CATALOGUE_DIR: catalogueWith("{") },
      /CATALOGUE_DIR: .*broken\.schema\.json: not JSON/,
    ],
    [
      "a catalogue schema that is not a JSON Schema",
      [],
      {
        CATALOGUE_DIR: catalogueWith('{"$id":"https://conformance.example/schemas/added/x.schema.json","type":"nope"}'),
      },
      /CATALOGUE_DIR: .*broken\.schema\.json: not a valid JSON Schema/,
    ],
    [
      "a catalogue schema $id outside the schemas base",
      [],
      { CATALOGUE_DIR: catalogueWith('{"$id":"https://partner.example/x.schema.json","type":"object"}') },
      /CATALOGUE_DIR: .*broken\.schema\.json: "\$id" must start with https:\/\/conformance\.example\/schemas\//,
    ],
    [
      "a request schema keyword the generators do not support",
      [],
      {
        CATALOGUE_DIR: exampleWith((s) =>
          Object.assign(s.properties as object, {
            tags: { type: "array", items: { type: "string" }, uniqueItems: true },
          }),
        ),
      },
      /CATALOGUE_DIR: card-api\.block-card: .*uniqueItems/,
    ],
    [
      "an example that does not match its schema",
      [],
      { CATALOGUE_DIR: exampleWith((s) => ((s.examples as Array<Record<string, unknown>>)[1]!.reason = "bored")) },
      /CATALOGUE_DIR: card-api\.block-card: example 1 of .* does not match its schema/,
    ],
  ];
  test.for(CASES)("%s", async ([, args, env, re]) => {
    const { code, line, stdout } = await conformance(args, env);
    expect(code).toBe(2);
    expect(line?.split("\n")).toHaveLength(1);
    expect(line).toMatch(/^conformance: /);
    expect(line).toMatch(re);
    expect(stdout).not.toMatch(/RUN|verdict/);
  });
});

test("an error that is not the user's is exit 1 with the stack, never exit 2", async () => {
  const end = await settleCommand("conformance", () => Promise.reject(new TypeError("a harness defect")));
  expect(end.code).toBe(1);
  expect(end.line).toMatch(/^conformance: TypeError: a harness defect/);
});
