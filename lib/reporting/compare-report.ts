/**
 * The comparison of two runs (compare.ts) as people read it: a summary.md section, the console's
 * last lines, compare.json, and the GitHub job summary. Also reads a run's summary from a
 * summary.json file or the report folder that holds one.
 */
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { redactor } from "../redaction/redact.ts";
import { hasChanges, type ComparedRun, type Comparison } from "./compare.ts";
import { storedRow } from "./summary.ts";
import { moreErrorsText, slowerText } from "./slower.ts";

/** The summary in a file or a folder; undefined when there is none. Throws on a file that is not a summary. */
export function readSummaryAt(path: string): ComparedRun | undefined {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, "summary.json") : path;
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<ComparedRun>;
  if (!Array.isArray(parsed.checks) || typeof parsed.startedAt !== "string")
    throw new Error(`${file} is not a conformance summary.json (no checks or startedAt)`);
  // A summary kept by an earlier version may write "not judged" in the old form.
  return { ...parsed, checks: parsed.checks.map(storedRow) } as ComparedRun;
}

const SHOWN_NOT_IN_RUN = 10;

const SECTIONS: Array<[keyof Comparison, string]> = [
  ["newFailures", "New failures"],
  ["fixed", "Fixed"],
  ["stillFailing", "Still failing"],
  ["flaky", "Flaky (failed, then passed on a retry)"],
  ["newlyNotJudged", "Newly not judged"],
  ["newlySkipped", "Newly skipped"],
  ["notInNewRun", "Not in this run"],
  ["slower", "Slower since the last run (p95)"],
  ["moreErrors", "More errors since the last run"],
];

function items(c: Comparison, key: keyof Comparison): string[] {
  if (key === "stillFailing") return c.stillFailing.map((s) => `${s.id} (since ${s.since.at}, seed ${s.since.seed})`);
  // A comparison kept by an earlier version has no latency lists.
  if (key === "slower") return (c.slower ?? []).map(slowerText);
  if (key === "moreErrors") return (c.moreErrors ?? []).map(moreErrorsText);
  return c[key] as string[];
}

/** One line: "changes since the run of <date>: 1 new failure, 2 fixed, …" (or "no change"). */
export function comparisonLine(c: Comparison): string {
  const counts = SECTIONS.map(([key, title]) => [items(c, key).length, title.toLowerCase()] as const)
    .filter(([n]) => n > 0)
    .map(([n, title]) => `${title.replace(/ \(.*\)/, "")} ${n}`);
  return `since the run of ${c.old.startedAt} (seed ${c.old.seed}, ${c.old.verdict}): ${counts.length ? counts.join(" · ") : "no change"}`;
}

/** The summary.md and job-summary section. */
export function renderComparisonMarkdown(c: Comparison): string {
  const lines = ["## What changed since the last run", "", comparisonLine(c), ""];
  if (!hasChanges(c)) return `${lines.join("\n")}\n`;
  for (const [key, title] of SECTIONS) {
    const list = items(c, key);
    // A partial run leaves most checks "not in this run": named in compare.json, counted here.
    const shown = key === "notInNewRun" ? list.slice(0, SHOWN_NOT_IN_RUN) : list;
    const more = list.length > shown.length ? ` … and ${list.length - shown.length} more (compare.json)` : "";
    if (list.length) lines.push(`**${title}** (${list.length}): ${shown.map((i) => `\`${i}\``).join(", ")}${more}`, "");
  }
  return `${lines.join("\n")}\n`;
}

/** The console's last lines: the count line, then the new failures by id (what a nightly acts on). */
export function comparisonConsoleLines(c: Comparison): string[] {
  return [
    `compare: ${comparisonLine(c)}`,
    ...(c.newFailures.length ? [`compare: new failures: ${c.newFailures.join(", ")}`] : []),
    ...(c.fixed.length ? [`compare: fixed: ${c.fixed.join(", ")}`] : []),
    ...(c.slower?.length ? [`compare: slower: ${items(c, "slower").join("; ")}`] : []),
    ...(c.moreErrors?.length ? [`compare: more errors: ${items(c, "moreErrors").join("; ")}`] : []),
  ];
}

/** compare.json in the folder; the section appended to its summary.md too (a run's own), unless told not to. */
export function writeComparison(dir: string, c: Comparison, options = { summaryMd: true }): void {
  writeFileSync(join(dir, "compare.json"), `${JSON.stringify(redactor.json(c), null, 2)}\n`);
  const md = join(dir, "summary.md");
  if (options.summaryMd && existsSync(md)) appendFileSync(md, `\n${redactor.text(renderComparisonMarkdown(c))}`);
}

/** Appends to the GitHub job summary ($GITHUB_STEP_SUMMARY), when the run has one. */
export function appendStepSummary(file: string, markdown: string): void {
  if (file) appendFileSync(file, `${redactor.text(markdown)}\n`);
}
