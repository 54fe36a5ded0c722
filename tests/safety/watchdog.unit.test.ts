/**
 * The run watchdog (lib/runner/watchdog.ts), on fake timers: it cancels the run GRACE after the
 * deadline, ends the process 2 × GRACE after it, says why each time, and does nothing once the
 * run has ended in time.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { armWatchdog } from "../../lib/runner/watchdog.ts";

const GRACE = 1_000;

function recorder() {
  const events: string[] = [];
  return {
    events,
    actions: {
      cancel: () => events.push("cancel"),
      end: () => events.push("end"),
      say: (line: string) => events.push(`say: ${line}`),
    },
  };
}

describe("run watchdog", () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  test("before the deadline and its grace: nothing happens", () => {
    const { events, actions } = recorder();
    armWatchdog(5_000, actions, GRACE);
    vi.advanceTimersByTime(5_000 + GRACE - 1);
    expect(events).toEqual([]);
  });

  test("GRACE after the deadline: the run is cancelled, with a line naming RUN_DEADLINE_MS", () => {
    const { events, actions } = recorder();
    armWatchdog(5_000, actions, GRACE);
    vi.advanceTimersByTime(5_000 + GRACE);
    expect(events).toEqual([expect.stringMatching(/^say: .*RUN_DEADLINE_MS.*cancelling/), "cancel"]);
  });

  test("2 × GRACE after the deadline: the process is ended", () => {
    const { events, actions } = recorder();
    armWatchdog(5_000, actions, GRACE);
    vi.advanceTimersByTime(5_000 + 2 * GRACE);
    expect(events.filter((e) => !e.startsWith("say:"))).toEqual(["cancel", "end"]);
    expect(events.at(-2)).toMatch(/did not stop after its deadline/);
  });

  test("a deadline already past: cancel and end still come in order, not at once", () => {
    const { events, actions } = recorder();
    armWatchdog(-10 * GRACE, actions, GRACE);
    vi.advanceTimersByTime(0);
    expect(events.filter((e) => !e.startsWith("say:"))).toEqual(["cancel", "end"]);
  });

  test("disarmed when the run ends in time: nothing fires later", () => {
    const { events, actions } = recorder();
    const disarm = armWatchdog(5_000, actions, GRACE);
    vi.advanceTimersByTime(4_000);
    disarm();
    vi.advanceTimersByTime(60_000);
    expect(events).toEqual([]);
  });
});
