/**
 * The GitHub action's step, run locally as the runner runs it: scripts/ci-step.sh with the inputs
 * as INPUT_* variables and GITHUB_OUTPUT / GITHUB_STEP_SUMMARY pointing at temporary files. Green
 * against the embedded sandbox (an env-file read, the report and the pack built), red against a
 * sandbox with a fault, a bad configuration and a bad input each exit 2 with one line; a cancelled
 * job's SIGTERM reaches the run once and the step reports it interrupted.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { startSandbox } from "../../sandbox/server.ts";
import { FAULT_CASES } from "../checks/faults.cases.ts";
import { ROOT, runProcess, type CliResult } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";
import { startCountingProxy } from "../support/targets.ts";

interface Step extends CliResult {
  outputs: Record<string, string>;
  jobSummary: string;
  dir: string;
}

const STEP = join(ROOT, "scripts", "ci-step.sh");

/**
 * The action's folder as the step finds it (GITHUB_ACTION_PATH): the harness's launcher beside its
 * installed packages. These runs are about the step, not the start-up: their folder holds the cli
 * tier's bundle's launcher (tests/support/cli-bundle.ts), which loads each command natively — ci,
 * then its run, report and pack — about 12 s less for the file. The bad inputs run the checkout's
 * own launcher (no GITHUB_ACTION_PATH: the step's default).
 */
const ACTION = mkdtempSync(join(tmpdir(), "ci-action-"));
symlinkSync(join(inject("cliBundleDir"), "cli"), join(ACTION, "cli"));
symlinkSync(join(ROOT, "node_modules"), join(ACTION, "node_modules"));
afterAll(() => rmSync(ACTION, { recursive: true, force: true }));

/** A fresh working folder, and the step's environment there: the inputs, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY as files. */
function prepare(
  inputs: Record<string, string>,
  envFile?: string,
  dir = mkdtempSync(join(tmpdir(), "ci-step-")),
): { dir: string; env: Record<string, string> } {
  const files = { GITHUB_OUTPUT: join(dir, "github-output"), GITHUB_STEP_SUMMARY: join(dir, "step-summary") };
  for (const file of Object.values(files)) writeFileSync(file, "");
  if (envFile !== undefined) writeFileSync(join(dir, "ci.env"), envFile);
  const env = { GITHUB_ACTION_PATH: ACTION, ...files, ...(envFile !== undefined ? { INPUT_ENV_FILE: "ci.env" } : {}) };
  return { dir, env: { ...env, ...inputs } };
}

/** What the step wrote where GitHub Actions reads it. */
function collect(dir: string, run: CliResult): Step {
  const lines = readFileSync(join(dir, "github-output"), "utf8").split("\n").filter(Boolean);
  const outputs = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
  return { ...run, outputs, jobSummary: readFileSync(join(dir, "step-summary"), "utf8"), dir };
}

/** Runs the step with these inputs (and this env file, if any). */
async function runStep(inputs: Record<string, string>, envFile?: string, folder?: string): Promise<Step> {
  const { dir, env } = prepare(inputs, envFile, folder);
  return collect(dir, await runProcess("bash", [STEP], env, 240_000, dir));
}

const shown = (s: Step) => `${s.stdout.slice(-3000)}\n${s.stderr}`;

