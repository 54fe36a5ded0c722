/**
 * `npm run conformance` as a pipeline of named phases (ARCHITECTURE.md, "From .env to the verdict"):
 *
 *   prepare → target → reach → plan → execute → verdict
 *
 * Each phase is a small function from the run so far to the run with what it decided
 * (run-state.ts: Prepared, Targeted, Reached, Planned), so nothing is decided twice; the outputs'
 * description of the run is derived from the plan (run-description.ts). What a phase opens goes on
 * one cleanup stack, and every ending unwinds it the same way: a normal end (an interrupted run's
 * too: interrupt.ts lets the checks end normally), a signal before the checks, a target that is
 * down (endings.ts), a preflight problem, a configuration error, a bug.
 */
import { CleanupStack } from "./cleanup.ts";
import { endBeforeChecks } from "./endings.ts";
import { interruptBeforeChecks } from "./interrupt.ts";
import type { Configured } from "./phases/configure.ts";
import { planRun } from "./phases/plan.ts";
import { prepare } from "./phases/prepare.ts";
import { reachTarget } from "./phases/reach.ts";
import { openTarget } from "./phases/target.ts";
import { decideVerdict } from "./phases/verdict.ts";
import { runConformanceVitest } from "./run-vitest.ts";
import type { Reached, RunOptions, RunParts, Targeted } from "./run-state.ts";

/**
 * The run's exit code (0 conformant · 1 not conformant or incomplete · 130/143 interrupted); exit 2
 * and 3 are thrown. `configured`: the configuration the command read and checked before it loaded
 * the parts (phases/configure.ts); without it, prepare reads it.
 */
export async function runConformance(options: RunOptions, parts: RunParts, configured?: Configured): Promise<number> {
  const cleanup = new CleanupStack();
  // Before the checks a signal ends the phase under way; a second one, the process (interrupt.ts).
  const signals = interruptBeforeChecks();
  cleanup.defer("the signal handlers", signals.release);
  const untilStopped = <T>(phase: Promise<T>) => Promise.race([phase, signals.stopped]);
  let run: Targeted | Reached | undefined;
  try {
    const prepared = await untilStopped(prepare(options, parts, configured));
    run = await untilStopped(openTarget(prepared, parts, cleanup));
    run = await untilStopped(reachTarget(run, parts, cleanup));
    const planned = planRun(run, parts, cleanup);
    // From here the checks' own handler decides (interrupt.ts): what was judged is kept.
    signals.release();
    const summary = await runConformanceVitest(planned);
    return decideVerdict(planned, summary);
  } catch (error) {
    return endBeforeChecks(error, run);
  } finally {
    await cleanup.unwind();
  }
}
