/** summary.md: the verdict, counts, per family, per operation, per clause, then every check. */
import type { Family } from "../catalogue/types.ts";
import type { ClauseRow, OperationRow, OutcomeCounts } from "./coverage.ts";
import { cell, firstLine, ICON, levelText, seconds } from "./format.ts";
import { FAMILY_TITLES } from "./labels.ts";
import { networkLines } from "./network.ts";
import { latencyMarkdown } from "./latency-report.ts";
import { notJudgedByReason, partialNote, type Summary } from "./summary.ts";

const OUTCOME_COLUMNS = "| passed | failed | warning | skipped | not judged |";
const row = (c: OutcomeCounts) => `| ${c.passed} | ${c.failed} | ${c.warning} | ${c.skipped} | ${c["not judged"]} |`;

/** "1 process, up to 16 requests in flight each, 20 requests/s each": the run plan's shares. */
export function workersText(w: NonNullable<Summary["workers"]>): string {
  const rps = w.rpsEach ? `, ${Number(w.rpsEach.toFixed(2))} requests/s each` : "";
  return `${w.processes} process${w.processes === 1 ? "" : "es"}, up to ${w.inFlightEach} requests in flight each${rps}`;
}

function runInfo(s: Summary): string[] {
  return [
    `- target: ${s.target}`,
    `- seed: ${s.seed}`,
    `- started: ${s.startedAt}`,
    `- duration: ${seconds(s.durationMs)}`,
    `- requests sent: ${s.requests}`,
    ...(s.answers
      ? [
          `- answers received: ${s.answers.received} (${s.answers.unanswered} requests unanswered), every one judged against its operation's contracts in ${seconds(s.answers.judgeMs)}`,
        ]
      : []),
    `- harness: ${s.harnessVersion}${s.gitCommit ? ` (commit ${s.gitCommit})` : ""}`,
    ...(s.propertyRuns !== undefined ? [`- property runs per check: ${s.propertyRuns}`] : []),
    ...(s.debitAmounts ? [`- ${s.debitAmounts} (decided once, before the checks; every worker used it)`] : []),
    ...(s.workers ? [`- workers: ${workersText(s.workers)}`] : []),
    ...networkLines(s.network).map((line) => `- ${line}`),
    ...(s.requestRules ? [`- request rules: ${s.requestRules}`] : []),
    ...(s.bearerSource ? [`- access token: ${s.bearerSource}`] : []),
  ];
}

function countsTable(s: Summary): string[] {
  const rows = [
    ...(["must", "should", "info"] as const).map((l) => `| ${l} ${row(s.counts[l])}`),
    `| all ${row(s.totals)}`,
  ];
  return [`| level ${OUTCOME_COLUMNS}`, "|---|---|---|---|---|---|", ...rows];
}

function familyTable(s: Summary): string[] {
  return [
    "",
    "## By family",
    "",
    `| family ${OUTCOME_COLUMNS} named only (not covered) |`,
    "|---|---|---|---|---|---|---|",
    ...s.byFamily.map((f) => `| ${f.title} ${row(f.counts)} ${f.notCovered} |`),
  ];
}

/** The answers an operation received, each judged: success, refused, other (5xx, not JSON), and requests with none. */
const answerCells = (a: OperationRow["answers"]) =>
  a ? `${a.success + a.refused + a.other} | ${a.success} | ${a.refused} | ${a.other} | ${a.unanswered} |` : "| | | | |";

function operationTable(s: Summary): string[] {
  return [
    "",
    "## By operation",
    "",
    "Checks by outcome, and the answers the operation received in the run — every one judged by its contract checks (success answers against the success contract, every answer for no 5xx).",
    "",
    `| operation | family | § ${OUTCOME_COLUMNS} answers judged | success | refused | other | unanswered |`,
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...s.byOperation.map(
      (o) =>
        `| ${o.title} | ${FAMILY_TITLES[o.family as Family] ?? o.family} | ${o.spec} ${row(o.counts)} ${answerCells(o.answers)}`,
    ),
  ];
}

function clauseChecks(c: ClauseRow): string {
  return c.checks
    .map((k) => `${ICON[k.outcome]} ${k.id}${k.judged === undefined ? "" : ` (${k.judged} answers)`}`)
    .join(", ");
}

