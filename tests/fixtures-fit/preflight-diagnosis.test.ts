/**
 * Diagnosis from evidence: exit 2 ("your configuration is the cause") only when
 * the target clearly refused a fixture request AND nothing was created — the payment card's
 * statement and limits read before and after show no trace of the debit; no client_uuid came back
 * from the registration. Anything else goes on to the checks, with a preflight note.
 */
import { describe, expect, test } from "vitest";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { PreflightProblem, runPreflight, type PreflightReport } from "../../lib/runner/preflight.ts";
import { clearRefusal, postedMcc, postingTrace } from "../../lib/runner/preflight-posting.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { configFor } from "../support/harness.ts";
import { withOutcomeTarget } from "../support/outcome-target.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";

async function preflightAgainst(url: string): Promise<PreflightReport> {
  const run = await createRunContext(configFor(url));
  return runPreflight(run, PREFLIGHT_REQUESTS).finally(() => run.target.close());
}

const settled = (p: Promise<PreflightReport>) =>
  p.then(
    (report) => ({ report, error: undefined }),
    (error: unknown) => ({ report: undefined, error: error as Error }),
  );

describe("a posted debit with an outcome value of the target's own is for the checks, not exit 2", () => {
  test.for(["pending", "accepted"])("request_status %j on a debit that posted", async (value) => {
    await withOutcomeTarget({ debitStatus: value }, async (target) => {
      const { report, error } = await settled(preflightAgainst(target.url));
      expect(error).toBeUndefined();
      expect(report!.unverified).toContainEqual(
        `Create transaction (fixture request): HTTP 200 with status "ok", request_status ${JSON.stringify(value)}, not a refusal the preflight can tell; the checks judge it`,
      );
    });
  });

  test('request_status "declined" on a debit that posted anyway: the statement shows it', async () => {
    await withOutcomeTarget({ debitStatus: "declined" }, async (target) => {
      const { report, error } = await settled(preflightAgainst(target.url));
      expect(error).toBeUndefined();
      expect(report!.unverified).toContainEqual(
        expect.stringMatching(
          /^Create transaction \(fixture request\): HTTP 200 .*\(request_status "declined"\) yet the payment card's statement shows a new operation of its amount; the checks judge it$/,
        ),
      );
    });
  });
});

describe("a clear refusal that posted nothing is exit 2, naming the variable", () => {
  test.for([
    ["HTTP 422", 422, { error: "amount_too_small" }],
    ["status other than ok", 200, { status: "error", request_status: "limit" }],
    ["a failure word in request_status", 200, { status: "ok", request_status: "REJECTED_BY_ISSUER" }],
  ] as const)("%s", async ([, status, body]) => {
    await withOutcomeTarget({ declineUnposted: { status, body } }, async (target) => {
      const { error } = await settled(preflightAgainst(target.url));
      expect(error).toBeInstanceOf(PreflightProblem);
      expect(error!.message).toMatch(/^preflight: DEBIT_AMOUNT_MIN: the target refused the fixture debit/);
      expect(error!.message).toMatch(
        /\(it created nothing: no new operation of its amount in the statement, no limit usage moved\)$/,
      );
      expect(target.countOf("/v5/card-api/card/statement")).toBeGreaterThanOrEqual(3); // the probe, before and after
    });
  });
});

describe("the registration: a client_uuid is a created client, whatever payload.status says", () => {
  test.for(["pending_review", "rejected"])(
    "payload.status %j with a client_uuid: a success (state true)",
    async (value) => {
      await withOutcomeTarget({ registrationStatus: value }, async (target) => {
        const { report, error } = await settled(preflightAgainst(target.url));
        expect(error).toBeUndefined();
        expect(report!.unverified.filter((line) => line.startsWith("Register business client"))).toEqual([]);
      });
    },
  );

  test("state false with a client_uuid: created anyway, so for the checks", async () => {
    await withOutcomeTarget({ registrationState: false }, async (target) => {
      const { report, error } = await settled(preflightAgainst(target.url));
      expect(error).toBeUndefined();
      expect(report!.unverified).toContainEqual(
        expect.stringMatching(
          /^Register business client \(fixture request\): .*\(state false\) yet a client_uuid came back/,
        ),
      );
    });
  });
});

/** An exchange with this answer, for the pure rule. */
function answered(status: number, body: unknown): Exchange {
  const text = JSON.stringify(body);
  return {
    seq: 1,
    startedAt: 0,
    durationMs: 1,
    request: { method: "POST", url: "http://127.0.0.1/x", headers: {}, bodyText: "{}" },
    response: { status, headers: {}, bodyText: text, json: body },
  } as Exchange;
}

describe("the rule, row by row", () => {
  test.for([
    [400, { error: "x" }, "HTTP 400"],
    [429, { error: "x" }, undefined],
    [500, { error: "x" }, undefined],
    [200, { status: "ok", request_status: "success" }, undefined],
    [200, { status: "ok", request_status: "pending" }, undefined],
    [200, { status: "ok", request_status: "declined" }, 'request_status "declined"'],
    [200, { status: "ok", request_status: "payment_failed" }, 'request_status "payment_failed"'],
    [200, { status: "fail", request_status: "success" }, 'status "fail"'],
    [200, { state: false, payload: {} }, "state false"],
    [200, { state: true, status: "whatever", payload: { status: "queued" } }, undefined],
    [200, { state: true, payload: { status: "error" } }, 'payload.status "error"'],
  ] as const)("HTTP %i %j → %s", ([status, body, signal]) => {
    expect(clearRefusal(answered(status, body))).toBe(signal);
  });

  test("posting trace: a new operation of the amount, usage moved, no trace, nothing readable", () => {
    const op = (rrn: string, mcc = 6012) => ({ type: "debit", amount: 10, currency: "KZT", rrn, mcc });
    const usage = (current: number) => new Map([["card/L1/total", current]]);
    expect(postingTrace({ operations: [op("1")] }, { operations: [op("1"), op("2")] }, 1000).posted).toBe(true);
    expect(postingTrace({ usage: usage(5) }, { usage: usage(7) }, 1000).posted).toBe(true);
    expect(
      postingTrace({ operations: [op("1")], usage: usage(5) }, { operations: [op("1")], usage: usage(5) }, 1000),
    ).toEqual({
      posted: false,
      evidence: "no new operation of its amount in the statement, no limit usage moved",
    });
    expect(postingTrace({}, { usage: usage(5) }, 1000).posted).toBeUndefined();
  });

  test("the test terminal's MCC: the fixture debit's new statement entry, when its entries agree", () => {
    const op = (rrn: string, mcc: unknown, amount = 10) => ({ type: "debit", amount, currency: "KZT", rrn, mcc });
    const before = { operations: [op("1", 5411)] };
    expect(postedMcc(before, { operations: [op("1", 5411), op("2", 6012)] }, 1000)).toBe("6012");
    expect(postedMcc(before, { operations: [op("1", 5411), op("2", "0742")] }, 1000)).toBe("0742");
    // Another amount, two entries that disagree, no statement: no evidence.
    expect(postedMcc(before, { operations: [op("1", 5411), op("2", 6012, 11)] }, 1000)).toBeUndefined();
    expect(postedMcc(before, { operations: [op("2", 6012), op("3", 5999)] }, 1000)).toBeUndefined();
    expect(postedMcc({}, { operations: [op("2", 6012)] }, 1000)).toBeUndefined();
  });
});