describe("scripts/ci-step.sh, the action's step", () => {
  test("two checks pass: verdict incomplete (a partial run), counts, the env file's settings, the report and the pack; summary.md is the job summary", async () => {
    const step = await runStep(
      { INPUT_ARGS: "--check CARD-STMT-PERIOD --check CARD-LIM-HTTP-200 --quiet" },
      "SEED=777\n",
    );
    // --check: a partial run is never conformant (exit 1), however its checks end.
    expect(step.code, shown(step)).toBe(1);
    expect(step.outputs).toMatchObject({ "verdict": "incomplete", "exit-code": "1", "passed": "2", "failed": "0" });
    expect(JSON.parse(step.outputs.counts!)).toMatchObject({ passed: 2, failed: 0 });
    expect(step.outputs["report-dir"]).toBe(join(step.dir, "reports"));
    const summary = JSON.parse(readFileSync(step.outputs["summary-json"]!, "utf8")) as { seed: number };
    expect(summary.seed).toBe(777);
    expect(existsSync(join(step.outputs["html-report"]!, "index.html"))).toBe(true);
    expect(step.outputs.pack).toBe(join(step.dir, "reports", "certification.zip"));
    expect(existsSync(step.outputs.pack!)).toBe(true);
    expect(step.outputs["artifact-path"]).toBe(step.outputs["report-dir"]);
    expect(step.jobSummary).toBe(readFileSync(step.outputs["summary-md"]!, "utf8"));
  });

  test("red, retries and fail-on: exit 1 and its failed checks, retried; the next night, the same failures are not new (exit 0)", async () => {
    const fault = FAULT_CASES.find((c) => c.name === "statement answered with 201")!;
    const sandbox = await startSandbox({ faults: fault.faults });
    try {
      // The first a whole run: only a whole run becomes the next night's last run (lib/runner/history.ts).
      const inputs = {
        INPUT_TARGET_URL: sandbox.url,
        INPUT_ARGS: "--quiet",
        INPUT_RETRIES: "1",
        INPUT_FAIL_ON: "new",
        INPUT_HTML_REPORT: "false",
        INPUT_CERTIFY: "false",
      };
      const first = await runStep(inputs);
      expect(first.code, shown(first)).toBe(1);
      expect(first.outputs).toMatchObject({
        verdict: "not conformant",
        failed: String(Object.keys(fault.fails).length),
        pack: "",
      });
      expect(first.outputs["html-report"]).toBe("");
      expect(first.jobSummary).toContain("not conformant");
      expect((JSON.parse(readFileSync(first.outputs["summary-json"]!, "utf8")) as { retries?: number }).retries).toBe(
        1,
      );
      // The next night need not be whole: the failures it knows are the kept whole run's.
      const failing = Object.keys(fault.fails).map((id) => `--check ${id}`);
      const second = await runStep({ ...inputs, INPUT_ARGS: `--quiet ${failing.join(" ")}` }, undefined, first.dir);
      expect(second.code, shown(second)).toBe(0);
      expect(second.outputs).toMatchObject({ "verdict": "not conformant", "exit-code": "0" });
    } finally {
      await sandbox.close();
    }
  });

  test("a bad variable in the env file: exit 2, verdict configuration, the run's one line in the job summary", async () => {
    const step = await runStep({}, "REQUEST_TIMEOUT_MS=soon\n");
    expect(step.code, shown(step)).toBe(2);
    expect(step.outputs).toMatchObject({ "verdict": "configuration", "exit-code": "2", "summary-json": "" });
    expect(step.jobSummary).toMatch(/configuration \(exit 2\)[\s\S]*REQUEST_TIMEOUT_MS/);
  });

  test("a cancelled job: SIGTERM to the step reaches the run once, which writes what it judged; the step reports it interrupted (143)", async () => {
    await withSandbox({}, async (sandbox) => {
      // A target a little late, two requests in flight: the run is still judging when the signal comes.
      const slow = await startCountingProxy(sandbox.url, { delayMs: 20 });
      try {
        const inputs = { INPUT_TARGET_URL: slow.url, INPUT_HTML_REPORT: "false", INPUT_CERTIFY: "false" };
        const { dir, env } = prepare({ ...inputs, CONCURRENCY: "2", INPUT_ARGS: "--quiet" });
        // As the runner cancels: the step's own process gets the signal, once the checks are under way.
        const when = () => slow.received.length >= 40;
        const run = await runProcess("bash", [STEP], env, 240_000, dir, undefined, {
          signal: "SIGTERM",
          afterMs: 0,
          when,
        });
        const step = collect(dir, run);
        expect(step.code, shown(step)).toBe(143);
        expect(step.outputs).toMatchObject({ "verdict": "interrupted", "exit-code": "143" });
        // Signalled once, the run wrote what it judged (a second signal would have ended it at once, unwritten).
        const summary = JSON.parse(readFileSync(step.outputs["summary-json"]!, "utf8")) as { verdict: string };
        expect(summary.verdict).toBe("interrupted");
        expect(step.jobSummary).toContain("interrupted");
      } finally {
        await slow.close();
      }
    });
  });

  test.for([
    ["shards without this job's index", { INPUT_SHARDS: "2" }, /--shards 2 needs --shard-index/],
    ["an env file that is not there", { INPUT_ENV_FILE: "missing.env" }, /env file missing\.env: no such file/],
    ["strict neither true nor false", { INPUT_STRICT: "yes" }, /--strict yes: expected true or false/],
  ] as const)("a bad input, %s: exit 2 with one line", async ([, inputs, line]) => {
    const step = await runStep({ GITHUB_ACTION_PATH: "", ...inputs });
    expect(step.code).toBe(2);
    expect(step.stderr.trim().split("\n")).toEqual([expect.stringMatching(line)]);
  });
});
