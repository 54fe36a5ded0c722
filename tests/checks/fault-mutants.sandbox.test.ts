/**
 * The fault table proves a kill for the right reason, and this shows it would notice: a check made
 * to crash whenever it finds a problem, or made blind to one of its conditions, turns its rows of
 * tests/checks/faults.cases.ts red. Each mutant — its own reading and its contract over every
 * answer alike (lib/checks/contract-book.ts) — is evaluated alone (its module's scenarios, no
 * other check) against the sandbox with each fault of a row that lists it, and judged by the
 * table's own verdict (tests/support/fault-verdict.ts). A one-in-N row is left out: it is caught
 * among the answers of the other checks of a run, which a check alone does not have.
 */
import { describe, expect, test } from "vitest";
import { CheckFailure } from "../../lib/checks/failure.ts";
import type { AnswerContract } from "../../lib/checks/contract-types.ts";
import type { ContractCheck, Module } from "../../lib/checks/types.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { rowProblems } from "../support/fault-verdict.ts";
import { configFor, evaluateAll, withSandbox } from "../support/harness.ts";
import { FAULT_CASES } from "./faults.cases.ts";

/** The checks of several conditions, each condition a field of the answer the check judges. */
const CONDITIONS: Array<[id: string, fields: string[]]> = [
  ["CARD-LIM-MONEY-EXACT", ["value", "current", "remaining"]],
  ["CARD-STMT-MONEY-EXACT", ["amount", "commission"]],
];

/** A contract check of several conditions and its module. */
function located(id: string): { check: ContractCheck; module: Module } {
  const module = ALL_MODULES.find((m) => m.checks.some((c) => c.id === id));
  const check = module?.checks.find((c) => c.id === id);
  if (!module || check?.kind !== "contract") throw new Error(`${id} is no contract check of a module`);
  return { check, module };
}

/** The contract, with `judge` put in place of its judge (over the judge it had, bound to the same book). */
function judgedBy(contract: AnswerContract, judge: (exchange: Exchange, was: (e: Exchange) => void) => void) {
  return {
    answers: contract.answers,
    bind: (env: Parameters<AnswerContract["bind"]>[0]) => {
      const bound = contract.bind(env);
      return { applies: bound.applies, judge: (exchange: Exchange) => judge(exchange, bound.judge) };
    },
  };
}

/** `fn`, crashing on `JSON.parse("{")` wherever it would have failed. */
async function orCrash(fn: () => unknown): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof CheckFailure) JSON.parse("{");
    throw error;
  }
}

/** The check, crashing wherever it would have failed: in its own reading and in its contract. */
function crashing(check: ContractCheck): ContractCheck {
  return {
    ...check,
    contract: judgedBy(check.contract, (exchange, judge) => {
      try {
        judge(exchange);
      } catch (error) {
        if (error instanceof CheckFailure) JSON.parse("{");
        throw error;
      }
    }),
    run: (ctx) => orCrash(() => check.run(ctx)),
  };
}

/** The answer without these fields, wherever they sit: what a check that skips their condition sees. */
function withoutFields(exchange: Exchange, fields: readonly string[]): Exchange {
  if (!exchange.response?.json) return exchange;
  const strip = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(strip)
      : node && typeof node === "object"
        ? Object.fromEntries(
            Object.entries(node)
              .filter(([k]) => !fields.includes(k))
              .map(([k, v]) => [k, strip(v)]),
          )
        : node;
  const json = strip(exchange.response.json);
  return { ...exchange, response: { ...exchange.response, json, bodyText: JSON.stringify(json) } };
}

/** The check, judging every condition but those of these fields: in its own reading and in its contract. */
function blindTo(check: ContractCheck, fields: readonly string[]): ContractCheck {
  return {
    ...check,
    contract: judgedBy(check.contract, (exchange, judge) => judge(withoutFields(exchange, fields))),
    run: (ctx) => check.run({ ...ctx, scenario: async (name) => withoutFields(await ctx.scenario(name), fields) }),
  };
}

/** Each row that lists the check, with what the table would report under the mutant (empty: the row holds). */
async function tableUnder(mutant: ContractCheck, module: Module): Promise<Map<string, string[]>> {
  const verdicts = new Map<string, string[]>();
  const oneInN = (row: (typeof FAULT_CASES)[number]) => row.faults.some((f) => "every" in f && f.every);
  for (const row of FAULT_CASES.filter((c) => mutant.id in c.fails && !oneInN(c))) {
    const results = await withSandbox({ faults: row.faults }, (sandbox) =>
      evaluateAll(configFor(sandbox.url), [{ ...module, checks: [mutant] }]),
    );
    verdicts.set(row.name, rowProblems(row, results));
  }
  return verdicts;
}

const redRows = (verdicts: Map<string, string[]>) => [...verdicts].filter(([, problems]) => problems.length);

describe.for(CONDITIONS)("%s", ([id, fields]) => {
  const { check, module } = located(id);

  test("its rows hold for the check as written (the mutants below are the only change)", async () => {
    expect(redRows(await tableUnder(check, module))).toEqual([]);
  });

  test("made to crash where it would fail, every row of it turns red: a crash is no kill", async () => {
    const verdicts = await tableUnder(crashing(check), module);
    expect(verdicts.size).toBeGreaterThan(0);
    for (const [row, problems] of verdicts) expect(problems.join("\n"), row).toMatch(/crashed/);
  });

  test.for(fields)("made blind to its condition on %s alone, a row turns red", async (field) => {
    expect(redRows(await tableUnder(blindTo(check, [field]), module)).length).toBeGreaterThan(0);
  });

  test("made to judge one condition only, a row turns red", async () => {
    expect(redRows(await tableUnder(blindTo(check, fields.slice(1)), module)).length).toBeGreaterThan(0);
  });
});
