/**
 * The foreign target declining the payment card's debits, read by the CLI's preflight in-process,
 * configured from the partner's own folder as foreign-target.test.ts's CLI run is: the fixture
 * debit is refused, so the preflight stops the run with one line naming the card blocked by the
 * issuer and the variable to fix — never "not conformant". That a preflight problem is the
 * command's exit 2 with that one line: tests/safety/preflight.test.ts (through the CLI); the
 * checks' own readings of the refused fixture (not judged, incomplete): foreign-faults.sandbox.test.ts.
 */
import { expect, test } from "vitest";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { PreflightProblem, runPreflight } from "../../lib/runner/preflight.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { folderEnv } from "../support/engine-run.ts";
import { partnerFolder } from "../support/foreign-target/partner-folder.ts";
import { startForeignTarget } from "../support/foreign-target/server.ts";

test("the payment card's debits declined: the preflight's fixture debit stops the run, one line naming the variable", async () => {
  const target = await startForeignTarget({ declinePaymentCardAfter: 0 });
  const env = folderEnv(partnerFolder(target.url), { SEED: "20261123", PROPERTY_RUNS: "10" });
  const run = await createRunContext(loadConfig(env), {}, { env });
  try {
    const problem = await runPreflight(run, PREFLIGHT_REQUESTS).catch((e: unknown) => e);
    expect(problem).toBeInstanceOf(PreflightProblem);
    const line = (problem as Error).message;
    expect(line.trim().split("\n")).toHaveLength(1);
    expect(line).toMatch(/card blocked by the issuer/);
    expect(line).toMatch(/PAYMENT_CARD_ID|DEBIT_AMOUNT_MIN/);
  } finally {
    await run.target.close();
    await target.close();
  }
});
