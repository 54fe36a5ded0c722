/**
 * The run's verdict in junit.xml, for CI tools that read only JUnit: each <testsuite> gains
 * properties `conformance.verdict` (conformant, not conformant, incomplete) and, when must checks
 * were not judged, `conformance.not-judged` with their count. The testcases themselves carry a
 * `not-judged` property with the reason (an annotation, report-check.ts). Written after vitest's
 * JUnit reporter, which knows no verdict.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { notJudged, type Summary } from "./summary.ts";

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function junitVerdictProperties(summary: Pick<Summary, "verdict" | "checks">): string {
  const count = summary.checks.filter(notJudged).length;
  const properties = [
    ["conformance.verdict", summary.verdict],
    ...(count ? [["conformance.not-judged", String(count)]] : []),
  ];
  return `<properties>${properties.map(([name, value]) => `<property name="${escape(name!)}" value="${escape(value!)}"/>`).join("")}</properties>`;
}

/** Adds the verdict properties to every <testsuite> of the file (no file: nothing to do). */
export function writeJunitVerdict(file: string, summary: Pick<Summary, "verdict" | "checks">): void {
  if (!existsSync(file)) return;
  const xml = readFileSync(file, "utf8");
  const properties = junitVerdictProperties(summary);
  writeFileSync(file, xml.replace(/(<testsuite\b[^>]*[^/]>)/g, `$1\n${properties}`));
}
