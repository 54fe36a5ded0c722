/**
 * With TERMINAL_MCC unset, the preflight learns the test terminal's MCC from its fixture debit's
 * statement entry. On a staging that posts late it waits for that entry (LEDGER_SETTLE_MS), so the
 * debit range is chosen for the terminal's own limits — not for a limit of another MCC, which would
 * make an "over the limit" debit the server rightly accepts.
 */
import { expect, test } from "vitest";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { runPreflight } from "../../lib/runner/preflight.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { TEST_LATENCY_BUDGET } from "../support/budget.ts";
import { fourthFolderVariables, fourthPartnerFolder } from "../support/fourth-target/partner-folder.ts";
import { startFourthTarget } from "../support/fourth-target/server.ts";

test("a fixture debit posted 600 ms late still tells the terminal's MCC", async () => {
  const target = await startFourthTarget({ lagMs: 600, background: true });
  try {
    const { TERMINAL_MCC: _declared, ...variables } = fourthFolderVariables(
      fourthPartnerFolder(target.url),
      target.url,
    );
    const run = await createRunContext(loadConfig({ ...variables, ...TEST_LATENCY_BUDGET, LEDGER_SETTLE_MS: "2000" }));
    try {
      await runPreflight(run, PREFLIGHT_REQUESTS);
      const range = await run.debitAmounts();
      expect(range.terminal).toMatchObject({ mcc: "5411", mccSource: "read" });
    } finally {
      await run.target.close();
    }
  } finally {
    await target.close();
  }
});
