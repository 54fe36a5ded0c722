/**
 * After --merge-reports the summary decides the contract rows again from every shard's tallies
 * (contract-rows.ts): a contract check that passed in its shard can fail on the answers another
 * shard received. vitest's JUnit and Allure outputs were made from the shards' blobs and still say
 * passed; this marks such a check failed in both, as the summary (and the exit code) has it:
 * - JUnit: a <failure message=… type=…/> in its passing <testcase>;
 * - Allure: its result's status `failed` with the message (testCaseId is the check id, report-check.ts).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ConformanceMeta } from "../checks/meta.ts";
import { escapeRegExp } from "../redaction/redact.ts";

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

type Row = Pick<ConformanceMeta, "id" | "outcome" | "category" | "message" | "contract">;

/** The contract checks the summary has failed on the run's answers. */
const failedOnAnswers = (checks: Row[]) => checks.filter((c) => c.outcome === "failed" && c.contract?.byAnswers);

/** Adds a <failure> to the testcase of each such check that has none (its name holds "<ID> ["). */
export function junitWithMergedFailures(xml: string, checks: Row[]): string {
  let out = xml;
  for (const c of failedOnAnswers(checks)) {
    const testcase = new RegExp(
      `(<testcase\\b[^>]*\\bname="(?:[^"]*? )?${escapeRegExp(c.id)} \\[[^"]*"[^>]*?)(/>|>(?:(?!</testcase>)[^])*?</testcase>)`,
    );
    const element = `<failure message="${escape(c.message ?? "failed")}" type="${escape(c.category ?? "contract")}"/>`;
    out = out.replace(testcase, (whole: string, start: string, rest: string) =>
      rest.includes("<failure")
        ? whole
        : rest === "/>"
          ? `${start}>\n${element}\n</testcase>`
          : `${start}>\n${element}${rest.slice(1)}`,
    );
  }
  return out;
}

export function markMergedFailures(junitFile: string, resultsDir: string, checks: Row[]): void {
  const failed = failedOnAnswers(checks);
  if (!failed.length) return;
  if (existsSync(junitFile)) writeFileSync(junitFile, junitWithMergedFailures(readFileSync(junitFile, "utf8"), checks));
  if (!existsSync(resultsDir)) return;
  const byId = new Map(failed.map((c) => [c.id, c]));
  for (const name of readdirSync(resultsDir).filter((f) => f.endsWith("-result.json"))) {
    const file = join(resultsDir, name);
    const result = JSON.parse(readFileSync(file, "utf8")) as {
      testCaseId?: string;
      status?: string;
      statusDetails?: object;
    };
    const c = result.testCaseId ? byId.get(result.testCaseId) : undefined;
    if (!c || result.status === "failed") continue;
    result.status = "failed";
    result.statusDetails = { ...result.statusDetails, message: c.message ?? "failed" };
    writeFileSync(file, JSON.stringify(result));
  }
}
