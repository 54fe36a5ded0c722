/**
 * The one fast-check runner of the harness (property checks and the model-based ledger checks).
 * fast-check tries cases one after another; against a remote target that makes a run as long as
 * its requests end to end. So the runner splits what fast-check does:
 * 1. draw: the cases fast-check would try, in its order, from the check's seed (a dry fc.check
 *    that only collects them — the same seed gives the same cases, whatever is sent after);
 * 2. try: the cases in a sliding window of `parallel` at a time (the pace bounds the whole run),
 *    started in order; after the first failing or stopping case nothing new starts;
 * 3. shrink: the first failing case (lowest index: every case before it was tried, so it is the
 *    case a sequential run would have found) is replayed by fast-check from the same seed and
 *    path, and shrunk one request after another — failures are rare, the time is well spent.
 * So the same SEED gives the same cases and verdicts; only the send order differs.
 */
import fc from "fast-check";

/** A case's outcome: passed, failed (shrink it), or stop (a transport error: send nothing more). */
export type TrialOutcome = "pass" | "fail" | "stop";

export interface Draw<T> {
  arbitrary: fc.Arbitrary<T>;
  seed: number;
  /** Cases in all, examples included (fast-check counts examples inside numRuns). */
  numRuns: number;
  examples?: T[];
}

/** fast-check's parameters for the draw and the replay, so that their indices agree. */
function parameters<T>(draw: Draw<T>): fc.Parameters<[T]> {
  return { seed: draw.seed, numRuns: draw.numRuns, examples: (draw.examples ?? []).map((e) => [e] as [T]) };
}

/** The cases fast-check would try, in order; nothing is sent. */
export async function drawCases<T>(draw: Draw<T>): Promise<T[]> {
  const values: T[] = [];
  await fc.check(fc.asyncProperty(draw.arbitrary, async (value) => void values.push(value)), parameters(draw));
  return values;
}

export interface Tried { failedAt?: number; stoppedAt?: number; started: number }

/** Tries the cases, at most `parallel` at once, started in order; stops starting after a fail or a stop. */
export async function tryCases<T>(cases: T[], parallel: number, trial: (value: T, index: number) => Promise<TrialOutcome>): Promise<Tried> {
  const tried: Tried = { started: 0 };
  let next = 0;
  const lane = async () => {
    while (next < cases.length && tried.failedAt === undefined && tried.stoppedAt === undefined) {
      const index = next++;
      tried.started++;
      const outcome = await trial(cases[index]!, index);
      if (outcome === "fail") tried.failedAt = Math.min(tried.failedAt ?? Infinity, index);
      if (outcome === "stop") tried.stoppedAt = Math.min(tried.stoppedAt ?? Infinity, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, cases.length)) }, lane));
  return tried;
}

/**
 * Replays case `index` with fast-check (same seed and parameters, path = the index) and shrinks
 * it sequentially with `predicate` (false or a throw: still failing).
 */
export function shrinkCase<T>(draw: Draw<T>, index: number, predicate: (value: T) => Promise<boolean | void>): Promise<fc.RunDetails<[T]>> {
  return fc.check(fc.asyncProperty(draw.arbitrary, predicate), { ...parameters(draw), path: String(index) });
}
