/**
 * The target of rules-target.test.ts not keeping one rule it declares (the description enum of
 * transactions), judged as a strict run judges it — every module, in-process, configured as that
 * CLI run is (the same REQUEST_RULES_FILE, seed and property runs): CARD-TXN-NEGATIVE alone fails,
 * on the declared rule, named; not conformant (exit 1 by the summary's rule). The command's exit 1
 * on a failed check: tests/cli/conformance.test.ts; the declaration read and checked by the command,
 * and the conformant target: rules-target.test.ts.
 */
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { TEST_LATENCY_BUDGET } from "../support/budget.ts";
import { judgeModules, notPassed, shown } from "../support/engine-run.ts";
import { withRulesTarget } from "../support/rules-target.ts";
import { runVerdict } from "../support/run-verdict.ts";

test("not keeping its declared enum: CARD-TXN-NEGATIVE fails on the declared rule, named", async () => {
  const results = await withRulesTarget("description enum", (target, rulesFile) => {
    const env = {
      TARGET_BASE_URL: target.url,
      REQUEST_RULES_FILE: rulesFile,
      SEED: "20261127",
      PROPERTY_RUNS: "10",
      REQUEST_TIMEOUT_MS: "30000",
      ...TEST_LATENCY_BUDGET,
    };
    return judgeModules(loadConfig(env), undefined, env);
  });
  expect(notPassed(results), shown(results)).toEqual(["CARD-TXN-NEGATIVE"]);
  expect(results.find((r) => r.id === "CARD-TXN-NEGATIVE")!.message).toMatch(
    /\(declared: REQUEST_RULES_FILE card-api\.transaction-create: \/transaction\/description must be equal to one of the allowed values\)/,
  );
  const { summary, exit } = runVerdict(results, true);
  expect(summary.verdict).toBe("not conformant");
  expect(exit).toBe(1);
});
