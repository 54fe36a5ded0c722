/**
 * Every check and every generated case states its basis, and no should or must
 * failure rests on a rule that neither the spec nor the target's declaration states.
 * - every check has a basis; no must rests on `reference` (and defineCheck refuses one);
 * - every schema-derived mutation's basis agrees with the spec-only reading of schemas/: a `spec`
 *   row is refused by it, a `reference` row is not (only an assumption breaks it);
 * - every table row (semantic, transport) that claims `spec` cites a § clause;
 * - walked through the NEGATIVE verdict's basis rule (suites/generic/case-basis.ts), every case
 *   accepted by a target without declarations is `reference` exactly when its row is: so only
 *   spec and declared rows can become a should failure (declared rules: declared-rules.test.ts).
 */
import { describe, expect, test } from "vitest";
import { DOCUMENTED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import { defineCheck, registeredChecks } from "../../lib/checks/define.ts";
import { evaluateCheck, ModuleRun } from "../../lib/checks/evaluate.ts";
import { observeReference } from "../../lib/checks/failure.ts";
import { reportedOutcome } from "../../lib/checks/levels.ts";
import { BASES, type RunContext } from "../../lib/checks/types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { schemaMutations } from "../../generators/schema/mutations.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { acceptedBasis, registry, rowsOf } from "../support/case-rows.ts";
import { specOnlyRegistry } from "../support/spec-only.ts";

const specOnly = specOnlyRegistry();

test("every check states a basis; no must rests on the reference sandbox's choice", () => {
  const checks = [...registeredChecks(), ...ALL_MODULES.flatMap((m) => m.checks)];
  expect(checks.length).toBeGreaterThan(60);
  expect(checks.filter((c) => !BASES.includes(c.basis)).map((c) => c.id)).toEqual([]);
  expect(checks.filter((c) => c.level === "must" && c.basis === "reference").map((c) => c.id)).toEqual([]);
  // Property checks whose cases state their own basis say so.
  expect(checks.filter((c) => c.basisPerCase).map((c) => c.id)).toEqual(
    expect.arrayContaining(["CARD-TXN-NEGATIVE", "CARD-STMT-NEGATIVE", "CARD-LIM-NEGATIVE", "PT-BIZ-NEGATIVE"]),
  );
});

test("defineCheck refuses a must resting on the reference", () => {
  expect(() =>
    defineCheck({ id: "TEST-BASIS-MUST-REF", level: "must", basis: "reference", spec: "§2.3", title: "t", run() {} }),
  ).toThrow(/must resting on the reference/);
});

test("a failure resting only on the reference is a finding at info level: a warning, strict or not; the check keeps its level", async () => {
  const check = defineCheck({
    id: "TEST-BASIS-OBSERVED",
    level: "should",
    basis: "spec",
    spec: "§2.3",
    title: "t",
    run() {
      observeReference("accepted-invalid", "the reference refuses this; your server accepted it");
    },
  });
  const run = {
    config: loadConfig({ SEED: "1" }),
    target: { profile: undefined },
    validators: registry,
  } as unknown as RunContext;
  const module = { operation: DOCUMENTED_OPERATIONS[0]!, scenarios: {}, checks: [check] };
  const result = await evaluateCheck(check, new ModuleRun(module, run));
  expect(result).toMatchObject({ outcome: "failed", level: "should", findingLevel: "info", basis: "reference" });
  expect(reportedOutcome(result, true)).toBe("warning");
  expect(reportedOutcome({ ...result, findingLevel: undefined }, true), "the same failure at should level").toBe(
    "failed",
  );
});

describe("schema rows agree with the spec-only reading of schemas/", () => {
  const refs = [
    "card-api/transaction-request.schema.json",
    "card-api/statement-request.schema.json",
    "card-api/limits-request.schema.json",
    "partner-transfer/signed-request.schema.json",
  ];
  const config = loadConfig({ SEED: "1" });
  test.for(refs)("%s", async (ref) => {
    const op = DOCUMENTED_OPERATIONS.find((o) => o.requestSchema?.endsWith(ref))!;
    const names = new Set(schemaMutations(ref, registry).map((m) => m.name));
    const rows = (await rowsOf(op, config)).filter(({ m }) => names.has(m.name));
    expect(rows.length).toBeGreaterThan(3);
    for (const { m, body } of rows) {
      const specRefuses = !specOnly.validate(`${SCHEMA_BASE}${ref}`, body).valid;
      // spec exactly when the spec-only schema refuses it; otherwise the reference's (or a declaration's, e.g. an empty date).
      expect(
        m.basis === "spec",
        `${m.name} (${m.basis}): the spec-only schema ${specRefuses ? "refuses" : "accepts"} it`,
      ).toBe(specRefuses);
    }
    // The false alarm this prevents: assumed required fields are reference rows.
    if (ref.includes("transaction"))
      for (const name of ["/debit/account/number dropped", "/credit/amount dropped", "/credit/account/number dropped"])
        expect(rows.find((r) => r.m.name === name)?.m.basis, name).toBe("reference");
  });
});

describe("every generated case of every documented operation, accepted by a target with no declaration", () => {
  const config = loadConfig({ SEED: "1" });
  test.for(DOCUMENTED_OPERATIONS.map((op) => [op.key, op] as const))("%s", async ([, op]) => {
    const rows = await rowsOf(op, config);
    expect(rows.length).toBeGreaterThan(5);
    for (const { m, body } of rows) {
      expect(BASES, m.name).toContain(m.basis);
      expect(m.rule, m.name).toBeTruthy();
      const judged = acceptedBasis(op, m, body, config);
      // Only an info observation when the row rests on the reference; a should failure only on spec or declared.
      expect(judged.basis, m.name).toBe(m.basis);
    }
    // Table rows that claim the spec cite its clause.
    const schemaNames = new Set(schemaMutations(op.requestSchema!, registry).map((m) => m.name));
    const tableSpecRows = rows.filter(({ m }) => m.basis === "spec" && !schemaNames.has(m.name));
    for (const { m } of tableSpecRows) expect(m.rule, m.name).toMatch(/§\d/);
  });
});
