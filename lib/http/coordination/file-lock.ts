/**
 * A short lock shared by every process and thread of a run: an exclusive mkdir, atomic on every
 * local file system. Held for the microseconds of a read-modify-write of a small state file (the
 * debit budget, the isolation lanes); a lock left by a crashed process is broken after a while.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";

const LOCK_WAIT_MS = 10_000;
/** A lock older than this was left by a crashed process: holders keep it for microseconds. */
const STALE_LOCK_MS = 30_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

export function withFileLock<T>(lock: string, body: () => T): T {
  const giveUp = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > giveUp) throw new Error(`the lock ${lock} stayed taken for ${LOCK_WAIT_MS} ms`);
      if (isStale(lock)) rmSync(lock, { recursive: true, force: true });
      Atomics.wait(pause, 0, 0, 1);
    }
  }
  try {
    return body();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function isStale(lock: string): boolean {
  try {
    return Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS;
  } catch {
    return false;
  }
}
