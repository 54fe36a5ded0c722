/**
 * Runs the `conformance` vitest project with the run's reporters, once against a target (whole
 * or one shard) or once over the blobs of every shard (merge), and returns the summary. A
 * watchdog (watchdog.ts) holds the run to its deadline even if something in it ignores it.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startVitest, type Reporter, type Vitest } from "vitest/node";
import { conformanceReporters } from "../reporting/reporters.ts";
import type { Summary } from "../reporting/summary.ts";
import { EXIT } from "./cli-errors.ts";
import { RUN_PLAN_KEY } from "../vitest/plan.ts";
import type { Planned } from "./run-state.ts";
import { blobReporter, mergeInputs } from "./shard.ts";
import { armWatchdog } from "./watchdog.ts";
import { armInterrupt, interruptedBy } from "./interrupt.ts";

/** The checkout: the suites and vitest.conformance.ts are here whatever the working folder (a partner's, with its .env). */
const CHECKOUT = fileURLToPath(new URL("../../", import.meta.url));

/** Phase 5, execute: the checks, as the plan says; the summary the reporters wrote (none: the run broke down). */
export async function runConformanceVitest(run: Planned): Promise<Summary | undefined> {
  let summary: Summary | undefined;
  let vitest: Vitest | undefined;
  // A merge: the blobs in a folder of their own, and every shard's contract tallies (shard.ts).
  const merged = run.mergeFrom ? mergeInputs(resolve(run.mergeFrom)) : undefined;
  const interrupt = armRunInterrupt(run, () => vitest);
  const capture: Reporter = {
    onInit: (v) => {
      vitest = v;
      interrupt.adoptSignals();
    },
  };
  const reporters = [
    ...conformanceReporters(run.plan.config, run.description, (s) => (summary = s), run.progress, interruptedBy, {
      ...(merged?.contracts ? { contracts: merged.contracts } : {}),
    }),
    ...(run.shard ? [blobReporter(run.plan.config.run.reportsDir, run.shard)] : []),
    capture,
  ];
  const stop = armWatchdog(run.plan.limits.deadlineAt, {
    cancel: () => void vitest?.cancelCurrentRun("keyboard-input"),
    end: () => process.exit(EXIT.failed),
    say: (line) => process.stderr.write(`${line}\n`),
  });
  try {
    const v = await startVitest("test", [], {
      root: CHECKOUT,
      config: `${CHECKOUT}vitest.conformance.ts`,
      project: ["conformance"],
      watch: false,
      // The one hand-off to the workers (lib/vitest/plan.ts injects it).
      provide: { [RUN_PLAN_KEY]: run.plan },
      reporters: reporters as never,
      ...(run.pattern ? { testNamePattern: run.pattern } : {}),
      ...(run.shard ? { shard: `${run.shard.index}/${run.shard.count}` } : {}),
      ...(merged ? { mergeReports: merged.blobsDir } : {}),
      maxWorkers: run.workers,
    });
    await v.close();
  } finally {
    stop();
    interrupt.disarm();
    merged?.close();
  }
  return summary;
}

/** SIGINT/SIGTERM during the checks (interrupt.ts): the checks in flight get their request timeout and 5 s. */
function armRunInterrupt(run: Planned, vitest: () => Vitest | undefined) {
  return armInterrupt({
    cancel: () => void vitest()?.cancelCurrentRun("keyboard-input"),
    say: (line) => process.stderr.write(`${line}\n`),
    graceMs: Math.min(run.plan.config.run.requestTimeoutMs, 30_000) + 5_000,
  });
}
