/**
 * A check that judged nothing is never passed: a property whose generated valid cases were all
 * filtered out (none met the declared rules), or whose every answer was a refusal the declared
 * rules excuse, ends not judged naming why — in-process, with a fake context that answers each
 * request itself (nothing is sent).
 */
import { describe, expect, test } from "vitest";
import { CARD_STATEMENT } from "../../lib/catalogue/index.ts";
import { debitRangeFor } from "../../lib/checks/debit-amounts.ts";
import { CheckNotJudged, notApplicable, notJudged } from "../../lib/checks/failure.ts";
import type { CheckContext, SendingCheck, ContractCheck } from "../../lib/checks/types.ts";
import type { Config } from "../../lib/config/load.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import type { RequestVariant } from "../../lib/http/target.ts";
import { builtCases, casesFor } from "../../generators/cases/index.ts";
import { generatedChecks, type CasesFor } from "../../suites/generic/generated.ts";
import { registry } from "../support/case-rows.ts";
import { declaring } from "../support/declared-rules.ts";

/** A target that declares day-first dates, while STATEMENT_DATE_FORMAT keeps its default (the issue's partner). */
const DAY_FIRST = {
  "card-api.statement": { type: "object", properties: { start_date: { pattern: "^\\d{2}\\.\\d{2}\\.\\d{4}$" } } },
};

function answer(status: number, variant: RequestVariant, body: unknown): Exchange {
  const text = JSON.stringify(body);
  return {
    seq: 0,
    startedAt: 0,
    durationMs: 1,
    request: { method: "POST", url: "http://127.0.0.1/x", headers: {}, bodyText: JSON.stringify(variant.body) },
    response: { status, headers: { "content-type": "application/json" }, bodyText: text, json: body },
  };
}

/** A context whose target answers every request with `status` (nothing leaves the process), counting them. */
function context(config: Config, status: number) {
  const sent: RequestVariant[] = [];
  const ctx: CheckContext = {
    config,
    profile: undefined as never,
    validators: registry,
    inFlight: 4,
    seed: 7,
    debitAmounts: async () => debitRangeFor(config, undefined),
    isolated: (_card, fn) => fn(),
    shared: (_key, make) => make(),
    scenario: () => Promise.reject(new Error("no scenario here")),
    send: () => Promise.reject(new Error("properties send variants")),
    sendVariant: async (_op, variant) => {
      sent.push(variant);
      return answer(status, variant, status === 200 ? { status: "ok", operations: [] } : { error: "invalid" });
    },
    record: () => undefined,
    note: () => undefined,
    notApplicable,
    notJudged,
  };
  return { ctx, sent };
}

/** The POSITIVE property of the statement over these cases (ids of this test's own: a check id is defined once). */
let defined = 0;
const positive = (casesOf: CasesFor): SendingCheck | ContractCheck =>
  generatedChecks(CARD_STATEMENT, "§2.2", casesOf, {
    positive: `CARD-STMT-JUDGED-${++defined}-POSITIVE`,
    negative: `CARD-STMT-JUDGED-${defined}-NEGATIVE`,
    no5xx: `CARD-STMT-JUDGED-${defined}-NO-5XX`,
  })[0] as SendingCheck | ContractCheck;

async function outcome(check: SendingCheck | ContractCheck, ctx: CheckContext): Promise<Error | "passed"> {
  try {
    await check.run(ctx);
    return "passed";
  } catch (error) {
    return error as Error;
  }
}

describe("a property that judged no answer is not judged, never passed", () => {
  test("every generated valid case filtered out (none meets the declared rules): not judged, nothing sent", async () => {
    const config = declaring(DAY_FIRST);
    const { ctx, sent } = context(config, 200);
    const result = await outcome(positive(casesFor), ctx);
    expect(sent).toEqual([]);
    expect(result).toBeInstanceOf(CheckNotJudged);
    expect((result as Error).message).toMatch(
      /^not judged: no generated request was judged: \d+ case\(s\) were filtered out, none met the declared rules — card-api\.statement #\/properties\/start_date\/pattern .*; see STATEMENT_DATE_FORMAT$/,
    );
  });

  test("every answer a refusal the declared rules excuse (the issue's 153 × 422): not judged", async () => {
    const config = declaring(DAY_FIRST);
    // The generators as they were: valid requests built without the declared rules.
    const { ctx, sent } = context(config, 422);
    const result = await outcome(positive(builtCases), ctx);
    expect(sent.length).toBeGreaterThan(config.run.propertyRuns - 1);
    expect(result).toBeInstanceOf(CheckNotJudged);
    expect((result as Error).message).toMatch(
      /^not judged: no answer was judged: every one of the \d+ answer\(s\) was a refusal that the target's declared rules refuse .*; see REQUEST_RULES_FILE$/,
    );
  });

  test("answers that were judged: passed", async () => {
    const config = declaring({
      "card-api.statement": { type: "object", properties: { start_date: { pattern: "^\\d{4}-" } } },
    });
    const { ctx, sent } = context(config, 200);
    expect(await outcome(positive(casesFor), ctx)).toBe("passed");
    expect(sent.length).toBeGreaterThan(0);
  });
});
