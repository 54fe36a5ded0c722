/** The table printed at the end of a run: verdict, levels, families, operations, clauses, problems. */
import { answersText, countsText, firstLine, levelText } from "./format.ts";
import { networkLines } from "./network.ts";
import { latencyConsoleLines } from "./latency-report.ts";
import { notJudgedByReason, partialNote, type Summary } from "./summary.ts";
import type { Level } from "../checks/types.ts";
import type { ReportedOutcome } from "../checks/meta.ts";

const MARK: Record<string, string> = {
  "passed": "ok  ",
  "failed": "FAIL",
  "flaky": "FLKY",
  "warning": "WARN",
  "skipped": "skip",
  "not judged": "n/j ",
};

/** One line per reason a check was not judged (a refused fixture request explains several): the checks, and the reason. */
function notJudgedLines(s: Summary): string[] {
  return notJudgedByReason(s.checks).map(
    (g) => `  NOT JUDGED ${g.ids.join(", ")} — ${firstLine(g.reason).replace(/^not judged: /, "")}`,
  );
}

/** The outcomes each line shows even at zero (an info check never fails, a must one never warns); the rest when any. */
const SHOWN: Record<Level | "all", ReportedOutcome[]> = {
  must: ["passed", "failed", "skipped"],
  should: ["passed", "failed", "warning", "skipped"],
  info: ["passed", "warning", "skipped"],
  all: ["passed", "failed", "warning", "skipped"],
};

/** Per level, then all levels together: the same counts as the family and operation lines (countsText). */
function levelLines(s: Summary): string[] {
  return [
    ...(["must", "should", "info"] as const).map((l) => `  ${l.padEnd(6)} ${countsText(s.counts[l], SHOWN[l])}`),
    `  all    ${countsText(s.totals, SHOWN.all)}`,
  ];
}

function familyLines(s: Summary): string[] {
  return [
    "  by family:",
    ...s.byFamily.map(
      (f) =>
        `    ${f.title.padEnd(22)} ${countsText(f.counts)}${f.notCovered ? `; ${f.notCovered} named operations not covered` : ""}`,
    ),
  ];
}

function operationLines(s: Summary): string[] {
  return [
    "  by operation:",
    ...s.byOperation.map(
      (o) =>
        `    ${o.spec.padEnd(6)} ${o.title.padEnd(28)} ${countsText(o.counts)}${o.answers ? ` · ${answersText(o.answers)}` : ""}`,
    ),
  ];
}

/** ", 3 judging every answer (up to 561)": the contract checks citing the clause, and the most answers one judged. */
function judgedIn(c: Summary["clauses"][number]): string {
  const judged = c.checks.flatMap((k) => (k.judged === undefined ? [] : [k.judged]));
  return judged.length ? `, ${judged.length} judging every answer (up to ${Math.max(...judged)})` : "";
}

function clauseLines(s: Summary): string[] {
  if (!s.clauses.length) return [];
  const n = (coverage: string) => s.clauses.filter((c) => c.coverage === coverage).length;
  return [
    `  clauses: ${n("checked")} checked, ${n("via sub-clauses")} via sub-clauses, ${n("not covered")} not covered (table in summary.md)`,
    ...s.clauses.map((c) => {
      const what =
        c.coverage === "checked"
          ? `${c.checks.length} checks${judgedIn(c)}`
          : c.coverage === "not covered"
            ? `not covered: ${c.reason}`
            : c.coverage;
      return `    ${MARK[c.outcome ?? ""] ?? "    "} ${c.clause.padEnd(6)} ${c.title.slice(0, 34).padEnd(34)} ${what}`.slice(
        0,
        160,
      );
    }),
  ];
}

export function renderConsoleSummary(s: Summary, reportsDir: string): string {
  const lines = [
    "",
    `Conformance verdict: ${s.verdict.toUpperCase()}${s.strict ? " (strict)" : ""}${partialNote(s)}   target ${s.target}   seed ${s.seed}   ${s.requests} requests${s.answers ? ` · ${s.answers.received} answers judged (the preflight's included)` : ""}`,
    ...levelLines(s),
    `  not covered: ${s.notCovered.length} named operations without documented shapes`,
    ...(s.debitAmounts ? [`  ${s.debitAmounts}`] : []),
    ...networkLines(s.network).map((line) => `  ${line}`),
    ...familyLines(s),
    ...operationLines(s),
    ...latencyConsoleLines(s),
    ...clauseLines(s),
    ...s.checks
      .filter((x) => x.outcome === "failed" || x.outcome === "warning")
      .map(
        (x) =>
          `  ${x.outcome === "failed" ? "FAIL" : "WARN"} ${x.id} [${levelText(x)}] ${x.spec} ${firstLine(x.message)}`,
      ),
    ...s.checks
      .filter((x) => x.outcome === "flaky")
      .map(
        (x) =>
          `  FLAKY ${x.id} [${levelText(x)}] ${x.spec} failed, then passed (${x.attempts} attempts): ${firstLine(x.firstFailure)}`,
      ),
    ...notJudgedLines(s),
    ...s.errors.map((e) => `  ERROR ${firstLine(e)}`),
    `  reports: ${reportsDir}/summary.md, ${reportsDir}/junit.xml, ${reportsDir}/allure-results/`,
    `  duration ${(s.durationMs / 1000).toFixed(1)} s · harness ${s.harnessVersion}${s.gitCommit ? ` (${s.gitCommit.slice(0, 12)})` : ""}`,
    "",
  ];
  return lines.join("\n");
}
