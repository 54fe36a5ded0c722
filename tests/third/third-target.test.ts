/**
 * The harness on a third correct target, written from the spec and the partner
 * docs only (tests/support/third-target/), different from the sandbox and the foreign target in
 * every choice the spec leaves open. It is configured only as docs/own-server.md says — a `.env`,
 * a client-data file and a request-rules file in the partner's folder — and run as
 * `npm run conformance` runs. Correct: every check passes, default and strict. Broken: each fault
 * mode fails exactly the checks it should.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli, type CliResult } from "../support/cli.ts";
import { thirdPartnerFolder, type Auth } from "../support/third-target/partner-folder.ts";
import { startThirdTarget, type Fault, type ThirdModes } from "../support/third-target/server.ts";
import { CARD_API_TOKEN, KEYS, PARTNER_TOKEN, PAYMENT_CARD } from "../support/third-target/data.ts";
import { OAUTH } from "../support/third-target/oauth.ts";

interface Run extends CliResult {
  summary?: { verdict: string; checks: Array<{ id: string; level?: string; outcome: string; message?: string }> };
  dir: string;
  /** How many tokens the target's OAuth endpoint issued (oauth mode). */
  tokensIssued?: number;
}

async function conformanceAgainst(
  modes: ThirdModes,
  args: string[],
  overrides: Record<string, string> = {},
  auth: Auth = "static",
): Promise<Run> {
  const target = await startThirdTarget(modes);
  try {
    const dir = thirdPartnerFolder(target.url, { SEED: "20261125", ...overrides }, auth);
    const result = await runCli("conformance.ts", args, { PROPERTY_RUNS: "10" }, 240_000, dir);
    const file = join(dir, "reports", "summary.json");
    const summary = existsSync(file) ? { summary: JSON.parse(readFileSync(file, "utf8")) } : {};
    return { ...result, dir, ...summary, ...(target.issuer ? { tokensIssued: target.issuer.issued } : {}) };
  } finally {
    await target.close();
  }
}

/** One run per configuration, shared by the tests that read it (a run takes about 12 s). */
const runs = new Map<string, Promise<Run>>();
function runOnce(faults: Fault[], args: string[]): Promise<Run> {
  const key = JSON.stringify([faults, args]);
  if (!runs.has(key)) runs.set(key, conformanceAgainst({ faults }, args));
  return runs.get(key)!;
}

// An info finding is an observation; a skipped check would hide a missing fixture, so it counts.
const notPassed = (run: Run) =>
  run.summary!.checks.filter((c) => c.level !== "info" && c.outcome !== "passed").map((c) => c.id);

const outcomes = (run: Run) => `${run.stdout.slice(-2500)}\n${run.stderr.slice(-1500)}`;

/** Warnings on stderr: every variable the partner folder sets is one the harness reads. */
const warnings = (run: Run) => run.stderr.split("\n").filter((l) => /warning|does not read/.test(l));

