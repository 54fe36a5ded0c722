/**
 * Independent checks run side by side. The scheduler is ours rather than vitest's `concurrent`:
 * vitest would interleave the tests' reporting too (Allure steps, annotations), and allure-vitest
 * attributes steps through one runtime per worker; here only the checks' work overlaps, and each
 * test reports its own finished result in order. A check that needs the target's state to itself
 * holds an isolation lane (lib/http/lanes.ts) rather than running alone. Requests stay bounded by
 * the pace (CONCURRENCY, MAX_RPS); the limit here bounds how many checks hold memory at once.
 */

/** Starts every task, at most `limit` running at once; a promise of each result, in the given order. */
export function runConcurrently<T>(tasks: Array<() => Promise<T>>, limit: number): Array<Promise<T>> {
  let running = 0;
  const waiting: Array<() => void> = [];
  const slot = async () => {
    if (running < limit) return void running++;
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const done = () => {
    const next = waiting.shift();
    // The slot passes straight to the next task, so `running` never exceeds the limit.
    if (next) next();
    else running--;
  };
  return tasks.map(async (task) => {
    await slot();
    try {
      return await task();
    } finally {
      done();
    }
  });
}

/**
 * Checks at once in one process. Several per request in flight: many checks spend most of their
 * time waiting (on a lane, on a scenario, between a debit and its reading); more would only hold memory.
 */
export function checkSlots(concurrency: number): number {
  return Math.max(8, 4 * concurrency);
}
