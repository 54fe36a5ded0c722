/**
 * The sandbox and cli tiers' files share their worker's process (vitest.config.ts: isolate false), so a file
 * must leave the process as it found it: a run stopped for good (stop.ts: every later pace would
 * refuse its requests), an environment variable, the working folder or a signal listener left behind
 * would change the verdicts of the files after it, in whichever order they run. This setup file
 * snapshots that state before each file and fails the file that changed it, naming what changed
 * (names only: the environment may hold a CI secret). The signal a run received (interrupt.ts) is
 * not compared: every run starts by forgetting it.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { stoppedBy } from "../../lib/http/coordination/stop.ts";

type ProcessState = Record<string, string | undefined>;

function processState(): ProcessState {
  return {
    "the run's stop": stoppedBy(),
    "the working folder": process.cwd(),
    "SIGINT listeners": String(process.listenerCount("SIGINT")),
    "SIGTERM listeners": String(process.listenerCount("SIGTERM")),
    ...Object.fromEntries(Object.entries(process.env).map(([name, value]) => [`env ${name}`, value])),
  };
}

/** What differs between two snapshots, by name. */
function changed(before: ProcessState, after: ProcessState): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

let before: ProcessState = {};
beforeAll(() => void (before = processState()));
afterAll(() => {
  const file = expect.getState().testPath ?? "this file";
  expect(changed(before, processState()), `${file} left its worker's process-wide state changed`).toEqual([]);
});
