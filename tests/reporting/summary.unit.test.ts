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
