/**
 * A shared, eventually consistent staging (docs/shared-staging.md), proven on the fourth target: a
 * correct ledger that posts late, with another client on the same cards, or both, is conformant by
 * default and strict; the same ledger losing, doubling or half-recording a posting is not, and the
 * failure names the debit. Lags and settle bounds are short, so the file stays within seconds.
 */
import { describe, expect, test } from "vitest";
import { failingTheRun, noCrash, shown } from "../support/engine-run.ts";
import { LEDGER_FAULTS, type LedgerFault } from "../support/fourth-target/ledger-faults.ts";
import { judgeStaging, LEDGER_CHECK_IDS } from "./staging-run.ts";

const LAG = { lagMs: 400 };
const DECLARED = { LEDGER_SETTLE_MS: "2000" };

describe("a correct ledger on a shared staging is conformant, default and strict", () => {
  // [situation, modes, variables, CARD-LEDGER-SETTLE: passed, or the observation suggesting the declaration]
  test.for([
    ["posting 400 ms late, the bound declared", LAG, DECLARED, "passed"],
    ["with another client on the same cards", { background: true }, {}, "passed"],
    ["posting late with another client, nothing declared", { ...LAG, background: true }, {}, "observed"],
  ] as const)("%s", async ([, modes, variables, settle]) => {
    const results = await judgeStaging(modes, variables);
    expect(failingTheRun(results, true), shown(results)).toEqual([]);
    const observed = results.find((r) => r.id === "CARD-LEDGER-SETTLE");
    expect(observed?.outcome === "failed" ? "observed" : observed?.outcome, shown(results)).toBe(settle);
    if (settle === "observed") expect(observed?.message).toMatch(/posts late .*p95 \d+.* LEDGER_SETTLE_MS=\d+/);
    expect(
      noCrash(results)
        .filter((r) => r.outcome === "not judged" || r.outcome === "skipped")
        .map((r) => r.id),
      shown(results),
    ).toEqual([]);
  });
});

describe("a ledger bug under a lag and others' traffic is still caught, naming the debit", () => {
  test.for(Object.keys(LEDGER_FAULTS) as LedgerFault[])("%s", async (fault) => {
    const results = await judgeStaging({ ...LAG, background: true, ledgerFault: fault }, { LEDGER_SETTLE_MS: "1500" });
    const failing = failingTheRun(results, true);
    expect(failing.length, shown(results)).toBeGreaterThan(0);
    expect(
      failing.filter((id) => !LEDGER_CHECK_IDS.includes(id)),
      shown(results),
    ).toEqual([]);
    const messages = results.filter((r) => failing.includes(r.id)).map((r) => r.message ?? "");
    expect(messages.join("\n"), `the debit is named\n${shown(results)}`).toMatch(
      /request_id [0-9a-f-]{36}|\d+ operations posted/,
    );
  });
});