function clauseTable(s: Summary): string[] {
  if (!s.clauses.length) return [];
  return [
    "",
    "## Clauses",
    "",
    "Every § of the spec: the checks that cite it, with their outcomes, or why it has none.",
    "",
    "| § | clause | coverage | checks | not covered because |",
    "|---|---|---|---|---|",
    ...s.clauses.map(
      (c) =>
        `| ${c.clause} | ${cell(c.title)} | ${c.outcome ? `${ICON[c.outcome]} ` : ""}${c.coverage} | ${clauseChecks(c)} | ${cell(c.reason)} |`,
    ),
  ];
}

function problems(s: Summary): string[] {
  const bad = s.checks.filter((c) => c.outcome === "failed" || c.outcome === "warning");
  if (!bad.length && !s.errors.length) return [];
  return [
    "",
    "## Failures and warnings (every attempt failed)",
    "",
    ...bad.map(
      (c) =>
        `- ${ICON[c.outcome]} **${c.id}** [${levelText(c)}]${c.basis ? ` (basis: ${c.basis})` : ""} ${c.spec} — ${c.title}\n  ${cell(firstLine(c.message))}`,
    ),
    ...s.errors.map((e) => `- ❌ run error: ${cell(e)}`),
  ];
}

/** "Sometimes fails", apart from "always fails" (above): failed, then passed on a retry (--retries). */
function flakySection(s: Summary): string[] {
  const flaky = s.checks.filter((c) => c.outcome === "flaky");
  if (!flaky.length) return [];
  return [
    "",
    "## Flaky: sometimes fails",
    "",
    `Failed, then passed on a retry (${s.retries ?? "?"} retries allowed). A target that sometimes breaks the spec does not conform: these fail the run too, but the failures above happen every time.`,
    "",
    ...flaky.map(
      (c) =>
        `- ${ICON.flaky} **${c.id}** [${levelText(c)}] ${c.spec} — ${c.title} (${c.attempts ?? "?"} attempts)\n  first failure: ${cell(firstLine(c.firstFailure))}`,
    ),
  ];
}

/** Checks not judged: why (the target's reason for a refused fixture, the variable to set), grouped by reason. */
function notJudgedSection(s: Summary): string[] {
  const groups = notJudgedByReason(s.checks);
  if (!groups.length) return [];
  return [
    "",
    "## Not judged",
    "",
    "A precondition these checks depend on was not met — the target refused a fixture request for a reason it states, a fixture is not configured, or the run stopped first: not non-conformance. A must check not judged leaves the run incomplete until the fixture fits the target.",
    "",
    ...groups.map((g) => `- ${g.ids.map((id) => `**${id}**`).join(", ")}\n  ${cell(firstLine(g.reason))}`),
  ];
}

/** "84" or "84, 3 broke it": a contract check's reading; empty for the others. */
function judgedCell(c: Summary["checks"][number]): string {
  if (!c.contract) return "";
  return `${c.contract.judged}${c.contract.violations ? `, ${c.contract.violations} broke it` : ""}`;
}

export function renderSummaryMarkdown(s: Summary): string {
  return [
    "# Conformance summary",
    "",
    `**Verdict: ${s.verdict}**${s.strict ? " (strict)" : ""}${partialNote(s)}`,
    "",
    ...runInfo(s),
    "",
    ...countsTable(s),
    ...problems(s),
    ...flakySection(s),
    ...notJudgedSection(s),
    ...familyTable(s),
    ...operationTable(s),
    ...latencyMarkdown(s),
    ...clauseTable(s),
    "",
    "## Checks",
    "",
    // basis: what the judgement rests on (spec, declared, or reference: an info observation).
    // answers judged: a contract check's reading of every answer of its operation (and how many broke it).
    "| | id | level | basis | § | check | answers judged | message |",
    "|---|---|---|---|---|---|---|---|",
    ...s.checks.map(
      (c) =>
        `| ${ICON[c.outcome]} | ${c.id} | ${levelText(c)} | ${c.basis ?? ""} | ${c.spec} | ${cell(c.title)} | ${judgedCell(c)} | ${cell(firstLine(c.message))} |`,
    ),
    "",
    "## Operations not covered",
    "",
    "| operation | family | § | reason |",
    "|---|---|---|---|",
    ...s.notCovered.map(
      (n) => `| ${n.title} | ${FAMILY_TITLES[n.family as Family] ?? n.family} | ${n.spec} | ${n.reason} |`,
    ),
    "",
  ].join("\n");
}
