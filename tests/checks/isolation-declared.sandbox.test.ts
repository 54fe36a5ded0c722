/**
 * Isolation declared as data (lib/checks/isolation.ts), held to by the engine: a check declared
 * read-only that debits is a harness error, never a silent pollution of the ledger; a check
 * declared to own the payment card runs holding its lane; and every module of the run declares
 * what it touches wherever its checks debit.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { CREATE_TRANSACTION, LIMITS_LIST } from "../../lib/catalogue/index.ts";
import { evaluateModule } from "../../lib/checks/evaluate.ts";
import { TOUCHES, touchesOf, type Touches } from "../../lib/checks/isolation.ts";
import { createRunContext } from "../../lib/checks/run-context.ts";
import type { Check, Module, RunContext } from "../../lib/checks/types.ts";
import { holdsLane } from "../../lib/http/coordination/lanes.ts";
import { debitRequest } from "../../generators/card-api/transaction.ts";
import { fakerFor } from "../../generators/faker.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/server.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { configFor } from "../support/harness.ts";

let sandbox: RunningSandbox;
let run: RunContext;
beforeAll(async () => {
  sandbox = await startSandbox();
  run = await createRunContext(configFor(sandbox.url));
});
afterAll(async () => {
  await run.target.close();
  await sandbox.close();
});

/** A one-check module whose check debits the payment card once and notes whether it held the card's lane. */
function debitingModule(touches: Touches | undefined): Module {
  const check: Check = {
    kind: "sends",
    id: "CARD-LIM-DEBITS-ONCE",
    level: "info",
    basis: "spec",
    spec: "§4.3",
    title: "debits the payment card once",
    async run(ctx) {
      ctx.note(`held the lane: ${holdsLane(`card:${ctx.config.fixtures.payment.cardId}`)}`);
      await ctx.send(CREATE_TRANSACTION, debitRequest(fakerFor(ctx.seed), ctx.config, { minor: 103 }));
    },
  };
  return { operation: LIMITS_LIST, scenarios: {}, checks: [check], ...(touches ? { touches } : {}) };
}

test.for([undefined, "read-only"] as const)(
  "a check declared %s (or not at all) that debits is a harness error naming the declaration",
  async (touches) => {
    const [result] = await evaluateModule(debitingModule(touches), run);
    expect(result).toMatchObject({ outcome: "failed", category: "harness" });
    expect(result!.message).toMatch(/declared read-only \(touches\) but sends Create transaction/);
  },
);

test.for([
  ["payment-card", "held the lane: true"],
  ["debits", "held the lane: false"],
] as const)("a check declared %s debits: %s", async ([touches, note]) => {
  const [result] = await evaluateModule(debitingModule(touches), run);
  expect(result).toMatchObject({ outcome: "passed" });
  expect(result!.notes).toContain(note);
});

test("every check of the run has a declaration the engine knows, and the stateful ones own their card", () => {
  const declared = ALL_MODULES.flatMap((m) => m.checks.map((c) => [c.id, touchesOf(c, m)] as const));
  expect(declared.filter(([, t]) => !TOUCHES.includes(t))).toEqual([]);
  const owners = new Map(declared);
  for (const id of ["CARD-LEDGER-USAGE", "CARD-TXN-IDEMPOTENT-REPLAY", "CARD-LIM-OTHER-OBJECT"])
    expect(owners.get(id), id).toBe("payment-card");
  expect(owners.get("CARD-LEDGER-RACE")).toBe("race-card");
  expect(owners.get("CARD-TXN-POSITIVE")).toBe("debits");
});
