/**
 * The money contracts judge a number by the literal text the target sent (suites/card-api/money.checks.ts):
 * a literal whose digits a double cannot hold (100.0000000000000000001 parses as 100) fails
 * though its parse would pass, in a statement and in a limits answer alike; string amounts are
 * their own text, read from the parse. As data: [what, the body as sent, the problem or undefined].
 */
import { expect, test } from "vitest";
import type { JudgeEnv } from "../../lib/checks/contract-types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { limitsMoneyExact, statementMoneyExact } from "../../suites/card-api/money.checks.ts";

const config = loadConfig({ TARGET_BASE_URL: "http://target.test", SEED: "7" });

function answer(bodyText: string): Exchange {
  return {
    seq: 1,
    startedAt: 0,
    durationMs: 1,
    request: { method: "POST", url: "http://target.test/x", headers: {}, bodyText: '{"object":{"type":"card"}}' },
    response: { status: 200, headers: { "content-type": "application/json" }, bodyText, json: JSON.parse(bodyText) },
  } as Exchange;
}

/** The judge's message for this body, or undefined when it holds. */
function judged(check: typeof statementMoneyExact, bodyText: string): string | undefined {
  try {
    check.contract.bind({ config } as unknown as JudgeEnv).judge(answer(bodyText));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const statement = (amount: string) =>
  `{"status":"ok","request_status":"success","operations":[{"amount":${amount},"commission":0,"currency":"KZT"}]}`;
const limits = (value: string) =>
  `{"status":"ok","limits":{"card":[{"id":"L1","amount":[{"type":"total","value":${value},"current":"0.00","remaining":"1.00","currency":"KZT"}]}]}}`;

const CASES: Array<[string, typeof statementMoneyExact, string, RegExp | undefined]> = [
  ["a statement number of two decimals", statementMoneyExact, statement("1500.55"), undefined],
  ["a statement number beyond a double", statementMoneyExact, statement("100.0000000000000000001"), /19 decimals/],
  ["a statement string of three decimals", statementMoneyExact, statement('"10.005"'), /3 decimals/],
  ["a limit string of two decimals", limitsMoneyExact, limits('"5000000.00"'), undefined],
  [
    "a limit number beyond a double",
    limitsMoneyExact,
    limits("1.0000000000000000001"),
    /card: limits\.card\[0\]\.amount\[0\]\.value: .*19 decimals/,
  ],
  ["a limit string negative zero", limitsMoneyExact, limits('"-0.00"'), /negative zero/],
];

test.for(CASES)("%s", ([, check, body, problem]) => {
  const message = judged(check, body);
  if (problem) expect(message).toMatch(problem);
  else expect(message).toBeUndefined();
});
