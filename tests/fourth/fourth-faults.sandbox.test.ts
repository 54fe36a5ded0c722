/**
 * Each broken build of the fourth target is caught at the right level by the harness's check
 * engine, in-process (no CLI run), configured from the partner's own folder (the same `.env`
 * variables, profile module, client-data and request-rules files as the CLI runs of
 * fourth-target.test.ts). The correct build fails nothing in the same modules.
 */
import { describe, expect, test } from "vitest";
import type { CheckResult } from "../../lib/checks/evaluate.ts";
import type { Module } from "../../lib/checks/types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { limitsListModule } from "../../suites/card-api/limits-list.module.ts";
import { statementModule } from "../../suites/card-api/statement.module.ts";
import { transactionCreateModule } from "../../suites/card-api/transaction-create.module.ts";
import { transactionLedgerModule } from "../../suites/card-api/transaction-ledger.module.ts";
import { registerBusinessModule } from "../../suites/partner-transfer-api/register-business.module.ts";
import { FAULTS, type Fault } from "../support/fourth-target/faults.ts";
import { fourthFolderVariables, fourthPartnerFolder } from "../support/fourth-target/partner-folder.ts";
import { startFourthTarget } from "../support/fourth-target/server.ts";
import { CheckCrashed } from "../support/harness.ts";
import { judgeModules } from "../support/engine-run.ts";
import { TEST_LATENCY_BUDGET } from "../support/budget.ts";

const [REGISTER, STATEMENT, TXN, LEDGER, LIMITS] = [
  registerBusinessModule,
  statementModule,
  transactionCreateModule,
  transactionLedgerModule,
  limitsListModule,
];

/** The modules' results against a build with these faults, configured from a fresh partner folder. */
async function judge(faults: Fault[], modules: Module[]): Promise<CheckResult[]> {
  const target = await startFourthTarget({ faults });
  try {
    const folder = fourthPartnerFolder(target.url);
    const variables = fourthFolderVariables(folder, target.url);
    const fixed = { SEED: "20261127", PROPERTY_RUNS: "10", REQUEST_TIMEOUT_MS: "5000" };
    const env = { ...variables, ...TEST_LATENCY_BUDGET, ...fixed };
    // As a run judges them: the contract checks decided once every module has sent.
    return await judgeModules(loadConfig(env), modules, env);
  } finally {
    await target.close();
  }
}

/** Failed checks that count (an info observation never does), with their level; a crash is never a catch. */
function failed(results: CheckResult[]): Record<string, string> {
  const crashed = results.filter((r) => r.category === "harness");
  if (crashed.length) throw new CheckCrashed(crashed.map((r) => `${r.id} crashed: ${r.message}`).join("\n"));
  return Object.fromEntries(
    results.filter((r) => r.outcome === "failed" && (r.findingLevel ?? r.level) !== "info").map((r) => [r.id, r.level]),
  );
}

const shown = (results: CheckResult[]) =>
  results
    .filter((r) => r.outcome !== "passed")
    .map((r) => `${r.id} [${r.level}] ${r.outcome}: ${(r.message ?? "").slice(0, 300)}`)
    .join("\n");

test("the correct build: nothing fails and nothing is skipped in any module", async () => {
  const results = await judge([], [REGISTER, STATEMENT, TXN, LEDGER, LIMITS]);
  expect(failed(results), shown(results)).toEqual({});
  expect(
    results.filter((r) => r.outcome === "skipped").map((r) => r.id),
    shown(results),
  ).toEqual([]);
});

interface Row {
  fault: Fault;
  /** The modules that judge it: the rest cannot meet the fault. */
  modules: Module[];
  /** Checks that must fail, with their level. */
  must: Record<string, "must" | "should">;
  /** Checks that may fail beside them (a model sequence may meet the fault too). */
  may?: string[];
  /** A check's message that must name the cause. */
  names?: [string, RegExp];
}

const ROWS: Row[] = [
  {
    fault: "start-at-local-offset",
    modules: [STATEMENT, LEDGER],
    must: { "CARD-STMT-PERIOD": "must" },
    may: ["CARD-LEDGER-PERIOD"],
  },
  { fault: "signs-with-other-key", modules: [REGISTER], must: { "PT-BIZ-SIGNATURE": "must" } },
  { fault: "txn-dt-without-offset", modules: [TXN], must: { "CARD-TXN-DT-OFFSET": "must", "CARD-TXN-SCHEMA": "must" } },
  {
    fault: "end-day-exclusive",
    modules: [LEDGER],
    must: {
      "CARD-LEDGER-STATEMENT": "should",
      "CARD-LEDGER-RACE": "should",
      "CARD-LEDGER-PARALLEL-REPLAY": "should",
      "CARD-TXN-IDEMPOTENT-REPLAY": "should",
      "CARD-TXN-IDEMPOTENT-CONFLICT": "should",
    },
    may: ["CARD-LEDGER-PERIOD"],
  },
  { fault: "conflict-replays-first", modules: [LEDGER], must: { "CARD-TXN-IDEMPOTENT-CONFLICT": "should" } },
  {
    fault: "defaults-credit-account",
    modules: [TXN],
    must: { "CARD-TXN-NEGATIVE": "should" },
    names: ["CARD-TXN-NEGATIVE", /declared: REQUEST_RULES_FILE card-api\.transaction-create: \/credit\/account/],
  },
  // The per-debit maximum (MAXIMUM_LIMIT_TYPES), judged both ways: a debit over it refused, one at it accepted.
  { fault: "accepts-over-maximum", modules: [LEDGER], must: { "CARD-LEDGER-LIMITS-ENFORCED": "should" } },
  { fault: "refuses-at-maximum", modules: [LEDGER], must: { "CARD-LEDGER-LIMITS-ENFORCED": "should" } },
  // The 7995-only limit (TERMINAL_MCC, LIMIT_ANY_MCC) applied to the test terminal's debits: valid
  // debits are declined once they add up to 50.00 (the sequences' own checks may meet it too).
  {
    fault: "scoped-limit-everywhere",
    modules: [TXN, LEDGER],
    must: { "CARD-TXN-POSITIVE": "should" },
    may: ["CARD-LEDGER-LIMITS-ENFORCED", "CARD-LEDGER-USAGE", "CARD-LEDGER-STATEMENT", "CARD-LEDGER-REMAINING"],
  },
  // The same limit listed as every MCC's (LIMIT_ANY_MCC) yet neither counted nor enforced on the test
  // terminal: by the declaration it applies, so a debit over its remaining must not pass — an unmoved
  // limit is no excuse here (it would be for a limit whose scope the harness cannot know).
  {
    fault: "scoped-limit-unmarked",
    modules: [LEDGER],
    must: { "CARD-LEDGER-LIMITS-ENFORCED": "should" },
    may: ["CARD-LEDGER-USAGE", "CARD-LEDGER-REMAINING"],
  },
];

describe("each broken build is caught, on the checks it breaks, at their level", () => {
  test("every fault of the fourth target has a row", () => {
    expect(ROWS.map((row) => row.fault).sort()).toEqual(Object.keys(FAULTS).sort());
  });

  test.for(ROWS.map((row) => [row.fault, row] as const))("%s", async ([, row]) => {
    const results = await judge([row.fault], row.modules);
    const caught = failed(results);
    expect(caught, shown(results)).toMatchObject(row.must);
    const unexpected = Object.keys(caught).filter((id) => !(id in row.must) && !row.may?.includes(id));
    expect(unexpected, shown(results)).toEqual([]);
    if (row.names) expect(results.find((r) => r.id === row.names![0])?.message).toMatch(row.names[1]);
  });
});
