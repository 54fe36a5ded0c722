/**
 * The blast-radius guard, proven by counting what a target receives (a counting proxy in front
 * of the sandbox): production gets no money-moving or profile-creating request unless
 * ALLOW_MUTATIONS=true; only TEST_PANS card numbers leave the harness against a non-sandbox
 * target; debits stop at MAX_DEBIT_TOTAL.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CREATE_TRANSACTION, REGISTER_BUSINESS } from "../../lib/catalogue/index.ts";
import type { Config } from "../../lib/config/load.ts";
import { RequestRefused } from "../../lib/http/target.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { runPreflight } from "../../lib/runner/preflight.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { debitRequest } from "../../generators/card-api/transaction.ts";
import { fakerFor, testPan } from "../../generators/faker.ts";
import { SANDBOX_CARDS } from "../../lib/test-data/published.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/server.ts";
import { configFor, evaluateAll } from "../support/harness.ts";
import { startCountingProxy, type TestTarget } from "../support/targets.ts";

const TXN = CREATE_TRANSACTION.path!;
const BIZ = REGISTER_BUSINESS.path!;
const PAN = SANDBOX_CARDS.payment.pan;

let sandbox: RunningSandbox;
beforeAll(async () => void (sandbox = await startSandbox()));
afterAll(async () => sandbox.close());

async function withProxy<T>(body: (proxy: TestTarget) => Promise<T>): Promise<T> {
  const proxy = await startCountingProxy(sandbox.url);
  try {
    return await body(proxy);
  } finally {
    await proxy.close();
  }
}

/** The preflight and every check, as a run does them. */
async function runEverything(config: Config) {
  const run = await createRunContext(config);
  await runPreflight(run, PREFLIGHT_REQUESTS).finally(() => run.target.close());
  return evaluateAll(config);
}

test("TARGET_ENV=production: no money-moving or profile-creating request reaches the target; those checks are skipped with the reason", async () => {
  await withProxy(async (proxy) => {
    const results = await runEverything(configFor(proxy.url, { TARGET_ENV: "production" }));
    expect(proxy.countOf(TXN)).toBe(0);
    expect(proxy.countOf(BIZ)).toBe(0);
    expect(proxy.countOf("/v5/card-api/card/statement")).toBeGreaterThan(0);
    const guarded = results.filter(
      (r) => r.operationKey === CREATE_TRANSACTION.key || r.operationKey === REGISTER_BUSINESS.key,
    );
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded)
      expect(`${r.id} ${r.outcome} ${r.message}`).toMatch(
        r.id.endsWith("-LATENCY-BUDGET")
          ? / skipped not applicable \(nothing sent\): no request of .* went on the wire in this run: nothing to measure$/
          : r.id === "CARD-LEDGER-SETTLE"
            ? / skipped not applicable \(nothing sent\): no reading of this run waited for a posting/
            : / skipped not applicable \(production guard\): not sent: TARGET_ENV=production .* \(ALLOW_MUTATIONS=true allows it\)$/,
      );
    expect(results.filter((r) => r.outcome === "failed")).toEqual([]);
  });
});

