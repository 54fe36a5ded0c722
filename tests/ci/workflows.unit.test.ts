/**
 * The CI examples are valid YAML and use only documented commands (README.md, docs/*.md); the
 * GitHub ones run through this repository's action (action.yml, which uploads the reports and writes
 * the job summary: tests/ci/ci-outputs.unit.test.ts), the GitLab one through its step (`npm run ci-step`).
 * The gate runs on pull requests without retries; the nightly run is scheduled against staging,
 * sharded with retries and merged failing only on a new failure, with the Allure history kept.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseDocument } from "yaml";
import { ROOT } from "../support/root.ts";

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

/** The steps that use this repository's action (`uses: ./`). */
function actionSteps(workflow: Json): Array<{ with?: Json }> {
  const jobs = Object.values((workflow.jobs ?? {}) as Record<string, { steps?: Array<Json> }>);
  return jobs.flatMap((job) => (job.steps ?? []).filter((step) => step.uses === "./"));
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
    expect(lines.length + actionSteps(doc.toJS() as Json).length).toBeGreaterThan(0);
    expect(lines.filter((l) => !documented.has(shape(l)))).toEqual([]);
  });

  test("the gate runs on pull requests through the action, against the preview URL, without retries", () => {
    const gate = load(FILES[0]!);
    expect(gate.on).toHaveProperty("pull_request");
    const [step, ...more] = actionSteps(gate);
    expect(more).toEqual([]);
    expect(step!.with).toEqual({ "target-url": "${{ secrets.PREVIEW_URL }}" });
  });

  test("the nightly run is scheduled against staging, sharded with retries, merged failing only on new failures, with kept history", () => {
    const nightly = load(FILES[1]!);
    expect((nightly.on as Json).schedule).toBeDefined();
    expect(nightly.env).toMatchObject({ TARGET_ENV: "staging", PROPERTY_RUNS: "500" });
    const [shard, merge] = actionSteps(nightly);
    expect(shard!.with).toMatchObject({ "shards": 2, "shard-index": "${{ matrix.shard }}", "retries": 2 });
    expect(merge!.with).toMatchObject({ "merge-reports": "reports/blobs", "fail-on": "new" });
    const text = JSON.stringify(nightly);
    // The action uploads shard N's blobs as conformance-blob-N (cli/ci-step.ts).
    for (const needed of [
      '"pattern":"conformance-blob-*","path":"reports/blobs"',
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
    const scripts = ["conformance-gate", "conformance-nightly", "conformance-nightly-report"].map((job) =>
      String((gitlab[job] as { script: string[] }).script),
    );
    expect(scripts).toEqual([
      "npm run ci-step",
      "npm run ci-step -- --shards=$CI_NODE_TOTAL --shard-index=$CI_NODE_INDEX --retries=2",
      "npm run ci-step -- --merge-reports=reports/blobs --fail-on=new",
    ]);
  });
});
