/**
 * The foreign target's variants judged by the check engine in-process, configured from the
 * partner's own folder (the `.env`, profile module and client-data file the CLI runs of
 * foreign-target.test.ts read): request rules the spec does not state, a refused fixture, real
 * faults, and the preflight's reading of an unknown statement card. The CLI run proves the command
 * on the correct target in strict mode (and so by the default rule); a CLI run per variant
 * re-proved the engine's judgement at ten times the cost.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { CheckResult } from "../../lib/checks/evaluate.ts";
import { reportedOutcome } from "../../lib/checks/levels.ts";
import { NOT_JUDGED } from "../../lib/checks/precondition.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { PreflightProblem, runPreflight } from "../../lib/runner/preflight.ts";
import { PREFLIGHT_REQUESTS } from "../../suites/preflight-requests.ts";
import { failingTheRun, folderEnv, judgeFolder, noCrash, shown } from "../support/engine-run.ts";
import { partnerFolder } from "../support/foreign-target/partner-folder.ts";
import { startForeignTarget, type ForeignModes } from "../support/foreign-target/server.ts";

/** As the CLI runs of foreign-target.test.ts: that folder's .env, the same seed and property runs. */
const RUN = { SEED: "20261123", PROPERTY_RUNS: "10" };

async function judge(modes: ForeignModes, overrides: Record<string, string> = {}): Promise<CheckResult[]> {
  const target = await startForeignTarget(modes);
  try {
    return await judgeFolder(partnerFolder(target.url), { ...RUN, ...overrides });
  } finally {
    await target.close();
  }
}

/** What a summary would show other than passed, info observations aside, with its outcome in this mode. */
const notPassed = (results: CheckResult[], strict: boolean) =>
  noCrash(results)
    .filter(
      (r) =>
        (r.findingLevel ?? r.level) !== "info" &&
        r.outcome !== "passed" &&
        r.category !== NOT_JUDGED &&
        r.outcome !== "skipped",
    )
    .map((r) => `${r.id} ${reportedOutcome(r, strict)}`);

/**
 * Which request fields are required is not shown (§2.3). A correct server that requires
 * fewer than the reference — an account without a number, a credit without an amount — is
 * conformant, strict too: those rows are an info observation. Declared in REQUEST_RULES_FILE and
 * still accepted, the same rows are a should failure naming the declared rule.
 */
describe("request rules the spec does not state: a server that requires fewer fields than the reference", () => {
  const negative = (results: CheckResult[]) => results.find((r) => r.id === "CARD-TXN-NEGATIVE")!;
  const assumedRow = /\/debit\/account\/number dropped|\/credit\/account\/number dropped|\/credit\/amount dropped/;

  test("strict mode: conformant; the reference's assumed fields are an info observation", async () => {
    const results = await judge({ optionalParties: true });
    expect(notPassed(results, true), shown(results)).toEqual([]);
    expect(negative(results)).toMatchObject({
      level: "should",
      findingLevel: "info",
      basis: "reference",
      outcome: "failed",
    });
    expect(reportedOutcome(negative(results), true)).toBe("warning");
    expect(negative(results).message).toMatch(/the reference refuses this; your server accepted it/);
    expect(negative(results).message).toMatch(assumedRow);
  });

  test("the same rows declared in REQUEST_RULES_FILE and accepted: strict not conformant, the rule named", async () => {
    const rules = join(mkdtempSync(join(tmpdir(), "foreign-rules-")), "request-rules.json");
    const party = {
      type: "object",
      required: ["amount", "account"],
      properties: {
        amount: { type: "number" },
        account: { type: "object", required: ["number"], properties: { number: { type: "string" } } },
      },
    };
    const declared = { type: "object", properties: { debit: party, credit: party } };
    writeFileSync(rules, JSON.stringify({ "card-api.transaction-create": declared }));
    const results = await judge({ optionalParties: true }, { REQUEST_RULES_FILE: rules });
    expect(notPassed(results, true), shown(results)).toEqual(["CARD-TXN-NEGATIVE failed"]);
    expect(negative(results)).toMatchObject({ level: "should", basis: "declared" });
    expect(negative(results).message).toMatch(/declared: REQUEST_RULES_FILE card-api.transaction-create: /);
  });
});

describe("a fixture the target refuses: never 'not conformant'", () => {
  // As a run with --no-preflight: the preflight's fixture debit would stop it first (foreign-target.test.ts).
  test("the payment card's debits declined: incomplete — not judged with the target's reason, nothing failed", async () => {
    const results = await judge({ declinePaymentCardAfter: 0 });
    expect(results.find((r) => r.id === "CARD-TXN-STATUS-OK")).toMatchObject({
      level: "must",
      category: NOT_JUDGED,
      message: expect.stringMatching(/card blocked by the issuer/),
    });
    expect(failingTheRun(results, false), shown(results)).toEqual([]);
  });

  test("a statement card the target does not know: the preflight's problem names STATEMENT_CARD_ID", async () => {
    const target = await startForeignTarget({});
    const env = folderEnv(partnerFolder(target.url), {
      ...RUN,
      STATEMENT_CARD_ID: "00000000-0000-4000-8000-00000000dead",
    });
    const run = await createRunContext(loadConfig(env), {}, { env });
    try {
      const problem = await runPreflight(run, PREFLIGHT_REQUESTS).catch((e: unknown) => e);
      expect(problem).toBeInstanceOf(PreflightProblem);
      expect((problem as Error).message).toMatch(/STATEMENT_CARD_ID/);
    } finally {
      await run.target.close();
      await target.close();
    }
  });
});

describe("a real fault: not conformant", () => {
  test.for([
    ["a statement that holds operations outside its period", { faults: ["period-leak"] }, false, ["CARD-STMT-PERIOD"]],
    ["dt without an offset", { faults: ["dt-without-offset"] }, false, ["CARD-TXN-DT-OFFSET"]],
    [
      "a replayed request_id posts again (strict)",
      { faults: ["double-post-on-replay"] },
      true,
      ["CARD-TXN-IDEMPOTENT-REPLAY"],
    ],
  ] as const)("%s", async ([, modes, strict, ids]) => {
    const results = await judge(modes as ForeignModes);
    expect(failingTheRun(results, strict), shown(results)).toEqual(expect.arrayContaining([...ids]));
  });
});
