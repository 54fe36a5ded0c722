/**
 * The conformance statement's option effects, proven against the sandbox: for each option a check
 * declares it reads (lib/checks/reads.ts), every check is judged in-process with the default and
 * with a flipped value, and the checks whose result changed (outcome, level or attempts) are among
 * those the statement names for the option — changed, enabled or disabled, under either value; at
 * least one row per option changes something, so no declaration is vacuous. A synthetic check that
 * reads IDEMPOTENCY_MODE without declaring it is caught by the same comparison.
 * Cost: every check is judged (no sample: a whole judgement is about a second here with
 * PROPERTY_RUNS=5 and a fresh sandbox), once per distinct configuration: a dozen rows flip from the
 * defaults, and one row's flip is another's base (TERMINAL_REGION=XYZ), so the 50 judgements the
 * rows read are 36 made.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { evaluateModules, type CheckResult } from "../../lib/checks/evaluate.ts";
import { checkReads } from "../../lib/checks/reads.ts";
import { evaluateWithRetries } from "../../lib/checks/retry.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import type { Check, Module } from "../../lib/checks/types.ts";
import { fail } from "../../lib/checks/failure.ts";
import { CARD_STATEMENT } from "../../lib/catalogue/index.ts";
import type { VariableName } from "../../lib/config/variables.ts";
import { declarationOf } from "../../lib/reporting/certify/declaration.ts";
import { optionEffects } from "../../lib/reporting/certify/option-effects.ts";
import { SANDBOX_CARDS } from "../../lib/test-data/published.ts";
import { dayAt } from "../../lib/time/days.ts";
import { startSandbox, type SandboxOptions } from "../../sandbox/server.ts";
import type { BehaviourFaultName } from "../../sandbox/faults.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { configFor } from "../support/harness.ts";
import { noCrash } from "../support/engine-run.ts";

const tmp = mkdtempSync(join(tmpdir(), "reads-"));
function file(name: string, value: unknown): string {
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}
const fault = (name: BehaviourFaultName): SandboxOptions => ({ faults: [{ kind: "behaviour", name }] });
const HEADER = { cardApiHeader: { name: "X-Api-Key", value: "k-1" } };
const PAN = SANDBOX_CARDS.payment.pan;
const OTHER_PAN = "4000000000000002";

interface Row {
  option: VariableName;
  flipped: string;
  /** Variables of both runs that make the flip observable. */
  base?: Record<string, string>;
  sandbox?: SandboxOptions;
  /** The same run's other variables that must move with the flip (TEST_PANS with UNKNOWN_CARD_PAN off the sandbox). */
  with?: Record<string, string>;
}

/**
 * An offset at which today is another date than at the default +05:00, the sandbox's: day-form
 * bounds written at it then name other days, whatever the hour. At -11:00 it is the same date from
 * 11:00 to 19:00 UTC (the row was vacuous then); at +14:00, another date from 10:00 to 19:00 UTC.
 * (No offset holds across 19:00 UTC, the sandbox's midnight: a judgement must not straddle it.)
 */
function otherDateOffset(now: Date): string {
  const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  return minutes >= 10 * 60 + 30 && minutes < 19 * 60 ? "+14:00" : "-11:00";
}

