/**
 * The fourth target in its staging modes (posting late, another client on its cards, a ledger bug),
 * judged in-process by the check engine as a run's workers judge it, configured from the partner's
 * own folder (tests/support/fourth-target/partner-folder.ts) and the variables a test adds.
 */
import type { CheckResult } from "../../lib/checks/evaluate.ts";
import type { Module } from "../../lib/checks/types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { statementModule } from "../../suites/card-api/statement.module.ts";
import { transactionLedgerModule } from "../../suites/card-api/transaction-ledger.module.ts";
import { TEST_LATENCY_BUDGET } from "../support/budget.ts";
import { judgeModules } from "../support/engine-run.ts";
import { fourthFolderVariables, fourthPartnerFolder } from "../support/fourth-target/partner-folder.ts";
import { startFourthTarget, type FourthModes } from "../support/fourth-target/server.ts";

/** The modules a shared staging changes the readings of: the ledger's and the statement's (its closed period). */
export const STAGING_MODULES: readonly Module[] = [transactionLedgerModule, statementModule];

/** The ledger checks: the ones a ledger bug may fail. */
export const LEDGER_CHECK_IDS = transactionLedgerModule.checks.map((c) => c.id);

export async function judgeStaging(
  modes: FourthModes,
  variables: Record<string, string> = {},
  modules: readonly Module[] = STAGING_MODULES,
): Promise<CheckResult[]> {
  const target = await startFourthTarget(modes);
  try {
    const folder = fourthPartnerFolder(target.url);
    const fixed = { SEED: "20261202", PROPERTY_RUNS: "10", REQUEST_TIMEOUT_MS: "5000" };
    const env = { ...fourthFolderVariables(folder, target.url), ...TEST_LATENCY_BUDGET, ...fixed, ...variables };
    return await judgeModules(loadConfig(env), modules, env);
  } finally {
    await target.close();
  }
}
