/**
 * The GitHub action (action.yml) and its step: every input reaches scripts/ci-step.sh and becomes
 * an option of `payment-conformance ci`; every output is one the step writes; the outputs and the
 * job summary follow the run's summary, or its exit code when it wrote none.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseDocument } from "yaml";
import { jobSummary, problemLine, stepOutputs, writeStepFiles, type StepResult } from "../../lib/runner/ci-outputs.ts";
import { ROOT } from "../support/root.ts";

type Json = Record<string, unknown>;
const action = parseDocument(readFileSync(join(ROOT, "action.yml"), "utf8"), { strict: true, uniqueKeys: true });
const spec = action.toJS() as {
  inputs: Record<string, Json>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Array<Json & { env?: Record<string, string> }> };
};
const script = readFileSync(join(ROOT, "scripts", "ci-step.sh"), "utf8");
const step = spec.runs.steps.find((s) => s.id === "conformance")!;
const envName = (input: string) => `INPUT_${input.toUpperCase().replace(/-/g, "_")}`;
// Inputs the action itself uses, not the script.
const ACTION_ONLY = ["working-directory", "node-version"];
/** The step's option for an input: its name, but env-file (Node 20 claims --env-file= anywhere in argv). */
const optionOf = (input: string) => (input === "env-file" ? "variables-file" : input);

const result = (over: Partial<StepResult> = {}): StepResult => ({
  exitCode: 0,
  reportsDir: "/nowhere/reports",
  artifactName: "conformance-reports",
  ...over,
});
const COUNTS = {
  must: { "passed": 20, "failed": 1, "warning": 0, "skipped": 0, "flaky": 0, "not judged": 2 },
  should: { "passed": 30, "failed": 0, "warning": 2, "skipped": 1, "flaky": 1, "not judged": 0 },
  info: { "passed": 1, "failed": 0, "warning": 0, "skipped": 0, "flaky": 0, "not judged": 0 },
};

describe("action.yml", () => {
  test("is a composite action, valid YAML", () => {
    expect(action.errors).toEqual([]);
    expect(spec.runs.using).toBe("composite");
    expect(step.run).toContain("$GITHUB_ACTION_PATH/scripts/ci-step.sh");
  });

  test.for(Object.keys(spec.inputs).filter((i) => !ACTION_ONLY.includes(i)))(
    "input %s reaches the script and becomes an option of the step",
    (input) => {
      expect(step.env?.[envName(input)]).toBe(`\${{ inputs.${input} }}`);
      expect(script).toContain(`"--${optionOf(input)}=\${${envName(input)}:-}"`);
      expect(readFileSync(join(ROOT, "cli", "ci-step.ts"), "utf8")).toContain(`"${optionOf(input)}"`);
    },
  );

  test("the brief's inputs are there", () => {
    for (const input of ["target-url", "env-file", "strict", "shards", "retries", "fail-on"])
      expect(spec.inputs).toHaveProperty(input);
  });

  test("every output is one the step writes, and every one it writes is an output", () => {
    const written = Object.keys(stepOutputs(result(), { verdict: "conformant", counts: COUNTS }));
    expect(Object.keys(spec.outputs).sort()).toEqual([...written].sort());
    for (const [name, output] of Object.entries(spec.outputs))
      expect(output.value).toBe(`\${{ steps.conformance.outputs.${name} }}`);
  });

  test("the reports are uploaded as an artifact unless the job was cancelled", () => {
    const upload = spec.runs.steps.find((s) => String(s.uses).startsWith("actions/upload-artifact@"))!;
    expect(upload.if).toContain("!cancelled()");
    expect(upload.with).toMatchObject({ path: "${{ steps.conformance.outputs.artifact-path }}" });
  });
});

describe("the step's outputs", () => {
  test("from the summary: the verdict and the checks per outcome over every level", () => {
    const outputs = stepOutputs(result({ exitCode: 1 }), { verdict: "not conformant", counts: COUNTS });
    expect(outputs).toMatchObject({ "verdict": "not conformant", "exit-code": "1", "passed": "51", "failed": "1" });
    expect(outputs).toMatchObject({ "warnings": "2", "skipped": "1", "flaky": "1", "not-judged": "2" });
    expect(JSON.parse(outputs.counts!)).toEqual({
      "passed": 51,
      "failed": 1,
      "warning": 2,
      "skipped": 1,
      "flaky": 1,
      "not judged": 2,
    });
    // No such file: no path.
    expect(outputs["summary-json"]).toBe("");
  });

  test.for([
    [2, "configuration"],
    [3, "target unavailable"],
    [130, "interrupted"],
    [143, "interrupted"],
  ] as const)("without a summary, exit %i is %s", ([code, verdict]) => {
    expect(stepOutputs(result({ exitCode: code })).verdict).toBe(verdict);
  });

  test("an interrupted run is interrupted even though its summary says what was judged so far", () => {
    expect(stepOutputs(result({ exitCode: 130 }), { verdict: "incomplete", counts: COUNTS }).verdict).toBe(
      "interrupted",
    );
  });

  test("a shard uploads its blobs and says the merge job reports the run", () => {
    const shard = result({ shard: "2/3", artifactName: "conformance-blob-2" });
    const outputs = stepOutputs(shard, { verdict: "conformant", counts: COUNTS });
    expect(outputs["artifact-path"]).toBe("/nowhere/reports/blobs");
    expect(jobSummary(shard, outputs, "# whole summary")).toMatch(/shard 2\/3[\s\S]*merge job/);
  });

  test("the job summary is summary.md, or the verdict and the command's own line", () => {
    const ok = result();
    expect(jobSummary(ok, stepOutputs(ok), "# Conformance summary\n")).toBe("# Conformance summary\n");
    const bad = result({ exitCode: 2, problem: "conformance: configuration error: REQUEST_TIMEOUT_MS: `abc`" });
    const text = jobSummary(bad, stepOutputs(bad));
    expect(text).toContain("configuration (exit 2)");
    expect(text).toContain("REQUEST_TIMEOUT_MS: 'abc'");
  });

  test("the command's line in the job summary passes the one redactor, with the step's own secrets", () => {
    const token = "tok-ci-step-7Hq2ZpLx9";
    const line = `conformance: refused with ${token} for card 4111111111111111`;
    const shown = problemLine(line, { PARTNER_ACCESS_TOKEN: token })!;
    expect(shown).not.toContain(token);
    expect(shown).not.toContain("4111111111111111");
    expect(shown).toContain("411111");
    expect(problemLine(undefined, {})).toBeUndefined();
  });

  test("GITHUB_OUTPUT gets one name=value line per output; nothing is written outside GitHub Actions", () => {
    const dir = mkdtempSync(join(tmpdir(), "ci-outputs-"));
    const env = { GITHUB_OUTPUT: join(dir, "out"), GITHUB_STEP_SUMMARY: join(dir, "summary") };
    writeStepFiles(env, { verdict: "conformant", counts: "{}", odd: "two\nlines" }, "# s\n");
    expect(readFileSync(env.GITHUB_OUTPUT, "utf8")).toBe("verdict=conformant\ncounts={}\nodd=two lines\n");
    expect(readFileSync(env.GITHUB_STEP_SUMMARY, "utf8")).toBe("# s\n");
    expect(() => writeStepFiles({}, { verdict: "x" }, "y")).not.toThrow();
  });
});