test("TARGET_ENV=production with ALLOW_MUTATIONS=true (and the cap it requires): they are sent and pass", async () => {
  await withProxy(async (proxy) => {
    const env = { TARGET_ENV: "production", ALLOW_MUTATIONS: "true", MAX_DEBIT_TOTAL: "5000", TEST_PANS: PAN };
    const results = await runEverything(configFor(proxy.url, env));
    expect(proxy.countOf(TXN)).toBeGreaterThan(0);
    expect(proxy.countOf(BIZ)).toBeGreaterThan(0);
    expect(results.filter((r) => r.outcome === "failed").map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    // Only what needs a card number the target declares unknown (UNKNOWN_CARD_PAN, unset here) is not judged.
    expect(results.filter((r) => r.outcome === "skipped")).toEqual([]);
    const notJudged = results.filter((r) => r.outcome === "not judged");
    expect(notJudged.map((r) => r.id)).toEqual(["CARD-TXN-UNKNOWN-CARD"]);
    expect(notJudged[0]!.message).toMatch(/UNKNOWN_CARD_PAN/);
  });
});

describe("against staging only TEST_PANS card numbers are sent", () => {
  const other = testPan(fakerFor(1));
  const debit = (edit: (body: ReturnType<typeof debitRequest>) => void) => {
    const body = debitRequest(fakerFor(2), configFor("http://x", {}), { minor: 100 });
    edit(body);
    return body;
  };
  const ROWS: Array<[string, { body?: unknown; rawBody?: string; sent: boolean }]> = [
    ["the listed test card is sent", { body: debit(() => undefined), sent: true }],
    [
      "another card number in card_pan is refused",
      { body: debit((b) => void (b.debit.card.card_pan = other)), sent: false },
    ],
    [
      "a card number in free text is refused",
      { body: debit((b) => void (b.transaction.description = `card ${other}`)), sent: false },
    ],
    ["a card number in a body that is not JSON is refused", { rawBody: `{"card_pan": "${other}"`, sent: false }],
  ];
  test.for(ROWS)("%s", async ([, row]) => {
    await withProxy(async (proxy) => {
      const run = await createRunContext(
        configFor(proxy.url, { TARGET_ENV: "staging", TEST_PANS: `${PAN}, 4400430000000015` }),
      );
      try {
        const sending = run.target.send(
          CREATE_TRANSACTION,
          row.body,
          row.rawBody === undefined ? {} : { rawBody: row.rawBody },
        );
        if (row.sent) await sending;
        else
          await expect(sending).rejects.toThrow(
            /not sent: card number \d{6}\*+\d{4} .*is not in TEST_PANS \(TARGET_ENV=staging\)/,
          );
        expect(proxy.countOf(TXN)).toBe(row.sent ? 1 : 0);
      } finally {
        await run.target.close();
      }
    });
  });
});

describe("CARD-TXN-UNKNOWN-CARD against staging: the card number the target declares unknown, or not judged", () => {
  const UNKNOWN = "4000000000000002"; // Luhn-valid; the sandbox has no card with it
  const only = ALL_MODULES.map((m) => ({ ...m, checks: m.checks.filter((c) => c.id === "CARD-TXN-UNKNOWN-CARD") }));
  const judge = (env: Record<string, string>) =>
    withProxy(async (proxy) => {
      const [result] = await evaluateAll(configFor(proxy.url, { TARGET_ENV: "staging", ...env }), only);
      const pans = proxy.received.filter((r) => r.path === TXN).map((r) => JSON.stringify(r.body));
      return { result: result!, pans };
    });

  test("declared (UNKNOWN_CARD_PAN, listed in TEST_PANS): that number is debited, and the refusal passes", async () => {
    const { result, pans } = await judge({ TEST_PANS: `${PAN},${UNKNOWN}`, UNKNOWN_CARD_PAN: UNKNOWN });
    expect(result.outcome, result.message).toBe("passed");
    // The fixture debit first (a refusal judges the unknown card only if it is accepted), then the unknown card's.
    expect(pans).toHaveLength(2);
    expect(pans.filter((p) => p.includes(UNKNOWN))).toHaveLength(1);
  });

  test("not declared: not judged, naming UNKNOWN_CARD_PAN, and nothing sent", async () => {
    const { result, pans } = await judge({ TEST_PANS: PAN });
    expect(result.outcome).toBe("not judged");
    expect(result.message).toMatch(/UNKNOWN_CARD_PAN/);
    expect(pans).toEqual([]);
  });
});

test("MAX_DEBIT_TOTAL: debits stop before the cap is passed; the refused ones never reach the target", async () => {
  await withProxy(async (proxy) => {
    const config = configFor(proxy.url, { MAX_DEBIT_TOTAL: "100.00" });
    const run = await createRunContext(config);
    try {
      const outcomes: string[] = [];
      for (const seed of [1, 2, 3, 4]) {
        const body = debitRequest(fakerFor(seed), config, { minor: 4000 });
        outcomes.push(
          await run.target.send(CREATE_TRANSACTION, body).then(
            () => "sent",
            (e: Error) => (e instanceof RequestRefused ? e.message : `error ${e.message}`),
          ),
        );
      }
      expect(outcomes.slice(0, 2)).toEqual(["sent", "sent"]);
      expect(outcomes[2]).toBe(
        "not sent: debiting 40.00 would pass MAX_DEBIT_TOTAL=100.00 (80.00 already debited this run)",
      );
      expect(proxy.countOf(TXN)).toBe(2);
    } finally {
      await run.target.close();
    }
  });
});
