/**
 * After --merge-reports a contract check the summary decided again on every shard's answers
 * (lib/reporting/contract-rows.ts) is failed in JUnit and Allure too, not only in the summary.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { junitWithMergedFailures, markMergedFailures } from "../../lib/reporting/merged-marks.ts";
import { checkRow } from "../support/meta.ts";
import { tempReportsDir } from "../support/temp-dirs.ts";

const reading = { of: "success" as const, judged: 300, violations: 2, byAnswers: true };
const answers = { success: 1, refused: 0, other: 0, unanswered: 0, judgeMs: 0 };
const failedOnAnswers = checkRow("CARD-LIM-DT", "failed", {
  category: "schema",
  message: "Response violates schema: 2 of 300 success answers: dt <missing>",
  contract: { ...reading, answers },
});
const XML = [
  '<testcase classname="x" name="Card API &gt; CARD-LIM-DT [must] §2.4 — dt" time="0.1">',
  "</testcase>",
  '<testcase classname="x" name="Card API &gt; CARD-LIM-SCHEMA [must] §2.4 — schema" time="0.1"/>',
].join("\n");

test("a contract check failed on the merged answers gets a <failure> in its passing testcase, once", () => {
  const out = junitWithMergedFailures(XML, [failedOnAnswers, checkRow("CARD-LIM-SCHEMA", "passed")]);
  expect(out).toContain(
    '<failure message="Response violates schema: 2 of 300 success answers: dt &lt;missing&gt;" type="schema"/>',
  );
  expect(out.match(/<failure/g)).toHaveLength(1);
  expect(junitWithMergedFailures(out, [failedOnAnswers])).toBe(out);
});

test("its Allure result is failed with the message", () => {
  const dir = tempReportsDir();
  const results = join(dir, "allure-results");
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, "a-result.json"), JSON.stringify({ testCaseId: "CARD-LIM-DT", status: "passed" }));
  writeFileSync(join(dir, "junit.xml"), XML);
  markMergedFailures(join(dir, "junit.xml"), results, [failedOnAnswers]);
  expect(JSON.parse(readFileSync(join(results, "a-result.json"), "utf8"))).toMatchObject({
    status: "failed",
    statusDetails: { message: failedOnAnswers.message },
  });
  expect(readFileSync(join(dir, "junit.xml"), "utf8")).toContain('type="schema"');
});
