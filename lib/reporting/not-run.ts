/**
 * The row of a check an interrupted run never reached (vitest cancelled it before it started): it
 * is listed not judged ("not run"), not left out, so the summary shows what the interruption cost. Read back
 * from the names describe-module.ts gives: the test "<ID> [level] § — title" in the suite
 * "<family title> › <operation title> (§…)".
 */
import { CATALOGUE } from "../catalogue/index.ts";
import type { ConformanceMeta } from "../checks/meta.ts";

const TEST_NAME = /^(\S+) \[(must|should|info)\] (§\S+) — (.*)$/;

export function notRunRow(testName: string, suiteName: string): ConformanceMeta | undefined {
  const m = TEST_NAME.exec(testName);
  if (!m) return undefined;
  const [, id, level, spec, title] = m as unknown as [string, string, ConformanceMeta["level"], string, string];
  const op = CATALOGUE.find((o) => suiteName.includes(`› ${o.title} (${o.spec})`));
  return {
    kind: "check",
    id,
    level,
    spec,
    title,
    family: op?.family ?? "card-api",
    operation: op?.key ?? "unknown",
    outcome: "not judged",
    category: "interrupted",
    message: "not run: the run was interrupted before this check started",
  };
}
