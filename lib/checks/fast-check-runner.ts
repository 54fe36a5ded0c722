/**
 * The one fast-check runner of the harness (property checks and the model-based ledger checks).
 * fast-check tries cases one after another; against a remote target that makes a run as long as
 * its requests end to end. So the runner splits what fast-check does:
 * 1. draw and try: the cases fast-check draws from the check's seed, in its order (the same seed
 *    gives the same cases, whatever is sent after), in a window of `parallel` at a time (the pace
 *    bounds the whole run); after the first failing or stopping case nothing new starts;
 * 2. shrink: the first failing case (lowest index: every case before it was tried, so it is the
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

export interface Tried {
  failedAt?: number;
  stoppedAt?: number;
  started: number;
}

/**
 * Tries the cases fast-check draws, in its order, at most `parallel` at once: fast-check's own
 * loop feeds a window (its predicate waits for a free place, starts the case and returns), so
 * cases are drawn as they are sent and memory holds only those in flight, however many runs.
 * After a fail or a stop nothing new starts; the cases in flight finish.
 */
export async function tryCases<T>(
  draw: Draw<T>,
  parallel: number,
  trial: (value: T, index: number) => Promise<TrialOutcome>,
): Promise<Tried> {
  const tried: Tried = { started: 0 };
  const inFlight = new Set<Promise<void>>();
  let next = 0;
  let error: { thrown: unknown } | undefined;
  let passed = 0;
  const over = () => tried.failedAt !== undefined || tried.stoppedAt !== undefined || error !== undefined;
  // Slow start: one case alone, then twice as many as have passed, up to `parallel`. A target that
  // hangs or answers 5 MB costs one request per property, not a whole window; a sound one is at
  // full width after a few round trips.
  const width = () => Math.max(1, Math.min(parallel, 2 * passed));
  const feed = async (value: T) => {
    const index = next++;
    while (inFlight.size >= width() && !over()) await Promise.race(inFlight);
    if (over()) return true;
    tried.started++;
    const running: Promise<void> = trial(value, index)
      .then(
        (outcome) => {
          if (outcome === "pass") passed++;
          if (outcome === "fail") tried.failedAt = Math.min(tried.failedAt ?? Infinity, index);
          if (outcome === "stop") tried.stoppedAt = Math.min(tried.stoppedAt ?? Infinity, index);
        },
        (thrown: unknown) => void (error ??= { thrown }),
      )
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
    return true;
  };
  await fc.check(fc.asyncProperty(draw.arbitrary, feed), parameters(draw));
  await Promise.all(inFlight);
  // A harness error inside a case (a generator bug) is the check's error, as in a sequential run.
  if (error) throw error.thrown;
  return tried;
}

/**
 * Replays case `index` with fast-check (same seed and parameters, path = the index) and shrinks
 * it sequentially with `predicate` (false or a throw: still failing).
 */
export function shrinkCase<T>(
  draw: Draw<T>,
  index: number,
  predicate: (value: T) => Promise<boolean | void>,
): Promise<fc.RunDetails<[T]>> {
  return fc.check(fc.asyncProperty(draw.arbitrary, predicate), { ...parameters(draw), path: String(index) });
}
