/**
 * "What would a run's summary say of these results": the verdict and exit code `buildSummary` and
 * `exitCodeOf` give for in-process results (engine-run.ts), each result reported as a worker
 * reports it (lib/vitest/report-check.ts: its level, and its outcome by the level rule of the
 * mode). For tests that judge a target in-process and still assert the verdict a CLI run of it
 * would print; the exit code's mapping itself is the command's (tests/cli/conformance.test.ts).
 */
import type { CheckResult } from "../../lib/checks/evaluate.ts";
import { reportedOutcome } from "../../lib/checks/levels.ts";
import type { ConformanceMeta } from "../../lib/checks/meta.ts";
import { CATALOGUE } from "../../lib/catalogue/index.ts";
import { buildSummary, exitCodeOf, type Summary } from "../../lib/reporting/summary.ts";

function metaOf(result: CheckResult, strict: boolean): ConformanceMeta {
  const op = CATALOGUE.find((o) => o.key === result.operationKey);
  if (!op) throw new Error(`${result.id}: no operation ${result.operationKey} in the catalogue`);
  return {
    kind: "check",
    id: result.id,
    level: result.level,
    basis: result.basis,
    spec: result.spec,
    title: result.title,
    family: op.family,
    operation: op.key,
    outcome: reportedOutcome(result, strict),
    ...(result.category ? { category: result.category } : {}),
    ...(result.message ? { message: result.message } : {}),
  };
}

/** The summary of a whole run (no --check) that judged these results in this mode, and its exit code. */
export function runVerdict(results: readonly CheckResult[], strict: boolean): { summary: Summary; exit: 0 | 1 } {
  const info = { target: "in-process", seed: 0, strict, startedAt: "", durationMs: 0, harnessVersion: "test" };
  const summary = buildSummary(
    results.map((r) => metaOf(r, strict)),
    [],
    info,
  );
  return { summary, exit: exitCodeOf(summary) };
}
