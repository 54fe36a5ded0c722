/**
 * Puts the baseline verdict into the run's outputs after the summary reporter has written them:
 * summary.json gains a `baseline` block, summary.md a gate line under its verdict and a section,
 * and the console a few lines. The summary's own verdict stays the plain truth about the target;
 * the gate is what the exit code follows when a baseline is in use.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Summary } from "../reporting/summary.ts";
import { redactor } from "../redaction/redact.ts";
import type { BaselineVerdict } from "./baseline.ts";

function gateLine(v: BaselineVerdict): string {
  return (
    `Baseline gate: ${v.gate.toUpperCase()} (${v.file}) — ${v.stillFailing.length} known failures still failing, ` +
    `${v.newFailures.length} new failures, ${v.nowPassing.length} listed checks now passing`
  );
}

function section(v: BaselineVerdict): string {
  const cell = (t: string) =>
    redactor
      .text(t)
      .replace(/\|/g, "\\|")
      .replace(/\s*\n\s*/g, " ");
  const rows = [
    ...v.newFailures.map((f) => `| ❌ new failure | ${f.id} | ${cell(f.message.split("\n")[0] ?? "")} |`),
    ...v.nowPassing.map((e) => `| ❌ now passes: remove it from the file | ${e.id} | ${cell(e.reason)} |`),
    ...v.stillFailing.map((e) => `| known failure | ${e.id} | ${cell(e.reason)} |`),
    ...v.notJudged.map((e) => `| not run here | ${e.id} | ${cell(e.reason)} |`),
  ];
  return [
    "",
    `## Baseline (${v.file})`,
    "",
    `**${gateLine(v)}**`,
    "",
    "| | check | reason or message |",
    "|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

export function writeBaselineVerdict(reportsDir: string, summary: Summary, verdict: BaselineVerdict): void {
  writeFileSync(join(reportsDir, "summary.json"), `${JSON.stringify({ ...summary, baseline: verdict }, null, 2)}\n`);
  const mdFile = join(reportsDir, "summary.md");
  const md = readFileSync(mdFile, "utf8");
  // The gate goes right under the verdict, where a reader looks first.
  const withGate = md.replace(/^(\*\*Verdict:.*)$/m, `$1\n\n**${gateLine(verdict)}**`);
  writeFileSync(mdFile, withGate + section(verdict));
}

export function baselineConsoleLines(v: BaselineVerdict): string[] {
  return [
    gateLine(v),
    ...v.newFailures.map((f) => `  NEW FAIL ${f.id} (not in ${v.file})`),
    ...v.nowPassing.map((e) => `  NOW PASSES ${e.id}: remove it from ${v.file}`),
  ];
}
