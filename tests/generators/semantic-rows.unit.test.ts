/**
 * The semantic NEGATIVE rows keep the request schema-valid and change it: each breaks
 * a payment rule, not the schema (the schema rows are tested elsewhere). Applied to the full
 * request and to generated valid bodies, as the NEGATIVE check applies them.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import { describeIssues, validators } from "../../lib/validation/registry.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { limitsCases } from "../../generators/cases/limits.ts";
import { statementCases } from "../../generators/cases/statement.ts";
import { transactionCases } from "../../generators/cases/transaction.ts";
import { debitRangeFor } from "../../lib/checks/debit-amounts.ts";
import { semanticTransactionMutations } from "../../generators/cases/semantic-transaction.ts";
import { semanticLimitsMutations, semanticStatementMutations } from "../../generators/cases/semantic-references.ts";
import type { Mutation } from "../../generators/schema/mutations.ts";

const registry = validators();
const config = loadConfig({ SEED: "1" });

const TABLES: Array<[string, string, Mutation[], ReturnType<typeof transactionCases>]> = [
  [
    "transaction",
    "card-api/transaction-request.schema.json",
    semanticTransactionMutations(config),
    transactionCases(config, registry, debitRangeFor(config, undefined)),
  ],
  [
    "statement",
    "card-api/statement-request.schema.json",
    semanticStatementMutations(config),
    statementCases(config, registry),
  ],
  ["limits", "card-api/limits-request.schema.json", semanticLimitsMutations(config), limitsCases(config, registry)],
];

const rows = TABLES.flatMap(([op, schema, mutations, cases]) =>
  mutations.map((m) => [`${op}: ${m.name}`, schema, m, cases] as const),
);

describe("each semantic row changes a valid request and keeps it schema-valid", () => {
  test.for(rows)("%s", ([, schema, mutation, cases]) => {
    const full = cases.fullRequest();
    const variant = mutation.apply(full);
    expect(variant, "applies to the full request").toBeDefined();
    expect(JSON.stringify(variant!.body)).not.toBe(JSON.stringify(full));
    const { valid, issues } = registry.validate(SCHEMA_BASE + schema, variant!.body);
    expect(valid, describeIssues(issues)).toBe(true);
    fc.assert(
      fc.property(cases.validBodies, (body) => {
        const v = mutation.apply(body);
        if (v) expect(registry.validate(SCHEMA_BASE + schema, v.body).valid).toBe(true);
      }),
      { seed: 3, numRuns: 20 },
    );
  });
});

test("each operation's NEGATIVE rows include its semantic rows", () => {
  for (const [, , mutations, cases] of TABLES) {
    const names = new Set(cases.mutations.map((m) => m.name));
    expect(mutations.filter((m) => !names.has(m.name)).map((m) => m.name)).toEqual([]);
  }
});
