/**
 * The fourth target with three violations of the spec at must level, judged as a default-mode run
 * judges it — every module, in-process, configured from the partner's own folder (the `.env`
 * variables, profile module, client-data and request-rules files the CLI run of
 * fourth-target.test.ts reads): not conformant (exit 1 by the summary's rule), on exactly those
 * must checks. Each fault alone, at its level: fourth-faults.sandbox.test.ts. The command's exit 1
 * on a failed must check: tests/cli/conformance.test.ts.
 */
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { judgeModules, notPassed, shown } from "../support/engine-run.ts";
import type { Fault } from "../support/fourth-target/faults.ts";
import { fourthFolderVariables, fourthPartnerFolder } from "../support/fourth-target/partner-folder.ts";
import { startFourthTarget } from "../support/fourth-target/server.ts";
import { TEST_LATENCY_BUDGET } from "../support/budget.ts";
import { runVerdict } from "../support/run-verdict.ts";

// A statement whose start day is read at +05:00 (§4.2: operations only of the period), a response
// signed with a key the partner was never given (§2.1, §5), a transaction dt without its offset (§2.3).
const FAULTS: Fault[] = ["start-at-local-offset", "signs-with-other-key", "txn-dt-without-offset"];
const MUST = ["CARD-STMT-PERIOD", "PT-BIZ-SIGNATURE", "CARD-TXN-DT-OFFSET", "CARD-TXN-SCHEMA"];
// A model sequence may meet the leaked evening too, when the run straddles the target's midnight.
const MAY = ["CARD-LEDGER-PERIOD"];

test(`${FAULTS.join(" + ")}: not conformant, exit 1, on exactly those must checks`, async () => {
  const target = await startFourthTarget({ faults: FAULTS });
  try {
    const folder = fourthPartnerFolder(target.url);
    // As the CLI run of fourth-target.test.ts: its seed and property runs, the tests' latency budget.
    const env = {
      ...fourthFolderVariables(folder, target.url),
      ...TEST_LATENCY_BUDGET,
      SEED: "20261127",
      PROPERTY_RUNS: "10",
    };
    const results = await judgeModules(loadConfig(env), undefined, env);
    const failed = notPassed(results);
    expect(failed, shown(results)).toEqual(expect.arrayContaining(MUST));
    expect(
      failed.filter((id) => ![...MUST, ...MAY].includes(id)),
      shown(results),
    ).toEqual([]);
    const levels = results.filter((r) => MUST.includes(r.id)).map((r) => r.level);
    expect(new Set(levels)).toEqual(new Set(["must"]));
    const { summary, exit } = runVerdict(results, false);
    expect(summary.verdict).toBe("not conformant");
    expect(exit).toBe(1);
  } finally {
    await target.close();
  }
});
