/**
 * The run's stop signal, from the CLI's thread to every worker thread of the process (vitest's
 * `threads` pool): a BroadcastChannel, so no file or environment variable is polled. On a stop
 * every pace of the thread refuses new requests (pace.ts) while those in flight finish or time
 * out; what a check could not send is "not run", never the target's failure (evaluate.ts).
 */
import { BroadcastChannel } from "node:worker_threads";

const CHANNEL = "payment-conformance-stop";

export interface Stoppable {
  stop(reason: string): void;
}

let stopped: string | undefined;
const targets = new Set<WeakRef<Stoppable>>();
let channel: BroadcastChannel | undefined;

/** Messages on the channel: a stop, or a thread started late asking whether the run is stopped already. */
type Message = { stop: string } | { ask: true };

function stopAll(reason: string): void {
  stopped ??= reason;
  for (const ref of targets) ref.deref()?.stop(reason);
  targets.clear();
}

/** Why this process's run was stopped, if it was (the sandbox tier's state guard reads it). */
export function stoppedBy(): string | undefined {
  return stopped;
}

/** Stops `target` on the run's stop (at once when the stop came already); it is held weakly. */
export function stopOnSignal(target: Stoppable): void {
  if (stopped) return target.stop(stopped);
  targets.add(new WeakRef(target));
  if (channel) return;
  channel = listen();
  // A worker thread started after the stop missed it: it asks, and the stopped thread answers.
  channel.postMessage({ ask: true } satisfies Message);
}

function listen(): BroadcastChannel {
  const listener = new BroadcastChannel(CHANNEL);
  listener.onmessage = (event) => {
    const message = (event as MessageEvent).data as Message;
    if ("stop" in message) stopAll(message.stop);
    else if (stopped) listener.postMessage({ stop: stopped } satisfies Message);
  };
  // A run that ends normally must not be held open by its listener.
  listener.unref();
  return listener;
}

/** Stops every thread of this process: the paces of this one now, the workers' by message. */
export function broadcastStop(reason: string): void {
  stopAll(reason);
  // This thread keeps listening, to answer the worker threads that start later.
  channel ??= listen();
  channel.postMessage({ stop: reason } satisfies Message);
}
