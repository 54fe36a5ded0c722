/**
 * Flaky checks marked the way each consumer reads it, after the run (the reporters cannot):
 * - JUnit: the Surefire convention — a passing <testcase> holding <flakyFailure message=…/> —
 *   which Jenkins, GitLab and the JUnit report actions show as flaky; the "flaky" property
 *   (report-check.ts) stays for those that read properties only;
 * - Allure: `statusDetails.flaky: true` in the check's result file (no runtime API sets it).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ConformanceMeta } from "../checks/meta.ts";
import { escapeRegExp } from "../redaction/redact.ts";

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

type Flaky = Pick<ConformanceMeta, "id" | "outcome" | "firstFailure" | "attempts">;

/** Adds <flakyFailure> to the testcase of each flaky check (its name holds "<ID> ["). */
export function junitWithFlakyFailures(xml: string, checks: Flaky[]): string {
  let out = xml;
  for (const c of checks.filter((c) => c.outcome === "flaky")) {
    // vitest names a testcase "<describe> &gt; <ID> [level] § — title".
    const open = new RegExp(`(<testcase\\b[^>]*\\bname="(?:[^"]*? )?${escapeRegExp(c.id)} \\[[^"]*"[^>]*?)(/?)>`);
    const element = `<flakyFailure message="${escape(`failed on attempt 1, passed on attempt ${c.attempts ?? 2}: ${c.firstFailure ?? ""}`)}" type="flaky"/>`;
    out = out.replace(open, (_, start: string, selfClosing: string) =>
      selfClosing ? `${start}>\n${element}\n</testcase>` : `${start}>\n${element}`,
    );
  }
  return out;
}

export function markFlakyInJunit(file: string, checks: Flaky[]): void {
  if (!existsSync(file) || !checks.some((c) => c.outcome === "flaky")) return;
  writeFileSync(file, junitWithFlakyFailures(readFileSync(file, "utf8"), checks));
}

/** Sets Allure's flaky flag on the result of each flaky check (testCaseId is the check id, report-check.ts). */
export function markFlakyInAllure(resultsDir: string, checks: Flaky[]): void {
  const ids = new Set(checks.filter((c) => c.outcome === "flaky").map((c) => c.id));
  if (!ids.size || !existsSync(resultsDir)) return;
  for (const name of readdirSync(resultsDir).filter((f) => f.endsWith("-result.json"))) {
    const file = join(resultsDir, name);
    const result = JSON.parse(readFileSync(file, "utf8")) as { testCaseId?: string; statusDetails?: object };
    if (!result.testCaseId || !ids.has(result.testCaseId)) continue;
    result.statusDetails = { ...result.statusDetails, flaky: true };
    writeFileSync(file, JSON.stringify(result));
  }
}
