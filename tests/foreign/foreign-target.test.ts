/**
 * The harness on a correct target it was not written against. The foreign
 * target (tests/support/foreign-target/) implements §4.1–§4.4 with its own fixtures, keys,
 * crypto, auth and spec-silent choices; the harness is configured for it only as docs/own-server.md
 * says — a `.env` in the partner's folder, a client-data file and a profile module — and run as
 * `npm run conformance` runs. Correct: conformant, default and strict. A fixture refused:
 * incomplete with the target's reason (or exit 2 where the preflight catches it). A real fault:
 * not conformant.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { partnerFolder } from "../support/foreign-target/partner-folder.ts";
import { startForeignTarget, type ForeignModes } from "../support/foreign-target/server.ts";
import { runCli, type CliResult } from "../support/cli.ts";
import { KEYS } from "../support/foreign-target/data.ts";

interface Run extends CliResult {
  summary?: {
    verdict: string;
    checks: Array<{ id: string; level?: string; basis?: string; outcome: string; message?: string; reason?: string }>;
  };
  dir: string;
}

/** One `npm run conformance` from the partner's folder against a fresh foreign target. */
async function conformanceAgainst(
  modes: ForeignModes,
  args: string[] = [],
  overrides: Record<string, string> = {},
): Promise<Run> {
  const target = await startForeignTarget(modes);
  try {
    const dir = partnerFolder(target.url, { SEED: "20261123", ...overrides });
    const result = await runCli("conformance.ts", args, { PROPERTY_RUNS: "10" }, 240_000, dir);
    const file = join(dir, "reports", "summary.json");
    return { ...result, dir, ...(existsSync(file) ? { summary: JSON.parse(readFileSync(file, "utf8")) } : {}) };
  } finally {
    await target.close();
  }
}

