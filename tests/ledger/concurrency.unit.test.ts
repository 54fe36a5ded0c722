/** How many requests were really in flight together: a paced "race" that never overlapped is no race. */
import { expect, test } from "vitest";
import { mostInFlight } from "../../suites/card-api/ledger/concurrency.checks.ts";

test.for([
  [
    "sent at once",
    [
      { startedAt: 0, durationMs: 5 },
      { startedAt: 0, durationMs: 5 },
      { startedAt: 1, durationMs: 5 },
    ],
    3,
  ],
  [
    "paced one after another",
    [
      { startedAt: 0, durationMs: 5 },
      { startedAt: 200, durationMs: 5 },
      { startedAt: 400, durationMs: 5 },
    ],
    1,
  ],
  [
    "answered in no measurable time, sent in the same millisecond",
    [
      { startedAt: 7, durationMs: 0 },
      { startedAt: 7, durationMs: 0 },
    ],
    2,
  ],
  [
    "partly overlapping",
    [
      { startedAt: 0, durationMs: 10 },
      { startedAt: 5, durationMs: 10 },
      { startedAt: 12, durationMs: 10 },
    ],
    2,
  ],
  ["none", [], 0],
] as const)("%s", ([, exchanges, most]) => {
  expect(mostInFlight([...exchanges])).toBe(most);
});
