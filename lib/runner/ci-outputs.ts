/**
 * What the CI step (cli/ci-step.ts, the one script of the GitHub action in action.yml) hands to the
 * pipeline: step outputs (`name=value` lines appended to GITHUB_OUTPUT) and the job summary
 * (Markdown appended to GITHUB_STEP_SUMMARY), made from the run's summary.json and exit code. A run
 * that wrote no summary (bad configuration, target unavailable) is named by its exit code.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { redactor } from "../redaction/redact.ts";
import type { Summary } from "../reporting/summary.ts";
import { environmentSecrets } from "./cli-errors.ts";

/** The verdict an exit code stands for (DESIGN.md › Verdicts), when there is no summary to read it from. */
const VERDICT_OF_EXIT: Record<number, string> = {
  0: "conformant",
  1: "not conformant",
  2: "configuration",
  3: "target unavailable",
  130: "interrupted",
  143: "interrupted",
};

export interface StepResult {
  exitCode: number;
  /** REPORTS_DIR, absolute. */
  reportsDir: string;
  /** The command's own one-line reason when it ended with an error (already redacted). */
  problem?: string | undefined;
  /** `i/n` for one shard of a sharded run: its outputs are a blob for the merge job. */
  shard?: string | undefined;
  htmlReport?: string | undefined;
  pack?: string | undefined;
  artifactName: string;
}

export type RunSummary = Pick<Summary, "verdict" | "counts">;

/**
 * The command's last stderr line, for the job summary: through the one redactor, with the secrets
 * of the environment the command ran with (an env file's included), whatever printed it.
 */
export function problemLine(line: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (!line) return undefined;
  redactor.addSecrets(environmentSecrets(env));
  return redactor.text(line);
}

/** summary.json and summary.md of the run in a reports folder, where it wrote them. */
export function readRunSummary(reportsDir: string): { json?: RunSummary; markdown?: string } {
  const file = (name: string) => join(reportsDir, name);
  return {
    ...(existsSync(file("summary.json"))
      ? { json: JSON.parse(readFileSync(file("summary.json"), "utf8")) as RunSummary }
      : {}),
    ...(existsSync(file("summary.md")) ? { markdown: readFileSync(file("summary.md"), "utf8") } : {}),
  };
}

/** Checks per outcome over every level: {"passed": 64, "failed": 1, ...}. */
export function totalsByOutcome(counts: RunSummary["counts"]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const byOutcome of Object.values(counts))
    for (const [outcome, n] of Object.entries(byOutcome)) totals[outcome] = (totals[outcome] ?? 0) + n;
  return totals;
}

/** The step's outputs (action.yml › outputs); paths only of files that exist. */
export function stepOutputs(result: StepResult, summary?: RunSummary): Record<string, string> {
  const verdict =
    result.exitCode === 130 || result.exitCode === 143 || !summary
      ? (VERDICT_OF_EXIT[result.exitCode] ?? "failed")
      : summary.verdict;
  const totals = summary ? totalsByOutcome(summary.counts) : {};
  const path = (name: string) => (existsSync(join(result.reportsDir, name)) ? join(result.reportsDir, name) : "");
  return {
    "verdict": verdict,
    "exit-code": String(result.exitCode),
    "counts": JSON.stringify(totals),
    "passed": String(totals.passed ?? 0),
    "failed": String(totals.failed ?? 0),
    "warnings": String(totals.warning ?? 0),
    "skipped": String(totals.skipped ?? 0),
    "not-judged": String(totals["not judged"] ?? 0),
    "flaky": String(totals.flaky ?? 0),
    "report-dir": result.reportsDir,
    "summary-json": path("summary.json"),
    "summary-md": path("summary.md"),
    "junit": path("junit.xml"),
    "html-report": result.htmlReport ?? "",
    "pack": result.pack ?? "",
    "artifact-name": result.artifactName,
    // A shard's part is its blob report (the merge job downloads the blobs into one folder).
    "artifact-path": result.shard ? join(result.reportsDir, "blobs") : result.reportsDir,
  };
}

/** The job summary: the run's own summary.md, or what happened instead. */
export function jobSummary(result: StepResult, outputs: Record<string, string>, markdown?: string): string {
  if (result.shard && result.exitCode !== 2)
    return `### Conformance shard ${result.shard}\n\nVerdict of this part: **${outputs.verdict}** (exit ${result.exitCode}); the merge job reports the whole run.\n`;
  if (markdown) return markdown.endsWith("\n") ? markdown : `${markdown}\n`;
  const reason = result.problem ? `\n\n\`${result.problem.replace(/`/g, "'")}\`` : "";
  return `### Conformance: ${outputs.verdict} (exit ${result.exitCode})${reason}\n`;
}

/** Appends the outputs and the job summary where GitHub Actions reads them; outside it, nothing. */
export function writeStepFiles(env: NodeJS.ProcessEnv, outputs: Record<string, string>, summaryText: string): void {
  if (env.GITHUB_OUTPUT) {
    // One line per output: a value never holds a newline (paths, JSON on one line, a verdict).
    const lines = Object.entries(outputs).map(([name, value]) => `${name}=${value.replace(/[\r\n]+/g, " ")}`);
    appendFileSync(env.GITHUB_OUTPUT, `${lines.join("\n")}\n`);
  }
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, summaryText);
}
