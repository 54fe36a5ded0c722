/**
 * `npm run conformance` end to end, through vitest and its reporters: exit codes 0/1/2/3, the
 * outputs of the contract, and the level rule (a should failure warns, and fails in strict mode).
 * A must failure's exit 1, with the check named, its seed and a redacted curl line, and a target
 * wrong only some of the time (the contract check's "k of N" and its sender) are the failing whole
 * run of tests/reporting/report.test.ts (the same faults), not runs of their own here.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CARD_STATEMENT } from "../../lib/catalogue/index.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import { withSandbox } from "../support/harness.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { sharedRun, STRICT_WHOLE_RUN } from "../support/shared-runs.ts";

const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));

// The usage-error table runs in-process (tests/cli/usage.unit.test.ts); the tests below prove the
// process path itself: exit 2, one line, nothing of an earlier run left behind.

test("a run that stops on its configuration leaves no earlier verdict behind for CI to publish", async () => {
  const dir = tempReportsDir();
  for (const stale of ["junit.xml", "summary.json", "summary.md"]) writeFileSync(join(dir, stale), "from the last run");
  const { code } = await runCli("conformance.ts", [], { REPORTS_DIR: dir, TARGET_BASE_URL: "not-a-url" });
  expect(code).toBe(2);
  expect(["junit.xml", "summary.json", "summary.md"].filter((f) => existsSync(join(dir, f)))).toEqual([]);
});

test("credentials in the target URL never reach the console", async () => {
  const { code, stdout, stderr } = await runCli("conformance.ts", [], {
    REPORTS_DIR: tempReportsDir(),
    TARGET_BASE_URL: "http://svc:s3cr3tpw@127.0.0.1:9",
  });
  // Nothing listens there: target unavailable (exit 3), and its line names the URL redacted too.
  expect(code).toBe(3);
  expect(stdout).toMatch(/target http:\/\/<credentials>@127\.0\.0\.1:9/);
  expect(stdout + stderr).not.toContain("s3cr3tpw");
});

test("against the embedded sandbox, strict: exit 0, over 1,000 requests, every documented operation checked, named-only ones skipped", async () => {
  // The tier's one strict whole run, started as the installed bin starts it (tests/support/shared-runs.ts):
  // the launcher's memory proof reads it too, and the certification test packs a copy of it.
  const {
    dir,
    result: { code, stdout },
  } = await sharedRun(STRICT_WHOLE_RUN);
  expect(code, stdout).toBe(0);
  const summary = summaryOf(dir);
  expect(summary.verdict).toBe("conformant");
  expect(summary.seed).toBe(7);
  expect(new Set(summary.checks.map((c) => c.operation))).toEqual(
    new Set([
      "partner-transfer-api.register-business",
      "card-api.statement",
      "card-api.transaction-create",
      "card-api.limits-list",
    ]),
  );
  expect(summary.checks.every((c) => c.outcome === "passed")).toBe(true);
  // As the docs say: one exchanges file per operation, named by its key.
  expect(readdirSync(join(dir, "exchanges")).sort()).toEqual(
    [...new Set(summary.checks.map((c) => `${c.operation}.jsonl`))].sort(),
  );
  // Each ledger model check counts the survey it judged; the total counts each request once.
  // (CARD-LEDGER-SETTLE reads the other checks' waits for their postings: it sends nothing.)
  for (const c of summary.checks.filter((c) => c.id.startsWith("CARD-LEDGER-") && c.id !== "CARD-LEDGER-SETTLE"))
    expect(c.requests, c.id).toBeGreaterThan(0);
  expect(summary.requests).toBe(summary.checks.reduce((n, c) => n + c.sent!, 0));
  expect(summary.requests).toBeGreaterThanOrEqual(1_000);
  // Every answer judged, and said: per operation, and by each contract check.
  expect(summary.answers?.received).toBeGreaterThanOrEqual(summary.requests);
  for (const o of summary.byOperation) expect(o.answers?.success, o.operation).toBeGreaterThan(0);
  const contracts = summary.checks.filter((c) => c.contract);
  expect(contracts.map((c) => c.id)).toEqual(expect.arrayContaining(["CARD-LIM-SCHEMA", "PT-BIZ-NO-5XX"]));
  for (const c of contracts) expect(c.contract!.judged, c.id).toBeGreaterThan(1);
  // The run's own traffic measured per operation, nothing sent for it; each budget check judged
  // against the tests' declared budget (tests/support/budget.ts).
  const latency = summary.latency ?? {};
  expect(Object.keys(latency)).toEqual([...new Set(summary.checks.map((c) => c.operation))].sort());
  for (const [key, l] of Object.entries(latency)) expect([l.count > 0, l.budgetMs], key).toEqual([true, 60_000]);
  const budgets = summary.checks.filter((c) => c.id.endsWith("-LATENCY-BUDGET"));
  expect(budgets.map((c) => [c.outcome, c.requests])).toEqual(budgets.map(() => ["passed", 0]));
  expect(stdout).toMatch(
    /latency \(the run's own traffic, ms; no harness wait counted\):\n +card-api\.limits-list +n=\d+/,
  );
  const junit = readFileSync(join(dir, "junit.xml"), "utf8");
  for (const c of summary.checks) expect(junit).toContain(`${c.id} [${c.level}] ${c.spec}`);
  expect(junit).toContain('name="skip-reason" value="the spec shows no request or response shape (§4.6)"');
  expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(/Verdict: conformant[^]*## Latency and error shares/);
  // The run's own files (isolation lanes, progress feed) went with the cleanup stack, and their folder after them.
  expect(existsSync(join(dir, ".run"))).toBe(false);
}, 300_000);

// The lenient side — a should failure is a warning that fails nothing — is the level rule
// (tests/reporting/should-level.unit.test.ts) and a lenient whole run's summary.json showing the
// warning (tests/reporting/report.test.ts); the strict side fails a run through the command here.
test("a should failure fails the run in strict mode", async () => {
  const fault = { kind: "set-field" as const, operation: CARD_STATEMENT.key, path: ["dt"], value: "yesterday" };
  await withSandbox({ faults: [fault] }, async (sandbox) => {
    const strict = tempReportsDir();
    const env = { TARGET_BASE_URL: sandbox.url, SEED: "3", REPORTS_DIR: strict };
    expect((await runCli("conformance.ts", ["--strict", "--check", "CARD-STMT-DT"], env)).code).toBe(1);
    expect(summaryOf(strict).verdict).toBe("not conformant");
    expect(summaryOf(strict).checks.find((c) => c.id === "CARD-STMT-DT")?.outcome).toBe("failed");
  });
});

test("--help lists --quiet, which turns the live progress off, and --strict", async () => {
  const { code, stdout } = await runCli("conformance.ts", ["--help"], {});
  expect(code).toBe(0);
  expect(stdout).toContain("--strict");
  expect(stdout).toMatch(
    /--quiet +no live progress \(on a terminal one line in place, otherwise a status line every 10 s\)/,
  );
  expect(stdout.split("\n")[0]).toContain("[--quiet]");
});
