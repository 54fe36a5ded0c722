/**
 * What the run plan decided is what a run context uses: the debit range is not read again from the
 * target (the limits move as the run debits), and the share of CONCURRENCY is the plan's.
 */
import { expect, test } from "vitest";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { inProcessPlan, withBaseUrl } from "../../lib/checks/run-plan.ts";
import { debitRangeFor } from "../../lib/checks/debit-amounts.ts";
import { loadConfig } from "../../lib/config/load.ts";

// Port 9 (discard) on loopback: nothing answers, so any request would end as a transport error.
const config = loadConfig({ TARGET_BASE_URL: "http://127.0.0.1:9" });

test("a planned debit range is used as it is: no request is sent to read it again", async () => {
  const decided = { ...debitRangeFor(config, undefined), why: "decided by the CLI" };
  const run = await createRunContext(config, { debitRange: decided });
  try {
    expect(await run.debitAmounts()).toBe(decided);
    expect(run.target.sent).toBe(0);
  } finally {
    await run.target.close();
  }
});

test("the context's requests in flight are the plan's share, not the whole run's CONCURRENCY", async () => {
  const whole = loadConfig({ TARGET_BASE_URL: "http://127.0.0.1:9", CONCURRENCY: "12" });
  const plan = inProcessPlan(whole);
  const run = await createRunContext(whole, { limits: { ...plan.limits, inFlightShare: 3 } });
  try {
    expect(run.inFlight).toBe(3);
    expect(whole.safety.concurrency).toBe(12);
  } finally {
    await run.target.close();
  }
});

test("the embedded sandbox's URL goes into the configuration, not into process.env", () => {
  const before = process.env.TARGET_BASE_URL;
  const aimed = withBaseUrl(config, "http://127.0.0.1:4010");
  expect(aimed.target.baseUrl).toBe("http://127.0.0.1:4010");
  expect(config.target.baseUrl).toBe("http://127.0.0.1:9");
  expect(process.env.TARGET_BASE_URL).toBe(before);
});
