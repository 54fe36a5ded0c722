/**
 * Two runs at once against one shared staging (the PR gate beside the nightly): two whole
 * `--strict` runs started together, each from its own partner folder with the same SEED, against
 * one fourth target that posts late and has another client on the same cards. Each attributes only
 * its own postings (amounts unique to the run: AMOUNT_NONCE unset) and its parallel checks count
 * only their own requests: both conformant, each with the lag it measured in summary.json.
 */
import { expect, test } from "vitest";
import { conformanceIn, notPassed, outcomes } from "../support/partner-run.ts";
import { fourthPartnerFolder } from "../support/fourth-target/partner-folder.ts";
import { startFourthTarget } from "../support/fourth-target/server.ts";

test("two strict runs started together on one lagging, shared target: both conformant", async () => {
  const target = await startFourthTarget({ lagMs: 300, background: true });
  try {
    const folder = () => fourthPartnerFolder(target.url, { SEED: "20261202", LEDGER_SETTLE_MS: "2000" });
    const runs = await Promise.all([conformanceIn(folder(), ["--strict"]), conformanceIn(folder(), ["--strict"])]);
    for (const run of runs) {
      expect(run.code, outcomes(run)).toBe(0);
      expect(run.summary?.verdict, outcomes(run)).toBe("conformant");
      expect(notPassed(run), outcomes(run)).toEqual([]);
      // The lag, measured: in summary.json beside the latency figures, declared as the partner declared it.
      expect(run.summary?.settleTimes).toMatchObject({ ranOut: expect.any(Number), boundMs: 2_000, declared: true });
      expect(run.summary?.settleTimes?.late, outcomes(run)).toBeGreaterThan(0);
    }
  } finally {
    await target.close();
  }
}, 300_000);
