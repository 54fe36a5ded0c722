/**
 * The CI examples are valid YAML and use only documented commands (README.md, docs/*.md); the
 * gate runs on pull requests and uploads JUnit and the Allure report with a one-page summary; the
 * nightly run is scheduled against staging, sharded and merged, with more property runs and the
 * Allure history kept between runs.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseDocument } from "yaml";
import { ROOT } from "../support/cli.ts";

const FILES = [".github/workflows/conformance-gate.yml", ".github/workflows/conformance-nightly.yml", ".gitlab-ci.yml"];

type Json = Record<string, unknown>;
const load = (file: string): Json => parseDocument(readFileSync(join(ROOT, file), "utf8")).toJS() as Json;

/** Every shell line a workflow runs: GitHub `run:` steps, GitLab `*script:` lists. */
function shellLines(workflow: Json): string[] {
  const lines: string[] = [];
  const visit = (node: unknown, key = ""): void => {
    if (typeof node === "string" && (key === "run" || /script$/.test(key))) lines.push(...node.split("\n"));
    else if (Array.isArray(node)) node.forEach((n) => visit(n, key));
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) visit(v, k);
  };
  visit(workflow);
  return lines.map((l) => l.trim()).filter(Boolean);
}

/** A command reduced to its program, script and option names: values and variables dropped. */
function shape(command: string): string {
  return command
    .replace(/^(\w+=\S+\s+)+/, "")
    .split(/\s+/)
    .map((word) => word.replace(/=.*$/, ""))
    .filter((word) => /^(npm|npx|node|ci|test|run|--?[\w-]+|[a-z][\w:-]*)$/.test(word) && !/^\$/.test(word))
    .join(" ");
}

/** Commands in the shell blocks of README.md and the docs/ pages (docs/real-targets.md has the CI ones). */
function documentedCommands(): Set<string> {
  const pages = [
    "README.md",
    ...readdirSync(join(ROOT, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => join("docs", f)),
  ];
  const text = pages.map((page) => readFileSync(join(ROOT, page), "utf8")).join("\n");
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const lines = blocks
    .flatMap((b) => b.split("\n"))
    .map((l) => l.replace(/#.*$/, "").trim())
    .filter(Boolean);
  return new Set(lines.flatMap((l) => l.split(/\s*&&\s*/)).map(shape));
}

describe("the CI examples", () => {
  test.for(FILES)("%s is valid YAML and runs only documented commands", (file) => {
    const doc = parseDocument(readFileSync(join(ROOT, file), "utf8"), { strict: true, uniqueKeys: true });
    expect(doc.errors).toEqual([]);
    expect(doc.warnings).toEqual([]);
    const documented = documentedCommands();
    const lines = shellLines(doc.toJS() as Json);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => !documented.has(shape(l)))).toEqual([]);
  });

  test("the gate runs on pull requests, uploads JUnit and the Allure report, and writes the summary page", () => {
    const gate = load(FILES[0]!);
    expect(gate.on).toHaveProperty("pull_request");
    const text = JSON.stringify(gate);
    for (const needed of [
      "npm ci",
      "npm run conformance",
      "reports/junit.xml",
      "reports/allure-report",
      'cat reports/summary.md >> \\"$GITHUB_STEP_SUMMARY\\"',
    ]) {
      expect(text).toContain(needed);
    }
  });

  test("the nightly run is scheduled against staging, sharded, merged, with more property runs and kept history", () => {
    const nightly = load(FILES[1]!);
    expect((nightly.on as Json).schedule).toBeDefined();
    expect(nightly.env).toMatchObject({ TARGET_ENV: "staging", PROPERTY_RUNS: "500" });
    const text = JSON.stringify(nightly);
    for (const needed of [
      "--shard=${{ matrix.shard }}/2",
      "--merge-reports reports/blobs",
      "actions/cache/restore@v4",
      "actions/cache/save@v4",
      "reports/history",
    ]) {
      expect(text).toContain(needed);
    }
  });

  test("GitLab: a merge-request gate with a JUnit report, and a scheduled sharded nightly run merged with history", () => {
    const gitlab = load(FILES[2]!);
    expect(JSON.stringify(gitlab["conformance-gate"])).toContain("merge_request_event");
    expect(gitlab["conformance-gate"]).toMatchObject({ artifacts: { reports: { junit: "reports/junit.xml" } } });
    expect(gitlab["conformance-nightly"]).toMatchObject({ parallel: 2, variables: { TARGET_ENV: "staging" } });
    expect(JSON.stringify(gitlab["conformance-nightly-report"])).toContain("reports/history/");
  });
});