test("the third target is its own code: node built-ins, ajv, canonicalize and its own files only", () => {
  const folder = new URL("../support/third-target/", import.meta.url);
  const specifiers = readdirSync(folder).flatMap((file) =>
    [...readFileSync(new URL(file, folder), "utf8").matchAll(/^(?:import|export)[^"';]*from\s+"([^"]+)"/gm)].map(
      (m) => `${file}: ${m[1]}`,
    ),
  );
  expect(specifiers.length).toBeGreaterThan(20);
  expect(specifiers.filter((s) => !/: (node:|\.\/|ajv($|\/)|canonicalize$)/.test(s))).toEqual([]);
});

describe("a correct third target, configured through .env, a client-data file and a request-rules file", () => {
  test.for([
    ["default mode", []],
    ["strict mode", ["--strict"]],
  ] as const)("%s: conformant, exit 0, every check passed, nothing secret written", async ([, args]) => {
    const run = await runOnce([], [...args]);
    expect(warnings(run), run.stderr).toEqual([]);
    expect(run.code, outcomes(run)).toBe(0);
    expect(run.summary?.verdict).toBe("conformant");
    expect(notPassed(run), outcomes(run)).toEqual([]);
    const written = ["junit.xml", "summary.md", "summary.json"]
      .map((f) => readFileSync(join(run.dir, "reports", f), "utf8"))
      .join("\n");
    for (const secret of [...Object.values(KEYS), CARD_API_TOKEN, PARTNER_TOKEN, PAYMENT_CARD.pan!]) {
      expect(written).not.toContain(secret);
    }
  });
});

describe("a broken variant of the third target: not conformant, on exactly the checks it breaks", () => {
  // [fault, options, checks that must fail, checks that may fail beside them (a model sequence may meet the fault too)]
  test.for([
    ["period-leak", [], ["CARD-STMT-PERIOD"], ["CARD-LEDGER-PERIOD"]],
    ["signs-wrong-bytes", [], ["PT-BIZ-SIGNATURE"], []],
    [
      "replay-posts-twice",
      ["--strict"],
      ["CARD-TXN-IDEMPOTENT-REPLAY", "CARD-TXN-IDEMPOTENT-CONFLICT", "CARD-LEDGER-PARALLEL-REPLAY"],
      ["CARD-LEDGER-STATEMENT", "CARD-LEDGER-USAGE", "CARD-LEDGER-REMAINING"],
    ],
    ["remaining-ignores-usage", ["--strict"], ["CARD-LEDGER-REMAINING"], []],
    [
      "crash-on-invalid",
      ["--strict"],
      ["CARD-TXN-NO-5XX", "CARD-STMT-NO-5XX", "CARD-LIM-NO-5XX", "PT-BIZ-NO-5XX", "PT-BIZ-AUTH-NO-SIGNATURE"],
      [],
    ],
  ] as const)("%s %j", async ([fault, args, must, may]) => {
    const run = await runOnce([fault], [...args]);
    expect(run.code, outcomes(run)).toBe(1);
    expect(run.summary?.verdict).toBe("not conformant");
    const failed = notPassed(run);
    expect(failed).toEqual(expect.arrayContaining([...must]));
    const expected: string[] = [...must, ...may];
    expect(failed.filter((id) => !expected.includes(id))).toEqual([]);
  });
});

describe("a broken variant that only the target's declaration can reveal", () => {
  // The target declares debit.terminal_number required (REQUEST_RULES_FILE); this variant defaults
  // it instead. The reference schemas do not require it, so only the declared rule can tell. The
  // shrinker's replay of the accepted case is refused as a duplicate (409, reject mode): the case is
  // judged on its first answer (lib/checks/property.ts) — a harness error before.
  test("defaults-declared-terminal --strict: CARD-TXN-NEGATIVE fails naming the declared rule", async () => {
    const run = await runOnce(["defaults-declared-terminal"], ["--strict"]);
    const negative = run.summary!.checks.find((c) => c.id === "CARD-TXN-NEGATIVE");
    // The rule named as the harness names a declared one (docs/own-server.md, REQUEST_RULES_FILE), not
    // merely the field seen in the quoted request.
    expect(negative?.message, outcomes(run)).toMatch(
      /declared: \/debit\/terminal_number|REQUEST_RULES_FILE [^)]*terminal_number/,
    );
    expect(notPassed(run)).toEqual(["CARD-TXN-NEGATIVE"]);
  });
});

describe("a fixture the third target does not know: the configuration is named", () => {
  test("an unknown STATEMENT_CARD_ID (the target answers 404 problem+json): exit 2 naming it", async () => {
    const run = await conformanceAgainst({}, [], { STATEMENT_CARD_ID: "5c9a2edd-28c6-4ad8-a455-bae66b3d7fe0" });
    expect(run.code, outcomes(run)).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/STATEMENT_CARD_ID/);
  });
});

describe("the network loses the answer to a posted debit: the configuration is not the cause", () => {
  // The client's transport retry resends the fixture debit with the same request_id and this
  // reject-mode target rightly answers 409; the debit posted (its statement shows it), so that is no
  // refused fixture and no configuration problem: the run goes on and the checks judge the target.
  test("the preflight's fixture debit posted, its answer lost: no exit 2, conformant", async () => {
    const run = await conformanceAgainst({ dropDebitAnswers: 1 }, []);
    expect(run.stderr).not.toMatch(/DEBIT_AMOUNT_MIN/);
    expect(run.code, outcomes(run)).toBe(0);
    expect(notPassed(run), outcomes(run)).toEqual([]);
  });
});

describe("tokens that expire, fetched from the target's OAuth endpoint and carried by both families", () => {
  // PARTNER_TOKEN_URL with client credentials, CARD_API_AUTH=bearer; 5-second tokens are renewed within a run.
  test("strict mode with 5 s tokens: conformant, tokens renewed, the client secret written nowhere", async () => {
    const run = await conformanceAgainst({ tokenTtlSeconds: 5 }, ["--strict"], {}, "oauth");
    expect(run.code, outcomes(run)).toBe(0);
    expect(notPassed(run), outcomes(run)).toEqual([]);
    expect(run.tokensIssued).toBeGreaterThan(1);
    expect(readFileSync(join(run.dir, "reports", "junit.xml"), "utf8")).not.toContain(OAUTH.clientSecret);
  });
});