/** One row per option at least, each chosen so that the flip changes some result against the sandbox. */
const ROWS: Row[] = [
  { option: "CRYPTO_PROFILE", flipped: "jws" },
  {
    option: "CARD_API_HEADERS",
    flipped: '{"X-Api-Key":"k-2"}',
    base: { CARD_API_HEADERS: '{"X-Api-Key":"k-1"}' },
    sandbox: HEADER,
  },
  { option: "CARD_API_AUTH", flipped: "none", base: { CARD_API_AUTH: "bearer" }, sandbox: { cardApiAuth: "bearer" } },
  {
    option: "STATEMENT_DATE_FORMAT",
    flipped: "datetime-offset",
    base: { STATEMENT_DATE_FORMAT: "DD.MM.YYYY" },
    sandbox: { dateFormat: "DD.MM.YYYY" },
  },
  {
    option: "TARGET_UTC_OFFSET",
    flipped: otherDateOffset(new Date()),
    base: { STATEMENT_DATE_FORMAT: "date" },
    sandbox: { dateFormat: "YYYY-MM-DD" },
  },
  { option: "LIMIT_OBJECT_TYPES", flipped: "card,acct,cli" },
  { option: "CUMULATIVE_LIMIT_TYPES", flipped: "daily_sum" },
  { option: "MINIMUM_LIMIT_TYPES", flipped: "total", base: { CUMULATIVE_LIMIT_TYPES: "daily_sum" } },
  {
    option: "MAXIMUM_LIMIT_TYPES",
    flipped: "maximum",
    sandbox: { debitMaximumMinor: 5000, ...fault("maximum-not-enforced") },
  },
  { option: "LIMIT_PERIODS", flipped: "day=debit,month=month" },
  { option: "TERMINAL_MCC", flipped: "9999", base: { LIMIT_ANY_MCC: "1111" } },
  { option: "LIMIT_ANY_MCC", flipped: "1111", base: { TERMINAL_MCC: "9999" } },
  { option: "TERMINAL_REGION", flipped: "XYZ" },
  { option: "LIMIT_ANY_REGION", flipped: "KAZ", base: { TERMINAL_REGION: "XYZ" } },
  { option: "LIMIT_TRANSACTION_TYPES", flipped: "refund" },
  { option: "DEBIT_AMOUNT_MIN", flipped: "100000.00" },
  { option: "DEBIT_AMOUNT_MAX", flipped: "50.00", sandbox: fault("rejects-amounts-above-50") },
  { option: "IDEMPOTENCY_MODE", flipped: "reject" },
  // A ledger that posts late: undeclared, the lag is an observation; declared, reported and passed.
  { option: "LEDGER_SETTLE_MS", flipped: "1000", sandbox: fault("posts-late") },
  { option: "CLIENT_DATA_FILE", flipped: file("clients.json", [{ hello: "x" }]) },
  {
    option: "REQUEST_RULES_FILE",
    flipped: file("rules.json", { "card-api.transaction-create": amountAtMost(50) }),
    base: { REQUEST_RULES_FILE: "" },
  },
  { option: "TARGET_ENV", flipped: "production" },
  // A budget no answer meets: every operation's budget check fails (the tests' own is a minute).
  { option: "LATENCY_P95_MS", flipped: "1" },
  {
    option: "UNKNOWN_CARD_PAN",
    flipped: OTHER_PAN,
    base: { TARGET_ENV: "staging", TEST_PANS: PAN },
    with: { TEST_PANS: `${PAN},${OTHER_PAN}` },
  },
  { option: "MAX_DEBIT_TOTAL", flipped: "30.00" },
  { option: "CHECK_RETRIES", flipped: "2", sandbox: fault("double-posting-on-replay") },
];

function amountAtMost(max: number) {
  return { type: "object", properties: { debit: { type: "object", properties: { amount: { maximum: max } } } } };
}

/** Every check judged as a run judges it (with CHECK_RETRIES as the vitest layer applies it), on a fresh sandbox. */
async function judge(env: Record<string, string>, sandboxOptions: SandboxOptions = {}, modules = ALL_MODULES) {
  const sandbox = await startSandbox(sandboxOptions);
  try {
    const config = configFor(sandbox.url, { PROPERTY_RUNS: "5", ...env });
    const run = await createRunContext(config, {}, { env });
    try {
      const retries = config.run.retries;
      return noCrash(
        await evaluateModules(modules, run, (m, check, stage) => evaluateWithRetries(m, check, retries, stage)),
      );
    } finally {
      await run.target.close();
    }
  } finally {
    await sandbox.close();
  }
}

/**
 * A configuration (variables and sandbox) judged once, its results read by every row that judges
 * it: a judgement depends on nothing else (a fresh sandbox, the fixed seed), so a second one would
 * only repeat it.
 */
const judgements = new Map<string, Promise<readonly CheckResult[]>>();
function judgeOnce(env: Record<string, string>, sandboxOptions: SandboxOptions = {}): Promise<readonly CheckResult[]> {
  const key = JSON.stringify([Object.entries(env).sort(), sandboxOptions]);
  let judged = judgements.get(key);
  if (!judged) judgements.set(key, (judged = judge(env, sandboxOptions)));
  return judged;
}

