/**
 * Amounts are written as the target wrote them: a failure message that quotes an amount of the
 * target's answer prints it as the answer has it (-150.5, "150.50"), never as the micro-units the
 * harness compares by (-150500000); amounts are still compared exactly (12.5 and "12.50" agree).
 */
import { expect, test } from "vitest";
import type { JudgeEnv } from "../../lib/checks/contract-types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import type { StatementOperation } from "../../lib/payments/kinds.ts";
import { checkStatement, type LedgerModel, type Observed } from "../../suites/card-api/ledger/observations.ts";
import { statementRecordStable } from "../../suites/card-api/stable-reads.checks.ts";

const config = loadConfig({ TARGET_BASE_URL: "http://target.test", SEED: "7" });

function statementAnswer(seq: number, operations: unknown[]): Exchange {
  const json = { status: "ok", request_status: "success", operations };
  return {
    seq,
    startedAt: 0,
    durationMs: 1,
    request: {
      method: "POST",
      url: "http://target.test/v5/card-api/card/statement",
      headers: {},
      bodyText: JSON.stringify({ card_id: "card-1", start_date: "a", end_date: "b" }),
    },
    response: { status: 200, headers: { "content-type": "application/json" }, bodyText: JSON.stringify(json), json },
  } as Exchange;
}

const posting = (amount: unknown) => ({
  type: "debit",
  amount,
  currency: "KZT",
  datetime: "2026-11-25T10:00:00+05:00",
  rrn: "500000001015",
});

/** The message of the second reading's judgement, or undefined when it agrees with the first. */
function secondReading(first: unknown[], second: unknown[]): string | undefined {
  // One binding, as one run's book makes: its memory holds the first reading.
  const contract = statementRecordStable.contract.bind({ config } as unknown as JudgeEnv);
  contract.judge(statementAnswer(1, first));
  try {
    contract.judge(statementAnswer(2, second));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

// [what, the amount as the target wrote it, the text the message must show]
const WRITTEN: Array<[string, unknown, string]> = [
  ["a negative number with one decimal", -150.5, "debit -150.5 KZT"],
  ["a string with two decimals", "150.50", "debit 150.50 KZT"],
  ["a whole number", 12, "debit 12 KZT"],
  ["a number in exponent form as JSON has it", 1.5e1, "debit 15 KZT"],
];

test.for(WRITTEN)("a posting that is gone is quoted as written: %s", ([, amount, shown]) => {
  const message = secondReading([posting(amount)], []);
  expect(message).toContain(`no longer lists ${shown} `);
  expect(message, "never the micro-units compared by").not.toMatch(/ -?\d+000000 KZT/);
});

test("a posting that appears alone is a late presentment, tolerated; one that changes is quoted as written", () => {
  expect(secondReading([], [posting(-150.5)])).toBeUndefined();
  expect(secondReading([posting(12.5)], [posting(-150.5)])).toContain("now lists debit -150.5 KZT ");
});

test('amounts are still compared exactly: 12.5 and "12.50" are the same posting, 12.5 and 12.51 are not', () => {
  expect(secondReading([posting(12.5)], [posting("12.50")])).toBeUndefined();
  expect(secondReading([posting(12.5)], [posting(12.51)])).toMatch(
    /no longer lists debit 12.5 KZT .* now lists debit 12.51 KZT/,
  );
});

/** The ledger's statement invariant on new operations `fresh`, for the accepted debits `accepted` (micro-units). */
function statementInvariant(fresh: unknown[], accepted: number[]): string | undefined {
  const r = {
    ctx: { config },
    judge: (_: string, body: () => void) => body(),
    seenForeign: () => undefined,
  } as unknown as Observed;
  const m = {
    accepted: accepted.map((units) => ({ micro: units, body: { request_id: "r-1" } })),
    sent: new Set(),
    fixed: new Set(),
  } as unknown as LedgerModel;
  // Every new operation is one of ours (its amount was sent), read once.
  const ours = { ours: fresh as StatementOperation[], foreign: [] };
  try {
    checkStatement(r, m, { reading: ours, first: ours, settled: true, waitedMs: 0, readings: 1 });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

test("the ledger's statement invariant quotes the target's amounts as written, ours through the formatter", () => {
  const message = statementInvariant([posting(-150.5), posting("7.10")], [150_250_000]);
  expect(message).toContain("the statement shows new operations [7.10, -150.5] for the accepted debits [150.25]");
  expect(statementInvariant([posting(-150.25)], [150_250_000]), "a debit listed with its sign agrees").toBeUndefined();
});
