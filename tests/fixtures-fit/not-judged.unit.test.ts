/**
 * "Not judged" and the incomplete verdict: which answers are a business refusal
 * of a fixture request, and how every output says so — summary verdict, console, summary.md,
 * JUnit properties, certification pack.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { refusedForBusinessReason } from "../../lib/checks/precondition.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { packVerdict } from "../../lib/reporting/certify/manifest.ts";
import { renderConsoleSummary } from "../../lib/reporting/console-summary.ts";
import { writeJunitVerdict } from "../../lib/reporting/junit-verdict.ts";
import { renderSummaryMarkdown } from "../../lib/reporting/markdown.ts";
import { buildSummary, exitCodeOf, storedRow } from "../../lib/reporting/summary.ts";
import { checkRow } from "../support/meta.ts";
import type { ConformanceMeta } from "../../lib/checks/meta.ts";

const answer = (status: number, body?: unknown, text?: string): Exchange => ({
  seq: 1,
  startedAt: 0,
  durationMs: 1,
  request: { method: "POST", url: "http://t/x", headers: {}, bodyText: "{}" },
  response: {
    status,
    headers: {},
    bodyText: text ?? JSON.stringify(body),
    ...(text === undefined ? { json: body } : { jsonError: "Unexpected token" }),
  },
});

const REFUSALS: Array<[string, Exchange, boolean]> = [
  ["HTTP 422 with any body", answer(422, { error: "DECLINED" }), true],
  ["HTTP 400 with a text body", answer(400, undefined, "bad request"), true],
  ["HTTP 429", answer(429, {}), true],
  ["200 with request_status declined (status ok)", answer(200, { status: "ok", request_status: "declined" }), true],
  ["200 with state false", answer(200, { state: false, payload: {} }), true],
  ["200 with status error and no request_status", answer(200, { status: "error" }), true],
  [
    "200 with request_status success beside a stray status: a success with a wrong value, judged",
    answer(200, { status: "accepted", request_status: "success" }),
    false,
  ],
  ["200 with state true beside another status", answer(200, { state: true, status: "whatever" }), false],
  ["a plain success", answer(200, { status: "ok", request_status: "success" }), false],
  ["HTTP 500: a failure, not a refusal", answer(500, { error: "boom" }), false],
  ["200 with a body that is not JSON: garbage, a failure", answer(200, undefined, "<html>"), false],
  [
    "no answer at all",
    { ...answer(200, {}), response: undefined, transportError: { kind: "timeout", message: "t" } },
    false,
  ],
];

test.for(REFUSALS)("%s → refused: %s", ([, exchange, refused]) => {
  expect(refusedForBusinessReason(exchange)).toBe(refused);
});

const REASON =
  'not judged: the target refused the fixture debit of 100.00 KZT from PAYMENT_CARD_ID: HTTP 200 with status "ok", request_status "declined" — {…}; see DEBIT_AMOUNT_MIN / DEBIT_AMOUNT_MAX';
const check = (
  id: string,
  outcome: ConformanceMeta["outcome"],
  extra: Partial<ConformanceMeta> = {},
): ConformanceMeta => checkRow(id, outcome, { operation: "card-api.transaction-create", ...extra });
const INFO = { target: "t", seed: 1, strict: false, startedAt: "s", durationMs: 1, harnessVersion: "0.1.0" };
const NOT_JUDGED = [
  check("CARD-TXN-HTTP-200", "not judged", { category: "precondition", message: REASON }),
  check("CARD-TXN-SCHEMA", "not judged", { category: "precondition", message: REASON }),
];

describe("the verdict", () => {
  const ROWS: Array<[string, ConformanceMeta[], string]> = [
    [
      "must checks not judged, nothing failed: incomplete",
      [check("CARD-STMT-SCHEMA", "passed"), ...NOT_JUDGED],
      "incomplete",
    ],
    [
      "not judged beside a real failure: not conformant",
      [check("CARD-STMT-SCHEMA", "failed"), ...NOT_JUDGED],
      "not conformant",
    ],
    [
      "a should check not judged beside a passed must: conformant",
      [
        check("CARD-STMT-SCHEMA", "passed"),
        check("CARD-STMT-DT", "not judged", { level: "should", category: "precondition", message: REASON }),
      ],
      "conformant",
    ],
    [
      "a plain skip (a guard refusal) beside a passed check stays conformant, with its note",
      [
        check("CARD-STMT-SCHEMA", "passed"),
        check("CARD-TXN-HTTP-200", "skipped", { message: "not sent: TARGET_ENV=production" }),
      ],
      "conformant",
    ],
    [
      "nothing judged at all (every check skipped): incomplete",
      [check("CARD-TXN-HTTP-200", "skipped", { message: "not sent: TARGET_ENV=production" })],
      "incomplete",
    ],
  ];
  test.for(ROWS)("%s", ([, checks, verdict]) => {
    const summary = buildSummary(checks, [], INFO);
    expect(summary.verdict).toBe(verdict);
    expect(exitCodeOf(summary)).toBe(verdict === "conformant" ? 0 : 1);
  });
});

describe("every output says which checks were not judged and why", () => {
  const summary = buildSummary([check("CARD-STMT-SCHEMA", "passed"), ...NOT_JUDGED], [], INFO);

  test("console: the verdict, the count and one line per refused request", () => {
    const text = renderConsoleSummary(summary, "reports");
    expect(text).toMatch(
      /^Conformance verdict: INCOMPLETE — 2 must checks not judged: a precondition not met, such as a fixture request the target refused/m,
    );
    expect(text).toMatch(/^ {2}must {3}1 passed, 0 failed, 0 skipped, 2 not judged$/m);
    expect(text).toContain(
      `  NOT JUDGED CARD-TXN-HTTP-200, CARD-TXN-SCHEMA — the target refused the fixture debit of 100.00 KZT`,
    );
  });

  test("summary.md: the verdict and a Not judged section", () => {
    const md = renderSummaryMarkdown(summary);
    expect(md).toMatch(/^\*\*Verdict: incomplete\*\* — 2 must checks not judged/m);
    expect(md).toMatch(/^## Not judged$/m);
    expect(md).toMatch(/^\| must \| 1 \| 0 \| 0 \| 0 \| 2 \|$/m);
    expect(md).toContain(
      "- **CARD-TXN-HTTP-200**, **CARD-TXN-SCHEMA**\n  not judged: the target refused the fixture debit of 100.00 KZT",
    );
  });

  test("junit.xml: the verdict and the count as properties of each test suite", () => {
    const file = join(mkdtempSync(join(tmpdir(), "junit-")), "junit.xml");
    writeFileSync(
      file,
      `<?xml version="1.0" encoding="UTF-8" ?>\n<testsuites name="x" tests="3">\n    <testsuite name="a.test.ts" tests="3">\n    </testsuite>\n</testsuites>\n`,
    );
    writeJunitVerdict(file, summary);
    expect(readFileSync(file, "utf8")).toContain(
      `<testsuite name="a.test.ts" tests="3">\n<properties><property name="conformance.verdict" value="incomplete"/><property name="conformance.not-judged" value="2"/></properties>`,
    );
  });

  test("a summary kept by an earlier version (not judged written as skipped, category precondition) reads the same", () => {
    const old = NOT_JUDGED.map((c) => ({ ...c, outcome: "skipped" as const }));
    expect(old.map(storedRow)).toEqual(NOT_JUDGED);
    const plain = check("CARD-TXN-HTTP-200", "skipped", { message: "not sent: TARGET_ENV=production" });
    expect(storedRow(plain)).toEqual(plain);
  });

  test("certification pack: incomplete, with the target's reason", () => {
    const pack = packVerdict(
      summary,
      summary.checks.map((c) => c.id),
    );
    expect(pack.verdict).toBe("incomplete");
    expect(pack.verdictReasons).toEqual([
      expect.stringMatching(/^2 must checks were not judged \(the target refused the fixture debit of 100\.00 KZT/),
    ]);
  });
});