const seen = (r: CheckResult) => `${r.outcome} ${r.level} ×${r.attempts ?? 1}`;

/** The checks whose result differs between the two runs. */
function changed(before: readonly CheckResult[], after: readonly CheckResult[]): string[] {
  const was = new Map(before.map((r) => [r.id, seen(r)]));
  return after
    .filter((r) => was.get(r.id) !== seen(r))
    .map((r) => r.id)
    .sort();
}

/** What the statement names for an option under a configuration: changed, enabled and disabled. */
function named(option: VariableName, env: Record<string, string>, modules: readonly Module[] = ALL_MODULES): string[] {
  // The statement's options read no key: the declaration's profile variables do not matter here.
  const rows = optionEffects(declarationOf(configFor("http://127.0.0.1:1", env), []), checkReads(modules));
  const row = rows.find((e) => e.option === option || e.option.startsWith(`${option} (`));
  return row ? [...row.changed, ...row.enabled, ...row.disabled] : [];
}

/** A check that reads IDEMPOTENCY_MODE: failed under reject. Declared or not, as the test says. */
function synthetic(reads: Check["reads"]): Module {
  const check: Check = {
    kind: "sends",
    id: "CARD-STMT-SYNTHETIC-READ",
    level: "should",
    spec: "§4.2",
    basis: "declared",
    title: "a check that reads a variable",
    ...(reads ? { reads } : {}),
    run: (ctx) => {
      if (ctx.config.cardApi.idempotencyMode === "reject") fail("value", "judged by IDEMPOTENCY_MODE");
    },
  };
  return { operation: CARD_STATEMENT, scenarios: {}, checks: [check] };
}

/** The checks that changed and are not named: what the proof below asserts empty. */
async function undeclared(modules: Module[], option: VariableName, flipped: string): Promise<string[]> {
  const flip = { [option]: flipped };
  const moved = changed(await judge({}, {}, modules), await judge(flip, {}, modules));
  const statement = new Set([...named(option, {}, modules), ...named(option, flip, modules)]);
  return moved.filter((id) => !statement.has(id));
}

test("the offset row's flip names another date than the sandbox's at every hour of the day", () => {
  const midnight = Date.UTC(2026, 10, 28);
  // Every ten minutes of a UTC day; just after each choice, too (a judgement takes seconds).
  const instants = Array.from({ length: 144 }, (_, i) => midnight + i * 600_000);
  const same = instants.filter((t) => {
    const offset = otherDateOffset(new Date(t));
    return [t, t + 120_000].some((u) => dayAt(u, offset) === dayAt(u, "+05:00"));
  });
  // None: the choice switches to -11:00 at the sandbox's midnight (19:00 UTC), which no offset holds across.
  expect(same.map((t) => new Date(t).toISOString().slice(11, 16))).toEqual([]);
});

test("a check that reads a variable without declaring it is caught; declared, it is not", async () => {
  expect(await undeclared([synthetic(undefined)], "IDEMPOTENCY_MODE", "reject")).toEqual(["CARD-STMT-SYNTHETIC-READ"]);
  expect(await undeclared([synthetic(["IDEMPOTENCY_MODE"])], "IDEMPOTENCY_MODE", "reject")).toEqual([]);
});

describe("each declared option changes the checks the statement names, and only those", () => {
  test("every option a check reads has a row here", () => {
    const read = new Set(checkReads(ALL_MODULES).flatMap((c) => c.reads.map((r) => r.variable)));
    expect([...read].filter((v) => !ROWS.some((r) => r.option === v)).sort()).toEqual([]);
  });

  test.each(ROWS)("$option=$flipped", async (row) => {
    const base = row.base ?? {};
    const flip = { ...base, ...row.with, [row.option]: row.flipped };
    const moved = changed(await judgeOnce(base, row.sandbox), await judgeOnce(flip, row.sandbox));
    const statement = new Set([...named(row.option, base), ...named(row.option, flip)]);
    expect(
      moved.filter((id) => !statement.has(id)),
      `changed: ${moved.join(", ")}`,
    ).toEqual([]);
    expect(moved, "the declaration is not vacuous").not.toEqual([]);
  });
});
