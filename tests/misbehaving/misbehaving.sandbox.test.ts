/**
 * A target that misbehaves fails the affected checks with the cause named — transport (or the
 * status it sent), never schema — in bounded time, and nothing crashes; the preflight does not
 * turn it into a configuration error. A target that gives no working answer to any preflight
 * request (it hangs, trickles, or answers 503 to everything) is "target unavailable" there
 * (lib/runner/target-down.ts, exit 3); its checks, run as with --no-preflight, still fail in bounded time. Every row runs the whole suite (every module, every check,
 * property checks included once they exist) against one small misbehaving server.
 */
import { describe, expect, test } from "vitest";
import type { FailureCategory } from "../../lib/checks/failure.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { runPreflight } from "../../lib/runner/preflight.ts";
import { TargetUnavailable } from "../../lib/runner/target-down.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { configFor, evaluateAll, withSandbox } from "../support/harness.ts";
import { startCountingProxy, startMisbehavingTarget, type Misbehaviour } from "../support/targets.ts";

const TIMEOUT_MS = 1000;

interface Expectation {
  /** The only categories a failed check may have. */
  categories: FailureCategory[];
  /** Every failure message names the cause. */
  cause: RegExp;
  /** No preflight request got a working answer: the preflight says "target unavailable". */
  down?: true;
  /** REQUEST_TIMEOUT_MS when the row is not about time: a cut must not race the timeout on a busy machine. */
  timeoutMs?: number;
}

const CASES: Array<[Misbehaviour, Expectation]> = [
  [
    "never answers",
    {
      categories: ["transport"],
      cause: /timeout: (no complete answer within 1000 ms|not sent: the last \d+ requests)/,
      down: true,
    },
  ],
  [
    "trickles its body",
    {
      categories: ["transport"],
      cause: /timeout: (no complete answer within 1000 ms|not sent: the last \d+ requests)/,
      down: true,
    },
  ],
  ["resets the connection", { categories: ["transport"], cause: /connection-reset/ }],
  ["truncated JSON", { categories: ["transport"], cause: /HTTP 200 body is not JSON/ }],
  [
    "HTML page with 200",
    {
      categories: ["transport", "content-type"],
      cause: /HTTP 200 body is not JSON|"text\/html", not application\/json/,
    },
  ],
  [
    "multi-megabyte body",
    { categories: ["transport"], cause: /body-too-large: response body exceeds 4194304 bytes/, timeoutMs: 10_000 },
  ],
  ["nested 100,000 deep", { categories: ["transport"], cause: /nested deeper than 64 levels/, timeoutMs: 10_000 }],
  [
    "not UTF-8",
    {
      categories: ["transport"],
      cause: /the body is not UTF-8 \(an invalid byte sequence at byte 23\)/,
      timeoutMs: 10_000,
    },
  ],
  ["503", { categories: ["status", "server-error", "content-type"], cause: /503|"text\/html"/, down: true }],
];

/** Generous: the slowest row waits for a few 1 s timeouts; a hang would take minutes. */
const BOUND_MS = 30_000;

describe("a misbehaving target: the checks fail with the cause named, in bounded time", () => {
  test.for(CASES)("%s", async ([kind, expected]) => {
    const target = await startMisbehavingTarget(kind);
    try {
      const config = configFor(target.url, { REQUEST_TIMEOUT_MS: String(expected.timeoutMs ?? TIMEOUT_MS) });
      const started = Date.now();
      // The preflight notes what it could not verify and lets the checks report it (no exit 2),
      // or finds nothing working behind the URL at all (exit 3).
      const run = await createRunContext(config);
      const preflight = runPreflight(run, PREFLIGHT_REQUESTS).finally(() => run.target.close());
      if (expected.down) await expect(preflight).rejects.toThrow(TargetUnavailable);
      else expect((await preflight).unverified.length).toBeGreaterThan(0);

      const results = await evaluateAll(config);
      const failed = results.filter((r) => r.outcome === "failed");
      expect(Date.now() - started).toBeLessThan(BOUND_MS);
      expect(failed.length, "the affected checks fail").toBeGreaterThan(0);
      // Nothing crashes: a harness error would have category "harness", outside every list.
      for (const r of failed) {
        expect(expected.categories, `${r.id}: ${r.message}`).toContain(r.category);
        expect(r.message, r.id).toMatch(expected.cause);
      }
    } finally {
      await target.close();
    }
  });
});

/**
 * Every check but those that send hundreds of requests one after another (NEGATIVE and NO-5XX
 * with their example tables, the model-based ledger sequences): the point is that slowness below
 * the timeout is not a failure, whatever the kind of check.
 */
const LONG = /-(NEGATIVE|NO-5XX)$|^CARD-LEDGER-(STATEMENT|USAGE|REMAINING|LIMITS-ENFORCED|PERIOD)$/;
const PACED_MODULES = ALL_MODULES.map((m) => ({ ...m, checks: m.checks.filter((c) => !LONG.test(c.id)) }));

// The timeout is 20 times the delay: on a loaded machine (the sandbox tier on every core) a race of
// parallel debits 150 ms late each was once seen past 1 s; slowness below the timeout is the point.
test("a slow but correct target (answers after 150 ms, timeout 3000 ms) passes every check", async () => {
  await withSandbox({}, async (sandbox) => {
    const slow = await startCountingProxy(sandbox.url, { delayMs: 150 });
    try {
      const config = configFor(slow.url, { REQUEST_TIMEOUT_MS: "3000", PROPERTY_RUNS: "5" });
      const run = await createRunContext(config);
      await runPreflight(run, PREFLIGHT_REQUESTS).finally(() => run.target.close());
      const results = await evaluateAll(config, PACED_MODULES);
      expect(results.filter((r) => r.outcome !== "passed").map((r) => `${r.id}: ${r.message}`)).toEqual([]);
      expect(slow.received.length).toBeGreaterThan(0);
    } finally {
      await slow.close();
    }
  });
});
