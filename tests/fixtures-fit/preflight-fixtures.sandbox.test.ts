/**
 * Preflight fixture requests: where mutations are allowed, one debit at the
 * chosen amount and one registration with the configured client data; a business refusal is
 * exit 2 and one line naming what was refused, the target's reason and the variable (the line
 * here; the command's exit 2 with it: tests/safety/preflight.test.ts).
 */
import { describe, expect, test } from "vitest";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { PreflightProblem, runPreflight, type PreflightReport } from "../../lib/runner/preflight.ts";
import { REGISTER_PATH, TXN_PATH, withFussyTarget as withFussy } from "../support/fussy-target.ts";
import { configFor } from "../support/harness.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";

async function preflightAgainst(url: string, env: Record<string, string> = {}): Promise<PreflightReport> {
  const run = await createRunContext(configFor(url, env));
  return runPreflight(run, PREFLIGHT_REQUESTS).finally(() => run.target.close());
}

const problemOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as Error,
  );

describe("a refused fixture request is one line naming it, the target's reason and the variable", () => {
  test("a debit under the target's own minimum, which its limits do not show", async () => {
    await withFussy({ minDebit: 100 }, async (target) => {
      const error = await problemOf(preflightAgainst(target.url));
      expect(error).toBeInstanceOf(PreflightProblem);
      expect(error!.message).toMatch(
        /^preflight: DEBIT_AMOUNT_MIN: the target refused the fixture debit of 10\.00 KZT from PAYMENT_CARD_ID \(HTTP 200 with status "ok", request_status "declined": .*amount below the card minimum 100\.00.*\); the debit amounts 1\.00–99\.99 KZT \(fixed debit 10\.00\), from the payment card's limits: .*; set DEBIT_AMOUNT_MIN \/ DEBIT_AMOUNT_MAX to amounts the card allows/,
      );
      expect(error!.message).not.toContain("\n");
    });
  });

  test("a registration of the configured client data", async () => {
    await withFussy({ refuseRegistrations: true }, async (target) => {
      const error = await problemOf(preflightAgainst(target.url));
      expect(error!.message).toMatch(
        /^preflight: CLIENT_DATA_FILE: the target refused the registration of a client from the configured client data \(unset, so the sandbox's client data was sent\): HTTP 400: .*bin fails its control digit.*; give client records the target accepts.* \(it created nothing: no client_uuid came back\)$/,
      );
    });
  });
});

describe("amounts that fit pass the preflight", () => {
  test("a minimum above 10 shown in the limits list: the fixed debit is that minimum", async () => {
    await withFussy({ minDebit: 100, showMinInLimits: true }, async (target) => {
      const report = await preflightAgainst(target.url);
      expect(report.amounts).toMatch(
        /^debit amounts 100\.00–199\.99 KZT \(fixed debit 100\.00\), from the payment card's limits: largest minimum 100\.00 \(min\)/,
      );
      expect(target.countOf(TXN_PATH)).toBe(1);
    });
  });

  test("DEBIT_AMOUNT_MIN set to the target's minimum", async () => {
    await withFussy({ minDebit: 100 }, async (target) => {
      const report = await preflightAgainst(target.url, { DEBIT_AMOUNT_MIN: "100" });
      expect(report.amounts).toMatch(/fixed debit 100\.00\), DEBIT_AMOUNT_MIN\/MAX/);
    });
  });

  test("the amounts are read once per run context, however many ask at once", async () => {
    await withFussy({}, async (target) => {
      const run = await createRunContext(configFor(target.url));
      try {
        const ranges = await Promise.all(Array.from({ length: 6 }, () => run.debitAmounts()));
        expect(new Set(ranges).size).toBe(1);
        expect(target.countOf("/v5/card-api/limits/list")).toBe(1);
      } finally {
        await run.target.close();
      }
    });
  });
});

describe("where the fixture requests are not sent", () => {
  test("production without ALLOW_MUTATIONS: neither is sent, and the preflight says so", async () => {
    await withFussy({ minDebit: 100, refuseRegistrations: true }, async (target) => {
      const report = await preflightAgainst(target.url, { TARGET_ENV: "production" });
      expect(target.countOf(TXN_PATH)).toBe(0);
      expect(target.countOf(REGISTER_PATH)).toBe(0);
      expect(report.unverified).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Create transaction: not sent: TARGET_ENV=production/),
          expect.stringMatching(/^Register business client: not sent: TARGET_ENV=production/),
        ]),
      );
    });
  });

  test("the debit counts against MAX_DEBIT_TOTAL like any debit", async () => {
    await withFussy({}, async (target) => {
      const report = await preflightAgainst(target.url, { MAX_DEBIT_TOTAL: "5.00" });
      expect(target.countOf(TXN_PATH)).toBe(0);
      expect(report.unverified).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Create transaction: not sent: debiting 10\.00 would pass MAX_DEBIT_TOTAL=5\.00/),
        ]),
      );
    });
  });
});
