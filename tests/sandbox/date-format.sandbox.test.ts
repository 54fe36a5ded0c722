/**
 * A declared statement date pattern end to end, against the reference sandbox told to read its
 * statement bounds only in one form (--date-format): the harness declaring the same pattern
 * (STATEMENT_DATE_FORMAT) passes the preflight and every check; declaring another, the preflight
 * names STATEMENT_DATE_FORMAT from evidence (the form the target accepted, or the date field its
 * refusal names), and an unknown card is named STATEMENT_CARD_ID — never the other way round.
 */
import { describe, expect, test } from "vitest";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { evaluateModule, type CheckResult } from "../../lib/checks/evaluate.ts";
import { runPreflight, type PreflightReport } from "../../lib/runner/preflight.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { statementModule } from "../../suites/card-api/statement.module.ts";
import type { SandboxOptions } from "../../sandbox/server.ts";
import { configFor, evaluateAll, failingIds, withSandbox } from "../support/harness.ts";

const UNKNOWN = "c0ffee00-0000-4000-8000-000000000999";

async function preflight(sandbox: SandboxOptions, env: Record<string, string>): Promise<PreflightReport | Error> {
  return withSandbox(sandbox, async ({ url }) => {
    const run = await createRunContext(configFor(url, env));
    return runPreflight(run, PREFLIGHT_REQUESTS)
      .catch((error: Error) => error)
      .finally(() => run.target.close());
  });
}

async function statementChecks(sandbox: SandboxOptions, env: Record<string, string>): Promise<CheckResult[]> {
  return withSandbox(sandbox, async ({ url }) => {
    const run = await createRunContext(configFor(url, env));
    return evaluateModule(statementModule, run).finally(() => run.target.close());
  });
}

describe("the preflight names the variable the evidence shows", () => {
  test.for([
    [
      "the target reads DD.MM.YYYY, the harness declares the default: the form it accepted is named",
      { dateFormat: "DD.MM.YYYY" },
      {},
      /^preflight: STATEMENT_DATE_FORMAT: the target refused the statement with the period in the declared form datetime-offset \(YYYY-MM-DDTHH:mm:ssZ\) \(start_date "2025-06-01T00:00:00\+05:00", end_date "2025-06-30T23:59:59\+05:00"\): HTTP 400 .*start_date \\"2025-06-01T00:00:00\+05:00\\" is not a date in the form DD\.MM\.YYYY.*; it accepted the same request with the period as DD\.MM\.YYYY \(start_date "01\.06\.2025", end_date "30\.06\.2025"\): set STATEMENT_DATE_FORMAT/,
    ],
    [
      "the target reads a form no common one matches: its refusal naming start_date is the evidence",
      { dateFormat: "YYYY.MM.DD" },
      { STATEMENT_DATE_FORMAT: "DD.MM.YYYY" },
      /^preflight: STATEMENT_DATE_FORMAT: the target refused the statement naming a date field, with the period in the declared form DD\.MM\.YYYY \(start_date "01\.06\.2025", end_date "30\.06\.2025"\): HTTP 400 .*is not a date in the form YYYY\.MM\.DD.*; no other common form was accepted/,
    ],
    [
      "the target reads its declared pattern month first (MM.DD.YYYY for DD.MM.YYYY): the date form is named",
      { dateFormat: "MM.DD.YYYY" },
      { STATEMENT_DATE_FORMAT: "DD.MM.YYYY" },
      /^preflight: STATEMENT_DATE_FORMAT: the target refused the statement naming a date field/,
    ],
    [
      "an unknown statement card: the same period for PAYMENT_CARD_ID is accepted",
      {},
      { STATEMENT_CARD_ID: UNKNOWN },
      /^preflight: STATEMENT_CARD_ID: the target rejected the statement of this card .*\(HTTP 404 .*CARD_NOT_FOUND.*\), and accepted the same period in the same form for PAYMENT_CARD_ID; set a card/,
    ],
    [
      "an unknown statement card under a declared pattern: still the card",
      { dateFormat: "DD.MM.YYYY" },
      { STATEMENT_CARD_ID: UNKNOWN, STATEMENT_DATE_FORMAT: "DD.MM.YYYY" },
      /^preflight: STATEMENT_CARD_ID: .*accepted the same period in the same form for PAYMENT_CARD_ID/,
    ],
    [
      "an unknown card that is also the payment card: the refusal naming the card is the evidence",
      {},
      { STATEMENT_CARD_ID: UNKNOWN, PAYMENT_CARD_ID: UNKNOWN },
      /^preflight: STATEMENT_CARD_ID: the target rejected the statement of this card .*no such card.*\); set a card/,
    ],
  ] as const)("%s", async ([, sandbox, env, line]) => {
    const outcome = await preflight(sandbox, env);
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toMatch(line);
  });

  test("a refusal without evidence (the statement answers 422 whatever is sent) is no configuration problem: the checks report it", async () => {
    const faults = [{ kind: "status", operation: "card-api.statement", status: 422 }] as const;
    const outcome = await preflight({ faults }, {});
    expect(outcome).not.toBeInstanceOf(Error);
    expect((outcome as PreflightReport).unverified).toContainEqual(
      expect.stringMatching(
        /^Card statement .*\(fixture request\): HTTP 422 .*; neither another card nor another date form was accepted, and the refusal names no date field or card/,
      ),
    );
  });

  test("the target's whole reason is shown, not its first words (a few hundred characters)", async () => {
    const outcome = (await preflight({ dateFormat: "DD.MM.YYYY" }, {})) as Error;
    expect(outcome.message).toMatch(
      /"message":"start_date \\"2025-06-01T00:00:00\+05:00\\" is not a date in the form DD\.MM\.YYYY"/,
    );
  });
});

describe("a target that reads DD.MM.YYYY, declared as STATEMENT_DATE_FORMAT=DD.MM.YYYY", () => {
  const SANDBOX = { dateFormat: "DD.MM.YYYY" };
  const ENV = { STATEMENT_DATE_FORMAT: "DD.MM.YYYY" };

  test("the preflight passes", async () => {
    expect(await preflight(SANDBOX, ENV)).not.toBeInstanceOf(Error);
  });

  test("every check of every module passes, none is left not judged", async () => {
    await withSandbox(SANDBOX, async ({ url }) => {
      const results = await evaluateAll(configFor(url, ENV));
      expect(failingIds(results)).toEqual([]);
      expect(
        results
          .filter((r) => r.outcome !== "passed" && (r.findingLevel ?? r.level) !== "info")
          .map((r) => `${r.id}: ${r.message}`),
      ).toEqual([]);
    });
  }, 240_000);

  test("a statement with an operation outside the period is still caught (CARD-STMT-PERIOD)", async () => {
    const results = await statementChecks(
      { ...SANDBOX, faults: [{ kind: "behaviour", name: "operations-outside-period" }] },
      ENV,
    );
    expect(results.find((r) => r.id === "CARD-STMT-PERIOD")).toMatchObject({ outcome: "failed", category: "value" });
  });

  test("a target that reads the pattern month first is caught: valid generated periods refused, the seeded statement not judged", async () => {
    const results = await statementChecks({ dateFormat: "MM.DD.YYYY" }, ENV);
    expect(results.find((r) => r.id === "CARD-STMT-POSITIVE")).toMatchObject({ outcome: "failed" });
    expect(results.find((r) => r.id === "CARD-STMT-PERIOD")).toMatchObject({ category: "precondition" });
  });
});
