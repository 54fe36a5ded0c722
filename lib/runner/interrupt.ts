/**
 * Interruption keeps what was judged. Ctrl-C, or a CI job cancelled (SIGINT,
 * then SIGTERM): the first signal stops every request not yet sent (stop.ts, as RUN_DEADLINE_MS
 * does), lets those in flight finish or time out, and lets vitest end normally, so the usual
 * outputs are written with every check judged so far, the rest not judged ("not run"), verdict interrupted,
 * exit 130 (SIGINT) or 143 (SIGTERM). A second signal ends the process at once. If the run has
 * not ended within the grace (the request timeout and some seconds), it is cancelled, then ended.
 * vitest's own signal listener (its logger ends the process within a millisecond) is held back:
 * while armed, listeners for these two signals registered by others are not attached.
 * Before the checks (interruptBeforeChecks) a signal ends the pipeline's phase under way instead.
 */
import { broadcastStop } from "../http/coordination/stop.ts";
import { EXIT } from "./cli-errors.ts";

const SIGNALS = ["SIGINT", "SIGTERM"] as const;
type Signal = (typeof SIGNALS)[number];

let received: Signal | undefined;

/** The signal that interrupted this process's run, if one did. */
export function interruptedBy(): Signal | undefined {
  return received;
}

export function exitCodeOfSignal(signal: Signal): number {
  return signal === "SIGTERM" ? EXIT.sigterm : EXIT.sigint;
}

export interface InterruptActions {
  /** Asks the test runner to stop the checks still running (the grace has passed). */
  cancel: () => void;
  say: (line: string) => void;
  /** How long the checks in flight get before the run is cancelled. */
  graceMs: number;
  /** Ends the process (default process.exit). */
  exit?: (code: number) => void;
  /** Stops the requests not yet sent (default: broadcastStop to every thread). */
  stop?: (signal: string) => void;
}

export interface InterruptGuard {
  /** Removes the signal listeners added since arming (vitest's), so that ours decides. */
  adoptSignals(): void;
  disarm(): void;
}

/**
 * What the signals do: the first stops the run (requests, then a bounded grace); a second ends
 * the process at once. Returned with the timers it set, so that disarming clears them.
 */
export function interruptHandler(actions: InterruptActions): {
  onSignal: (s: Signal) => void;
  timers: NodeJS.Timeout[];
} {
  const exit = actions.exit ?? ((code: number) => process.exit(code));
  const stop = actions.stop ?? broadcastStop;
  const timers: NodeJS.Timeout[] = [];
  // A new run: no signal received yet.
  received = undefined;
  const onSignal = (signal: Signal) => {
    if (received) {
      actions.say(`conformance: ${signal} again: ending at once`);
      return exit(exitCodeOfSignal(received));
    }
    received = signal;
    actions.say(
      `conformance: ${signal}: no new requests; the ${Math.round(actions.graceMs / 1000)} s for those in flight, then the checks judged so far are reported (send it again to end at once)`,
    );
    stop(signal);
    timers.push(setTimeout(actions.cancel, actions.graceMs).unref());
    // Bounded whatever happens: a run that does not end after cancelling is ended.
    timers.push(setTimeout(() => exit(exitCodeOfSignal(signal)), actions.graceMs + 10_000).unref());
  };
  return { onSignal, timers };
}

/** Arms the handlers for the checks' phase of a run. */
export function armInterrupt(actions: InterruptActions): InterruptGuard {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { onSignal, timers } = interruptHandler(actions);
  for (const s of SIGNALS) process.on(s, onSignal);
  const release = holdOtherSignalListeners();
  return {
    adoptSignals: () => {
      for (const s of SIGNALS)
        for (const l of process.listeners(s)) if (l !== onSignal && !before.get(s)!.has(l)) process.off(s, l);
    },
    disarm: () => {
      release();
      for (const s of SIGNALS) process.off(s, onSignal);
      timers.forEach(clearTimeout);
    },
  };
}

type Register = (event: string | symbol, listener: (...args: unknown[]) => void) => NodeJS.Process;

/**
 * vitest registers its listener while it starts, before any reporter hook could remove it; a
 * signal in that window would end the run with nothing written. So registrations for SIGINT and
 * SIGTERM are dropped while armed (restored by the returned function); all others pass through.
 */
function holdOtherSignalListeners(): () => void {
  const methods = ["on", "once", "addListener", "prependListener", "prependOnceListener"] as const;
  const original = new Map(methods.map((m) => [m, process[m] as unknown as Register]));
  for (const m of methods) {
    const register = original.get(m)!;
    (process as unknown as Record<string, Register>)[m] = function (this: NodeJS.Process, event, listener) {
      return SIGNALS.includes(event as Signal) ? this : register.call(this, event, listener);
    };
  }
  return () => {
    for (const m of methods) (process as unknown as Record<string, Register>)[m] = original.get(m)!;
  };
}

/** The first signal before the checks: the pipeline ends the run with it (endings.ts), as any other ending. */
export class Interrupted extends Error {
  override name = "Interrupted";
  constructor(readonly signal: Signal) {
    super(`interrupted by ${signal}`);
  }
}

/**
 * Before the checks (configuration, target, token, preflight): the first signal rejects `stopped`
 * with Interrupted, and the pipeline ends the run like any other ending — its outputs say
 * "interrupted, nothing judged", the cleanup stack is unwound, exit 130/143. A second signal, while
 * that happens, ends the process at once. `release` removes the handlers (armInterrupt takes over
 * for the checks).
 */
export function interruptBeforeChecks(exit: (code: number) => void = (code) => process.exit(code)): {
  stopped: Promise<never>;
  release: () => void;
} {
  received = undefined;
  let stop: (error: Interrupted) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  // Raced by the pipeline; never an unhandled rejection when it is not being awaited.
  stopped.catch(() => undefined);
  const onSignal = (signal: Signal) => {
    if (received) return exit(exitCodeOfSignal(received));
    received = signal;
    stop(new Interrupted(signal));
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  return { stopped, release: () => SIGNALS.forEach((s) => process.off(s, onSignal)) };
}
