/**
 * Each broken variant of the third target is caught by the check engine, in-process, on exactly
 * the checks it breaks and at a level that fails the run in the mode named: every module judged,
 * configured from the partner's own folder (the `.env`, client-data and request-rules files the
 * CLI run of third-target.test.ts reads). The CLI run proves the command on the correct target
 * (strict, OAuth tokens; static tokens from the same folder: third-static-auth.sandbox.test.ts); a
 * CLI run per fault re-proved the engine's judgement at ten times the cost.
 */
import { describe, expect, test } from "vitest";
import type { CheckResult } from "../../lib/checks/evaluate.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { PreflightProblem, runPreflight } from "../../lib/runner/preflight.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { failingTheRun, folderEnv, judgeFolder, notPassed, shown } from "../support/engine-run.ts";
import { thirdPartnerFolder } from "../support/third-target/partner-folder.ts";
import { startThirdTarget, type Fault, type ThirdModes } from "../support/third-target/server.ts";

/** As the CLI runs of third-target.test.ts: that folder's .env, the same seed and property runs. */
const RUN = { SEED: "20261125", PROPERTY_RUNS: "10" };

async function judge(faults: Fault[]): Promise<CheckResult[]> {
  const target = await startThirdTarget({ faults });
  try {
    return await judgeFolder(thirdPartnerFolder(target.url), RUN);
  } finally {
    await target.close();
  }
}

describe("a broken variant of the third target: not conformant, on exactly the checks it breaks", () => {
  // [fault, strict, checks that must fail the run, checks that may fail beside them (a model sequence may meet the fault too)]
  test.for([
    ["period-leak", false, ["CARD-STMT-PERIOD"], ["CARD-LEDGER-PERIOD"]],
    ["signs-wrong-bytes", false, ["PT-BIZ-SIGNATURE"], []],
    [
      "replay-posts-twice",
      true,
      ["CARD-TXN-IDEMPOTENT-REPLAY", "CARD-TXN-IDEMPOTENT-CONFLICT", "CARD-LEDGER-PARALLEL-REPLAY"],
      ["CARD-LEDGER-STATEMENT", "CARD-LEDGER-USAGE", "CARD-LEDGER-REMAINING"],
    ],
    ["remaining-ignores-usage", true, ["CARD-LEDGER-REMAINING"], []],
    [
      "crash-on-invalid",
      true,
      ["CARD-TXN-NO-5XX", "CARD-STMT-NO-5XX", "CARD-LIM-NO-5XX", "PT-BIZ-NO-5XX", "PT-BIZ-AUTH-NO-SIGNATURE"],
      [],
    ],
  ] as const)("%s (strict: %s)", async ([fault, strict, must, may]) => {
    const results = await judge([fault]);
    // Not conformant in that mode: each must fail the run (a must, or a should when strict).
    expect(failingTheRun(results, strict), shown(results)).toEqual(expect.arrayContaining([...must]));
    const expected: string[] = [...must, ...may];
    expect(
      notPassed(results).filter((id) => !expected.includes(id)),
      shown(results),
    ).toEqual([]);
  });
});

describe("a broken variant that only the target's declaration can reveal", () => {
  // The target declares debit.terminal_number required (REQUEST_RULES_FILE); this variant defaults
  // it instead. The reference schemas do not require it, so only the declared rule can tell. The
  // shrinker's replay of the accepted case is refused as a duplicate (409, reject mode): the case is
  // judged on its first answer (lib/checks/property.ts) — a harness error before.
  test("defaults-declared-terminal, strict: CARD-TXN-NEGATIVE fails naming the declared rule", async () => {
    const results = await judge(["defaults-declared-terminal"]);
    const negative = results.find((r) => r.id === "CARD-TXN-NEGATIVE");
    // The rule named as the harness names a declared one (docs/own-server.md, REQUEST_RULES_FILE), not
    // merely the field seen in the quoted request.
    expect(negative?.message, shown(results)).toMatch(
      /declared: \/debit\/terminal_number|REQUEST_RULES_FILE [^)]*terminal_number/,
    );
    expect(notPassed(results), shown(results)).toEqual(["CARD-TXN-NEGATIVE"]);
    expect(failingTheRun(results, true)).toEqual(["CARD-TXN-NEGATIVE"]);
  });
});

/** The CLI's preflight against the third target configured from its partner folder, then closed. */
async function preflight(modes: ThirdModes, overrides: Record<string, string> = {}) {
  const target = await startThirdTarget(modes);
  const env = folderEnv(thirdPartnerFolder(target.url), { ...RUN, ...overrides });
  const run = await createRunContext(loadConfig(env), {}, { env });
  try {
    return await runPreflight(run, PREFLIGHT_REQUESTS);
  } finally {
    await run.target.close();
    await target.close();
  }
}

describe("the preflight on the third target", () => {
  // The CLI prints a preflight problem as its one line and exits 2 (through the CLI: the foreign
  // target's declined fixture debit, tests/foreign/foreign-target.test.ts).
  test("an unknown STATEMENT_CARD_ID (the target answers 404 problem+json): a problem naming it", async () => {
    const problem = await preflight({}, { STATEMENT_CARD_ID: "5c9a2edd-28c6-4ad8-a455-bae66b3d7fe0" }).catch(
      (e: unknown) => e,
    );
    expect(problem).toBeInstanceOf(PreflightProblem);
    expect((problem as Error).message).toMatch(/STATEMENT_CARD_ID/);
    expect((problem as Error).message).not.toContain("\n");
  });

  // The client's transport retry resends the fixture debit with the same request_id and this
  // reject-mode target rightly answers 409; the debit posted (its statement shows it), so that is no
  // refused fixture and no configuration problem: the run goes on and the checks judge the target.
  test("the fixture debit posted, its answer lost: no problem, DEBIT_AMOUNT_MIN not blamed, the checks judge it", async () => {
    const report = await preflight({ dropDebitAnswers: 1 });
    expect(report.amounts).toMatch(/^debit amounts 3\.00–/);
    expect(report.unverified.join("\n")).not.toMatch(/DEBIT_AMOUNT_MIN/);
    expect(report.unverified).toContainEqual(
      expect.stringMatching(/^Create transaction \(fixture request\): HTTP 409 .*statement shows a new operation/),
    );
  });
});
