/**
 * The signal handling of an interrupted run, in-process: the first signal stops the requests and
 * says so, a second ends at once with the first signal's code, the grace is bounded; and a stopped
 * pace refuses new requests at once, waiters included, while its deadline is far away.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { Pace } from "../../lib/http/coordination/pace.ts";
import { exitCodeOfSignal, interruptBeforeChecks, interruptHandler, Interrupted } from "../../lib/runner/interrupt.ts";

afterEach(() => vi.useRealTimers());

function handler() {
  const calls = { say: [] as string[], stop: [] as string[], exit: [] as number[], cancel: 0 };
  const { onSignal, timers } = interruptHandler({
    say: (line) => calls.say.push(line),
    stop: (signal) => calls.stop.push(signal),
    exit: (code) => calls.exit.push(code),
    cancel: () => calls.cancel++,
    graceMs: 5_000,
  });
  return { calls, onSignal, timers };
}

describe("interruptHandler", () => {
  test("first SIGINT: requests stopped, a line saying a second one ends at once; no exit yet", () => {
    const { calls, onSignal, timers } = handler();
    onSignal("SIGINT");
    expect(calls.stop).toEqual(["SIGINT"]);
    expect(calls.say[0]).toMatch(/SIGINT: no new requests; .*send it again to end at once/);
    expect(calls.exit).toEqual([]);
    timers.forEach(clearTimeout);
  });
  test("a second signal ends at once with the first one's code (SIGTERM: 143)", () => {
    const { calls, onSignal, timers } = handler();
    onSignal("SIGTERM");
    onSignal("SIGINT");
    expect(calls.exit).toEqual([143]);
    expect(calls.stop).toEqual(["SIGTERM"]);
    timers.forEach(clearTimeout);
  });
  test("bounded: after the grace the run is cancelled, ten seconds later the process ends", () => {
    vi.useFakeTimers();
    const { calls, onSignal } = handler();
    onSignal("SIGINT");
    vi.advanceTimersByTime(5_000);
    expect(calls.cancel).toBe(1);
    expect(calls.exit).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(calls.exit).toEqual([130]);
  });
  test("exit codes are the shell's: 130 for SIGINT, 143 for SIGTERM", () => {
    expect(exitCodeOfSignal("SIGINT")).toBe(130);
    expect(exitCodeOfSignal("SIGTERM")).toBe(143);
  });
});

describe("a stopped pace", () => {
  test("refuses the next request and the one waiting for a slot; the deadline is an hour away", async () => {
    const pace = new Pace({ concurrency: 1, deadlineAt: Date.now() + 3_600_000 });
    expect(await pace.acquire()).toBe(true);
    const waiting = pace.acquire();
    pace.stop("SIGINT");
    expect(await waiting).toBe(false);
    expect(await pace.acquire()).toBe(false);
    expect(pace.stopped).toBe("SIGINT");
  });
});

test("before the checks: the first signal stops the phase under way (Interrupted), a second ends at once; released, nothing is left listening", async () => {
  const exits: number[] = [];
  const before = process.listeners("SIGTERM").length;
  const { stopped, release } = interruptBeforeChecks((code) => exits.push(code));
  const ours = process.listeners("SIGTERM").at(-1) as (signal: string) => void;
  ours("SIGTERM");
  await expect(stopped).rejects.toEqual(new Interrupted("SIGTERM"));
  expect((await stopped.catch((e: Interrupted) => e)).signal).toBe("SIGTERM");
  expect(exits).toEqual([]);
  ours("SIGINT");
  expect(exits).toEqual([143]);
  release();
  expect(process.listeners("SIGTERM").length).toBe(before);
});
