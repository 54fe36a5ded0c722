/**
 * The run's last line of defence for its deadline. Requests stop at RUN_DEADLINE_MS by
 * themselves (the client refuses to send after it and cuts what is in flight); the watchdog is
 * for anything that ignores that — a check stuck outside the client, a reporter that hangs.
 * GRACE_MS after the deadline it cancels the run; 2 × GRACE_MS after it, it ends the process.
 */
const GRACE_MS = 15_000;

export interface WatchdogActions {
  /** Asks the test runner to stop the checks still running. */
  cancel: () => void;
  /** Ends the process (exit code 1): the run did not stop when cancelled. */
  end: () => void;
  /** Where the one-line reasons go. */
  say: (line: string) => void;
}

/** Arms the watchdog; the returned function disarms it (the run ended in time). */
export function armWatchdog(deadlineAt: number, actions: WatchdogActions, graceMs = GRACE_MS): () => void {
  const timers: NodeJS.Timeout[] = [];
  // unref: a run that ends on time must not be held open by its own watchdog.
  const at = (ms: number, action: () => void) => timers.push(setTimeout(action, Math.max(0, ms - Date.now())).unref());
  at(deadlineAt + graceMs, () => {
    actions.say("conformance: the run deadline (RUN_DEADLINE_MS) has passed; cancelling the checks still running");
    actions.cancel();
  });
  at(deadlineAt + 2 * graceMs, () => {
    actions.say("conformance: the run did not stop after its deadline (RUN_DEADLINE_MS); ending it");
    actions.end();
  });
  return () => timers.forEach(clearTimeout);
}
