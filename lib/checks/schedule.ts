/**
 * Independent checks run side by side. The scheduler is ours rather than vitest's `concurrent`:
 * vitest would interleave the tests' reporting too (Allure steps, annotations), and allure-vitest
 * attributes steps through one runtime per worker; here only the checks' work overlaps, and each
 * test reports its own finished result in order. A check that needs the target's state to itself
 * holds an isolation lane (lib/http/coordination/lanes.ts) rather than running alone. Requests stay bounded by
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

/**
 * The run's stage, as a check sees it, in two steps every check passes once: `sent()` (it has
 * finished sending; `settled` resolves when every check has), then `readAgainDone()` (its last
 * reading at the end, if any, is back; `allReadAgain` resolves when every check's is). A contract
 * check (contract-book.ts) reads its own answers, says so, waits for `settled`, reads again,
 * says so, and decides when `allReadAgain` resolves: its verdict covers every answer of the run.
 * A check that is no contract passes both steps when it ends.
 */
export interface Stage {
  sent(): void;
  readonly settled: Promise<void>;
  readAgainDone(): void;
  readonly allReadAgain: Promise<void>;
}

/** Waits, holding no slot, until every check of the run has sent and read again: the settlement. */
export async function settlement(stage: Stage | undefined): Promise<void> {
  stage?.sent();
  await stage?.settled;
  stage?.readAgainDone();
  await stage?.allReadAgain;
}

export interface CheckTask<T> {
  /** A contract check: queued after the others, and its slot freed as soon as it has sent. */
  contract: boolean;
  evaluate(stage: Stage): Promise<T>;
}

/** A point `count` tasks pass, each once: `passed` resolves when all have. */
function barrier(count: number): { passed: Promise<void>; pass: () => void } {
  let left = count;
  let open!: () => void;
  const passed = new Promise<void>((resolve) => (open = resolve));
  if (left === 0) open();
  return { passed, pass: () => void (--left === 0 && open()) };
}

/** `fn` the first time only. */
function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (!done) ((done = true), fn());
  };
}

/**
 * Starts checks in parts, one part after another once the previous part has sent (the in-process
 * path evaluates module after module; a worker starts all in one part), at most `limit` running at
 * once. In each part the contract checks are queued last, so they never take a slot from another
 * check; a check's slot is freed when it has sent — a contract check waiting for `settled` holds
 * none, so waiting can never starve the checks it waits for. Returns each task's result, in order.
 */
export function startChecks<T>(parts: ReadonlyArray<ReadonlyArray<CheckTask<T>>>, limit: number): Array<Promise<T>> {
  const count = parts.reduce((n, part) => n + part.length, 0);
  const [sending, rereading] = [barrier(count), barrier(count)];
  const deferred = parts.flat().map(() => {
    let settle!: (result: Promise<T>) => void;
    return { promise: new Promise<T>((resolve) => (settle = resolve)), settle };
  });
  let offset = 0;
  const queued = parts.map((part) => {
    const at = offset;
    offset += part.length;
    const order = part
      .map((task, i) => ({ task, i: at + i }))
      .sort((a, b) => Number(a.task.contract) - Number(b.task.contract));
    return order.map(
      ({ task, i }) =>
        () =>
          new Promise<void>((release) => {
            const sent = once(() => (sending.pass(), release()));
            const readAgainDone = once(rereading.pass);
            const stage = { sent, settled: sending.passed, readAgainDone, allReadAgain: rereading.passed };
            const result = task.evaluate(stage);
            deferred[i]!.settle(result);
            const end = () => (sent(), readAgainDone());
            result.then(end, end);
          }),
    );
  });
  void (async () => {
    for (const part of queued) await Promise.all(runConcurrently(part, limit));
  })();
  return deferred.map((d) => d.promise);
}
