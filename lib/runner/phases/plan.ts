/**
 * Phase 4, plan: the run plan made final — the folder of the live progress feed joins it — and the
 * run's description derived from it (run-description.ts), with how vitest selects the checks.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { escapeRegExp } from "../../redaction/redact.ts";
import type { ProgressOptions } from "../../reporting/progress.ts";
import type { CleanupStack } from "../cleanup.ts";
import { describeRun } from "../run-description.ts";
import type { Planned, Reached, RunParts } from "../run-state.ts";

export function planRun(run: Reached, parts: RunParts, cleanup: CleanupStack): Planned {
  const progress = liveProgress(run, parts, cleanup);
  const plan = { ...run.plan, ...(progress ? { progressDir: progress.feedDir } : {}) };
  // A merge runs no test: its selection (the shards') only describes the run.
  const ids = run.mergeFrom === undefined ? run.selectedChecks : [];
  // vitest matches the full name ("<describe> <test>"); a test name starts with "<ID> [".
  const pattern = ids.length ? `(?:^| )(?:${ids.map(escapeRegExp).join("|")}) \\[` : undefined;
  const planned = { ...run, plan };
  return {
    ...planned,
    description: describeRun(planned),
    ...(pattern ? { pattern } : {}),
    ...(progress ? { progress } : {}),
  };
}

/** The live progress, unless --quiet or a merge: the workers' request feed goes to a folder of this run (in the plan). */
function liveProgress(run: Reached, parts: RunParts, cleanup: CleanupStack): ProgressOptions | undefined {
  if (run.options.quiet || run.mergeFrom !== undefined) return undefined;
  const feedDir = join(run.plan.config.run.reportsDir, ".run", `progress-${process.pid}`);
  rmSync(feedDir, { recursive: true, force: true });
  cleanup.defer("the progress feed", () => rmSync(feedDir, { recursive: true, force: true }));
  // A shard runs a part vitest chooses: its total is what it collects.
  const all = parts.modules.reduce((n, m) => n + m.checks.length, 0);
  return { feedDir, ...(run.shard ? {} : { expected: run.selectedChecks.length || all }) };
}
