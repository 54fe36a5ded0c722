/** summary.md and the table printed at the end of a run. */
import type { Summary } from "./summary.ts";
import { FAMILY_TITLES } from "./labels.ts";
import type { Family } from "../config/load.ts";

const ICON: Record<string, string> = { passed: "✅", failed: "❌", warning: "⚠️", skipped: "⏭️" };

function cell(text: string | undefined): string {
  return (text ?? "").replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ⏎ ");
}

function countsTable(s: Summary): string[] {
  const rows = (["must", "should", "info"] as const).map((l) => {
    const c = s.counts[l];
    return `| ${l} | ${c.passed} | ${c.failed} | ${c.warning} | ${c.skipped} |`;
  });
  return ["| level | passed | failed | warning | skipped |", "|---|---|---|---|---|", ...rows];
}

function problems(s: Summary): string[] {
  const bad = s.checks.filter((c) => c.outcome === "failed" || c.outcome === "warning");
  if (!bad.length && !s.errors.length) return [];
  return [
    "", "## Failures and warnings", "",
    ...bad.map((c) => `- ${ICON[c.outcome]} **${c.id}** [${c.level}] ${c.spec} — ${c.title}\n  ${cell(c.message?.split("\n")[0])}`),
    ...s.errors.map((e) => `- ❌ run error: ${cell(e)}`),
  ];
}

export function renderSummaryMarkdown(s: Summary): string {
  return [
    "# Conformance summary", "",
    `**Verdict: ${s.verdict}**${s.strict ? " (strict)" : ""}`, "",
    `- target: ${s.target}`, `- seed: ${s.seed}`, `- started: ${s.startedAt}`,
    `- duration: ${(s.durationMs / 1000).toFixed(1)} s`, `- requests sent: ${s.requests}`, `- harness: ${s.harnessVersion}`, "",
    ...countsTable(s),
    ...problems(s),
    "", "## Checks", "", "| | id | level | § | check | message |", "|---|---|---|---|---|---|",
    ...s.checks.map((c) => `| ${ICON[c.outcome]} | ${c.id} | ${c.level} | ${c.spec} | ${cell(c.title)} | ${cell(c.message?.split("\n")[0])} |`),
    "", "## Operations not covered", "", "| operation | family | § | reason |", "|---|---|---|---|",
    ...s.notCovered.map((n) => `| ${n.title} | ${FAMILY_TITLES[n.family as Family] ?? n.family} | ${n.spec} | ${n.reason} |`),
    "",
  ].join("\n");
}

/** The short table printed at the end of a run. */
export function renderConsoleSummary(s: Summary, reportsDir: string): string {
  const c = s.counts;
  const lines = [
    "",
    `Conformance verdict: ${s.verdict.toUpperCase()}${s.strict ? " (strict)" : ""}   target ${s.target}   seed ${s.seed}   ${s.requests} requests`,
    `  must   ${c.must.passed} passed, ${c.must.failed} failed, ${c.must.skipped} skipped`,
    `  should ${c.should.passed} passed, ${c.should.failed} failed, ${c.should.warning} warnings, ${c.should.skipped} skipped`,
    `  info   ${c.info.passed} passed, ${c.info.warning} observations`,
    `  not covered: ${s.notCovered.length} named operations without documented shapes`,
    ...s.checks.filter((x) => x.outcome === "failed" || x.outcome === "warning")
      .map((x) => `  ${x.outcome === "failed" ? "FAIL" : "WARN"} ${x.id} [${x.level}] ${x.spec} ${x.message?.split("\n")[0] ?? ""}`),
    ...s.errors.map((e) => `  ERROR ${e.split("\n")[0]}`),
    `  reports: ${reportsDir}/summary.md, ${reportsDir}/junit.xml, ${reportsDir}/allure-results/`,
    "",
  ];
  return lines.join("\n");
}
