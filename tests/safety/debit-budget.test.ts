/**
 * MAX_DEBIT_TOTAL is a run-wide cap although vitest runs test files in several worker processes:
 * processes reserving from one budget file at the same time are granted exactly what fits.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CREATE_TRANSACTION } from "../../lib/catalogue/index.ts";
import { createGuard } from "../../lib/http/guard.ts";
import { FileDebitBudget, MemoryDebitBudget } from "../../lib/http/coordination/debit-budget.ts";
import { debitShare } from "../../lib/http/coordination/run-limits.ts";
import { ROOT, scriptArgs, tempReportsDir } from "../support/cli.ts";

function reserveInChild(file: string, count: number, minor: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...scriptArgs("tests/support/reserve-debits.ts"), file, String(count), String(minor)],
      { cwd: ROOT },
    );
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(Number(out.trim())) : reject(new Error(`exit ${code}`))));
  });
}

test("four processes reserving 7.00 at once from a cap of 100.00 are granted 14 debits together, never more", async () => {
  const budget = FileDebitBudget.create(join(tempReportsDir(), "budget.json"), 10_000);
  const granted = await Promise.all([1, 2, 3, 4].map(() => reserveInChild(budget.file, 50, 700)));
  expect(granted.reduce((a, b) => a + b, 0)).toBe(14);
  expect(budget.spentMinor()).toBe(9_800);
});

test("a reservation that would pass the cap is refused and says what is left", () => {
  const budget = new MemoryDebitBudget(1_000);
  expect(budget.reserve(600)).toEqual({ ok: true });
  expect(budget.reserve(600)).toEqual({ ok: false, spentMinor: 600, capMinor: 1_000 });
  expect(budget.reserve(400)).toEqual({ ok: true });
});

test("across n shards (other machines) each shard gets a whole-minor-unit share of the cap", () => {
  expect(debitShare(10_001, 2)).toBe(5_000);
  expect(debitShare(10_000, 1)).toBe(10_000);
});

describe("the guard counts what a lenient target could book", () => {
  const settings = {
    targetEnv: "sandbox",
    allowMutations: false,
    maxDebitTotalMinor: 1_000,
    testPans: [],
    maxRps: undefined,
    concurrency: 4,
    runDeadlineMs: 60_000,
    baselineFile: undefined,
  } as const;
  const send = (guard: ReturnType<typeof createGuard>, body: unknown) =>
    guard(CREATE_TRANSACTION, JSON.stringify(body));

  test.for([
    ["a debit wrapped in a list (a mutation)", [{ debit: { amount: 9 } }]],
    ["an amount written with a decimal comma", { debit: { amount: "9,00" } }],
    ["an amount as a string", { debit: { amount: "9.00" } }],
  ] as const)("%s counts against MAX_DEBIT_TOTAL", ([, body]) => {
    const guard = createGuard({ ...settings, testPans: [] }, new MemoryDebitBudget(1_000));
    send(guard, body);
    expect(() => send(guard, { debit: { amount: 9 } })).toThrow(
      /would pass MAX_DEBIT_TOTAL=10\.00 \(9\.00 already debited/,
    );
  });

  test.for([
    ["finer than a hundredth, rounded up", { debit: { amount: 0.291 } }, "0.30"],
    ["negative, counted by size", { debit: { amount: "-1.5" } }, "1.50"],
    ["in exponent notation", { debit: { amount: 1.5e-1 } }, "0.15"],
  ] as const)("an amount %s is read exactly", ([, body, counted]) => {
    const guard = createGuard({ ...settings, testPans: [] }, new MemoryDebitBudget(1_000));
    send(guard, body);
    expect(() => send(guard, { debit: { amount: 9.99 } })).toThrow(`(${counted} already debited`);
  });

  test("a body with no amount at all debits nothing", () => {
    const guard = createGuard({ ...settings, testPans: [] }, new MemoryDebitBudget(1_000));
    send(guard, { debit: {} });
    expect(() => send(guard, { debit: { amount: 9 } })).not.toThrow();
  });
});