test("the foreign target is its own code: node built-ins and its own files, nothing of sandbox/ or the harness", () => {
  const folder = new URL("../support/foreign-target/", import.meta.url);
  const specifiers = readdirSync(folder).flatMap((file) =>
    [...readFileSync(new URL(file, folder), "utf8").matchAll(/^(?:import|export)[^"';]*from\s+"([^"]+)"/gm)].map(
      (m) => `${file}: ${m[1]}`,
    ),
  );
  expect(specifiers.length).toBeGreaterThan(10);
  expect(specifiers.filter((s) => !/: (node:|\.\/)/.test(s))).toEqual([]);
});

// An info finding (e.g. CARD-LIM-GROUPS: a limit group the spec does not show) is an observation, not a fault.
const notPassed = (run: Run) =>
  run
    .summary!.checks.filter((c) => c.level !== "info" && !["passed", "skipped", "not judged"].includes(c.outcome))
    .map((c) => `${c.id} ${c.outcome}`);

describe("a correct foreign target, configured through .env, a client-data file and a profile module", () => {
  test.for([
    ["default mode", []],
    ["strict mode", ["--strict"]],
  ] as const)("%s: conformant, exit 0", async ([, args]) => {
    const run = await conformanceAgainst({}, [...args]);
    expect(run.stderr).not.toMatch(/does not read|warning/);
    expect(run.code, `${run.stdout.slice(-3000)}\n${run.stderr}`).toBe(0);
    expect(run.summary?.verdict).toBe("conformant");
    expect(notPassed(run)).toEqual([]);
    // On staging too the unknown-card debit is judged: on the number the target declares (UNKNOWN_CARD_PAN).
    expect(run.summary!.checks.find((c) => c.id === "CARD-TXN-UNKNOWN-CARD")?.outcome).toBe("passed");
    // The module's own keys are secrets: nowhere in what the run wrote.
    const written =
      readFileSync(join(run.dir, "reports", "junit.xml"), "utf8") +
      readFileSync(join(run.dir, "reports", "summary.md"), "utf8");
    for (const key of Object.values(KEYS)) expect(written).not.toContain(key);
  });
});

/**
 * Which request fields are required is not shown (§2.3). A correct server that requires
 * fewer than the reference — an account without a number, a credit without an amount — is
 * conformant, strict too: those rows are an info observation. Declared in REQUEST_RULES_FILE and
 * still accepted, the same rows are a should failure naming the declared rule.
 */
describe("request rules the spec does not state: a server that requires fewer fields than the reference", () => {
  const negative = (run: Run) => run.summary!.checks.find((c) => c.id === "CARD-TXN-NEGATIVE")!;
  const assumedRow = /\/debit\/account\/number dropped|\/credit\/account\/number dropped|\/credit\/amount dropped/;

  test("strict mode: conformant; the reference's assumed fields are an info observation", async () => {
    const run = await conformanceAgainst({ optionalParties: true }, ["--strict"]);
    expect(run.code, `${run.stdout.slice(-3000)}\n${run.stderr}`).toBe(0);
    expect(run.summary?.verdict).toBe("conformant");
    expect(notPassed(run)).toEqual([]);
    expect(negative(run)).toMatchObject({ level: "info", basis: "reference", outcome: "warning" });
    expect(negative(run).message).toMatch(/the reference refuses this; your server accepted it/);
    expect(negative(run).message).toMatch(assumedRow);
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
    const run = await conformanceAgainst({ optionalParties: true }, ["--strict"], { REQUEST_RULES_FILE: rules });
    expect(run.code, run.stdout.slice(-3000)).toBe(1);
    expect(run.summary?.verdict).toBe("not conformant");
    expect(notPassed(run)).toEqual(["CARD-TXN-NEGATIVE failed"]);
    expect(negative(run)).toMatchObject({ level: "should", basis: "declared" });
    expect(negative(run).message).toMatch(/declared: REQUEST_RULES_FILE card-api.transaction-create: /);
  });
});

describe("a fixture the target refuses: never 'not conformant'", () => {
  test("the payment card's debits declined, preflight skipped: incomplete (exit 1) with the target's reason", async () => {
    const run = await conformanceAgainst({ declinePaymentCardAfter: 0 }, ["--no-preflight"]);
    expect(run.code, run.stdout.slice(-3000)).toBe(1);
    expect(run.summary?.verdict).toBe("incomplete");
    expect(run.stdout).toMatch(/INCOMPLETE/);
    expect(run.stdout).toMatch(/NOT JUDGED .*CARD-TXN-STATUS-OK.*card blocked by the issuer/);
    expect(notPassed(run).filter((c) => !c.endsWith("warning"))).toEqual([]);
  });

  test("the payment card's debits declined: the preflight's fixture debit stops the run (exit 2, one line naming the variable)", async () => {
    const run = await conformanceAgainst({ declinePaymentCardAfter: 0 });
    expect(run.code, run.stdout.slice(-2000) + run.stderr).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/card blocked by the issuer/);
    expect(run.stderr).toMatch(/PAYMENT_CARD_ID|DEBIT_AMOUNT_MIN/);
  });

  test("a statement card the target does not know: exit 2 from the preflight naming STATEMENT_CARD_ID", async () => {
    const run = await conformanceAgainst({}, [], { STATEMENT_CARD_ID: "00000000-0000-4000-8000-00000000dead" });
    expect(run.code, run.stdout.slice(-2000) + run.stderr).toBe(2);
    expect(run.stderr).toMatch(/STATEMENT_CARD_ID/);
  });
});

describe("a real fault: not conformant", () => {
  test.for([
    ["a statement that holds operations outside its period", { faults: ["period-leak"] }, [], ["CARD-STMT-PERIOD"]],
    ["dt without an offset", { faults: ["dt-without-offset"] }, [], ["CARD-TXN-DT-OFFSET"]],
    [
      "a replayed request_id posts again (strict)",
      { faults: ["double-post-on-replay"] },
      ["--strict"],
      ["CARD-TXN-IDEMPOTENT-REPLAY"],
    ],
  ] as const)("%s", async ([, modes, args, ids]) => {
    const run = await conformanceAgainst(modes as ForeignModes, [...args]);
    expect(run.code, run.stdout.slice(-3000)).toBe(1);
    expect(run.summary?.verdict).toBe("not conformant");
    const failed = notPassed(run).map((c) => c.split(" ")[0]);
    expect(failed).toEqual(expect.arrayContaining([...ids]));
  });
});
