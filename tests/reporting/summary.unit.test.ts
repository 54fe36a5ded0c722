/**
 * The summary's clause table and breakdowns, from the real spec and catalogue: every § heading is a
 * row, a check covers the clause it cites and its operation's clause, and a clause without checks
 * says why (named-only operations, or what the spec marks "not shown").
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { NAMED_ONLY_OPERATIONS } from "../../lib/catalogue/named-only.ts";
import { renderConsoleSummary } from "../../lib/reporting/console-summary.ts";
import { SPEC_DOCUMENT } from "../../lib/reporting/labels.ts";
import { renderSummaryMarkdown } from "../../lib/reporting/markdown.ts";
import { compareClauses, parseSpecClauses } from "../../lib/reporting/spec-clauses.ts";
import { buildSummary } from "../../lib/reporting/summary.ts";
import type { ConformanceMeta } from "../../lib/checks/meta.ts";
import { decidedAgain } from "../../lib/reporting/contract-rows.ts";

const spec = readFileSync(new URL(`../../${SPEC_DOCUMENT}`, import.meta.url), "utf8");
const clauses = parseSpecClauses(spec);
const check = (
  id: string,
  clause: string,
  operation: string,
  outcome: ConformanceMeta["outcome"],
  level: ConformanceMeta["level"] = "must",
): ConformanceMeta => ({
  kind: "check",
  id,
  level,
  spec: clause,
  title: id,
  family: operation.startsWith("card") ? "card-api" : "partner-transfer-api",
  operation,
  outcome,
});
const CHECKS = [
  check("CARD-STMT-HTTP-200", "§4", "card-api.statement", "passed"),
  check("CARD-STMT-SCHEMA", "§2.2", "card-api.statement", "failed"),
  check("CARD-STMT-DT", "§2.2", "card-api.statement", "warning", "should"),
  check("PT-BIZ-SIGNATURE", "§5", "partner-transfer-api.register-business", "skipped"),
];
const summary = buildSummary(
  CHECKS,
  [],
  { target: "t", seed: 1, strict: false, startedAt: "s", durationMs: 1, harnessVersion: "0.1.0" },
  clauses,
);
const row = (clause: string) => summary.clauses.find((c) => c.clause === clause);

test("every numbered heading of the spec is a clause, in order, with its parent", () => {
  const headings = spec.split("\n").filter((l) => /^#{2,4} \d/.test(l)).length;
  expect(clauses).toHaveLength(headings);
  expect(clauses.map((c) => c.ref)).toEqual([...clauses.map((c) => c.ref)].sort(compareClauses));
  expect(clauses.find((c) => c.ref === "§4.2")).toMatchObject({
    title: "Card statement (operations list)",
    parent: "§4",
  });
  expect(clauses.find((c) => c.ref === "§7")?.notShown).toEqual([
    "Errors: not shown. Error codes, error body shape and conditions are not given.",
  ]);
});

describe("clause rows", () => {
  const ROWS: Array<[string, string, object]> = [
    [
      "a clause cited by checks lists them with the worst outcome",
      "§2.2",
      {
        coverage: "checked",
        outcome: "failed",
        checks: [
          { id: "CARD-STMT-DT", level: "should", outcome: "warning" },
          { id: "CARD-STMT-SCHEMA", level: "must", outcome: "failed" },
        ],
      },
    ],
    ["an operation's clause is covered by its checks", "§4.2", { coverage: "checked", outcome: "failed" }],
    ["a parent whose sub-clauses are checked", "§2", { coverage: "via sub-clauses", checks: [] }],
    [
      "a clause of named-only operations gives their reason",
      "§4.6",
      {
        coverage: "not covered",
        reason: expect.stringMatching(
          /^45 operations named without shapes: the spec shows no request or response shape \(§4\.6\)$/,
        ),
      },
    ],
    [
      "a clause the spec leaves open quotes what is not shown",
      "§7",
      { coverage: "not covered", reason: expect.stringMatching(/^nothing checkable is shown: Errors: not shown\./) },
    ],
    [
      "a clause with only skipped checks is checked, outcome skipped",
      "§5",
      { coverage: "checked", outcome: "skipped" },
    ],
  ];
  test.for(ROWS)("%s", ([, clause, expected]) => {
    expect(row(clause)).toMatchObject(expected);
  });

  test("a check citing a clause the spec lacks gets a row of its own", () => {
    const odd = buildSummary([check("X-1", "§4.9", "card-api.statement", "passed")], [], summary, clauses);
    expect(odd.clauses.find((c) => c.clause === "§4.9")).toMatchObject({
      title: "(not a clause of the spec)",
      coverage: "checked",
    });
  });
});

test("counts per family and per operation", () => {
  expect(summary.byOperation.map((o) => [o.operation, o.counts])).toEqual([
    [
      "partner-transfer-api.register-business",
      { "passed": 0, "failed": 0, "flaky": 0, "warning": 0, "skipped": 1, "not judged": 0 },
    ],
    ["card-api.statement", { "passed": 1, "failed": 1, "flaky": 0, "warning": 1, "skipped": 0, "not judged": 0 }],
  ]);
  expect(summary.byFamily.find((f) => f.family === "gateway-api")).toMatchObject({
    counts: { passed: 0, failed: 0, warning: 0, skipped: 0 },
    notCovered: 9,
  });
});

test("summary.md has the clause table and lists named-only operations as not covered", () => {
  const md = renderSummaryMarkdown(summary);
  expect(md).toContain("## Clauses");
  expect(md).toMatch(
    /^\| §2\.2 \| Statement operation record \(card API\) \| ❌ checked \| ⚠️ CARD-STMT-DT, ❌ CARD-STMT-SCHEMA \| {2}\|$/m,
  );
  expect(md).toMatch(/^\| §6 \| Events \| not covered \| {2}\| 5 operations named without shapes/m);
  expect(md).toContain("## By family");
  expect(md).toContain("## By operation");
  for (const op of NAMED_ONLY_OPERATIONS) expect(md).toContain(`| ${op.title} |`);
});

test("the console table shows families, operations and clauses", () => {
  const text = renderConsoleSummary(summary, "reports");
  expect(text).toMatch(/by family:\n[^]*Partner transfer API\s+1 skipped; 16 named operations not covered/);
  expect(text).toMatch(/§4\.2\s+Card statement\s+1 passed, 1 failed, 1 warning/);
  expect(text).toMatch(/FAIL §2\.2\s+Statement operation record/);
});

test.for([
  ["no check at all (the deadline passed before any suite started)", [], "incomplete"],
  ["every check skipped", [check("CARD-STMT-HTTP-200", "§4", "card-api.statement", "skipped")], "incomplete"],
  [
    "a passed check beside a skipped one",
    [
      check("CARD-STMT-HTTP-200", "§4", "card-api.statement", "passed"),
      check("PT-BIZ-SIGNATURE", "§5", "partner-transfer-api.register-business", "skipped"),
    ],
    "conformant",
  ],
  ["only a should warning", [check("CARD-STMT-DT", "§2.2", "card-api.statement", "warning", "should")], "conformant"],
] as const)("a run that judged nothing is never conformant: %s", ([, checks, verdict]) => {
  expect(
    buildSummary(
      [...checks],
      [],
      { target: "t", seed: 1, strict: false, startedAt: "s", durationMs: 1, harnessVersion: "0.1.0" },
      clauses,
    ).verdict,
  ).toBe(verdict);
});

describe("every answer judged: how much was read, in every output", () => {
  const answers = { success: 281, refused: 270, other: 2, unanswered: 1, judgeMs: 120.4 };
  const reading = (judged: number, violations = 0, of: "success" | "every" = "success") => ({
    contract: { of, judged, violations, answers, byAnswers: true },
  });
  const rows: ConformanceMeta[] = [
    { ...check("CARD-LIM-SCHEMA", "§2.4", "card-api.limits-list", "passed"), ...reading(281) },
    { ...check("CARD-LIM-NO-5XX", "§7", "card-api.limits-list", "passed", "should"), ...reading(553, 0, "every") },
    { ...check("CARD-LIM-DT", "§2.4", "card-api.limits-list", "failed"), ...reading(281, 3), message: "3 of 281" },
    check("CARD-LIM-OBJECT-KINDS", "§2.4", "card-api.limits-list", "passed"),
  ];
  const s = buildSummary(rows, [], { ...summary, startedAt: "s", durationMs: 1 }, clauses);

  test("summary.json: per operation the answers received and judged, and the run's total with the time judging took", () => {
    expect(s.byOperation.find((o) => o.operation === "card-api.limits-list")?.answers).toEqual(answers);
    expect(s.answers).toEqual({ received: 553, unanswered: 1, judgeMs: 120 });
    expect(s.checks.find((c) => c.id === "CARD-LIM-DT")?.contract).toMatchObject({ judged: 281, violations: 3 });
    expect(s.clauses.find((c) => c.clause === "§2.4")?.checks).toContainEqual({
      id: "CARD-LIM-SCHEMA",
      level: "must",
      outcome: "passed",
      judged: 281,
    });
  });

  test("summary.md and the console table say it", () => {
    const md = renderSummaryMarkdown(s);
    expect(md).toMatch(/answers received: 553 \(1 requests unanswered\), every one judged/);
    expect(md).toMatch(
      /^\| Limits list \| Card API \| §4\.4 \| 3 \| 1 \| 0 \| 0 \| 0 \| 553 \| 281 \| 270 \| 2 \| 1 \|$/m,
    );
    expect(md).toMatch(/✅ CARD-LIM-SCHEMA \(281 answers\)/);
    expect(md).toMatch(/\| CARD-LIM-DT \| must \|.*\| 281, 3 broke it \|/);
    const text = renderConsoleSummary(s, "reports");
    expect(text).toMatch(
      /§4\.4\s+Limits list\s+3 passed, 1 failed · 553 answers judged \(281 success, 270 refused, 2 other, 1 unanswered\)/,
    );
    expect(text).toMatch(/· 553 answers judged \(the preflight's included\)/);
  });

  test("a merge of shards decides a contract row again from every shard's tallies", () => {
    const shardRow = { ...check("CARD-LIM-SCHEMA", "§2.4", "card-api.limits-list", "passed"), ...reading(100) };
    const first = {
      category: "schema",
      problem: "/dt is required but missing",
      where: "exchange 9 … sent by CARD-LEDGER-USAGE",
    };
    const merged = {
      tallies: { "CARD-LIM-SCHEMA": { judged: 300, violations: 2, first, last: first } },
      answers: { "card-api.limits-list": answers },
    };
    const again = decidedAgain(shardRow, merged, false);
    expect(again).toMatchObject({ outcome: "failed", category: "schema", contract: { judged: 300, violations: 2 } });
    expect(again.message).toMatch(
      /^Response violates schema: 2 of 300 success answers: \/dt is required but missing — first: exchange 9/,
    );
    // A row its own reading failed keeps its verdict, with the run's figures.
    const own = {
      ...shardRow,
      outcome: "failed" as const,
      message: "own",
      contract: { ...shardRow.contract!, byAnswers: false },
    };
    expect(decidedAgain(own, merged, false)).toMatchObject({
      outcome: "failed",
      message: "own",
      contract: { judged: 300 },
    });
  });
});
