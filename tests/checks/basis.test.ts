/**
 * Issue 21 item 1: every check and every generated case states its basis, and no should or must
 * failure rests on a rule that neither the spec nor the target's declaration states.
 * - every check has a basis; no must rests on `reference` (and defineCheck refuses one);
 * - every schema-derived mutation's basis agrees with the spec-only reading of schemas/: a `spec`
 *   row is refused by it, a `reference` row is not (only an assumption breaks it);
 * - every table row (semantic, transport) that claims `spec` cites a § clause;
 * - walked through the NEGATIVE verdict's basis rule (suites/generic/case-basis.ts), every case
 *   accepted by a target without declarations is `reference` exactly when its row is: so only
 *   spec and declared rows can become a should failure; with REQUEST_RULES_FILE, a declared rule
 *   upgrades its rows and is named.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { DOCUMENTED_OPERATIONS, type Operation } from "../../lib/catalogue/index.ts";
import { SCHEMA_BASE } from "../../lib/catalogue/types.ts";
import { defineCheck, registeredChecks } from "../../lib/checks/define.ts";
import { evaluateCheck, ModuleRun } from "../../lib/checks/evaluate.ts";
import { observeReference } from "../../lib/checks/failure.ts";
import { reportedOutcome } from "../../lib/checks/levels.ts";
import { debitRangeFor } from "../../lib/checks/debit-amounts.ts";
import type { Case } from "../../lib/checks/property.ts";
import { BASES, type CaseContext, type RunContext } from "../../lib/checks/types.ts";
import { loadConfig, type Config } from "../../lib/config/load.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { validators } from "../../lib/validation/registry.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { schemaMutations, type Mutation } from "../../generators/schema/mutations.ts";
import { judgeCaseBasis } from "../../suites/generic/case-basis.ts";
import { ALL_MODULES } from "../../suites/modules.ts";
import { specOnlyRegistry } from "../support/spec-only.ts";

const registry = validators();
const specOnly = specOnlyRegistry();
const ENVELOPE = { payload: { encrypted_data: "QUJDRA==" }, signature: "abcdef" };

function caseContext(config: Config): CaseContext {
  return {
    config,
    validators: registry,
    profile: undefined as never,
    debitAmounts: async () => debitRangeFor(config, undefined),
    inFlight: 1,
  };
}

/** The full request a mutation row applies to (the envelope for the partner transfer API). */
async function rowsOf(op: Operation, config: Config): Promise<Array<{ m: Mutation; body: unknown }>> {
  const cases = await casesFor(op, caseContext(config));
  const full = cases.seal ? ENVELOPE : cases.fullRequest();
  return cases.mutations.flatMap((m) => {
    const variant = m.beforeSeal ? undefined : m.apply(full);
    return variant ? [{ m, body: variant.rawBody ?? variant.body }] : [];
  });
}

/** The NEGATIVE verdict's basis for a row the target accepted. */
function acceptedBasis(op: Operation, m: Mutation, body: unknown, config: Config) {
  const c: Case = { label: `mutation: ${m.name}`, request: () => ({ body }), basis: m.basis, rule: m.rule };
  const bodyText = typeof body === "string" ? body : JSON.stringify(body);
  const exchange = { request: { bodyText } } as unknown as Exchange;
  return judgeCaseBasis(op, c, exchange, caseContext(config));
}

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

test("a failure resting only on the reference is reported at info level: a warning, strict or not", async () => {
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
  expect(result).toMatchObject({ outcome: "failed", level: "info", basis: "reference" });
  expect(reportedOutcome(result, true)).toBe("warning");
  expect(reportedOutcome({ ...result, level: "should" }, true), "the same failure at should level").toBe("failed");
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
      expect(m.basis, `${m.name}: the spec-only schema ${specRefuses ? "refuses" : "accepts"} it`).toBe(
        specRefuses ? "spec" : "reference",
      );
    }
    // The false alarm of issue 21: assumed required fields are reference rows.
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

describe("declared rules (REQUEST_RULES_FILE) turn reference rows into declared ones, naming the rule", () => {
  const dir = mkdtempSync(join(tmpdir(), "request-rules-"));
  const file = join(dir, "rules.json");
  writeFileSync(
    file,
    JSON.stringify({
      "card-api.transaction-create": {
        type: "object",
        properties: {
          debit: {
            type: "object",
            required: ["account", "terminal_number"],
            properties: {
              account: { type: "object", required: ["number"], properties: { number: { type: "string" } } },
              terminal_number: { type: "string" },
            },
          },
        },
      },
    }),
  );
  const op = DOCUMENTED_OPERATIONS.find((o) => o.key === "card-api.transaction-create")!;

  test("a declared required field: its dropped row is declared, the rule named; others stay reference", async () => {
    const config = loadConfig({ SEED: "1", REQUEST_RULES_FILE: file });
    const rows = await rowsOf(op, config);
    const judged = (name: string) => {
      const row = rows.find((r) => r.m.name === name)!;
      return acceptedBasis(op, row.m, row.body, config);
    };
    expect(judged("/debit/account/number dropped")).toEqual({
      basis: "declared",
      rule: expect.stringMatching(
        /REQUEST_RULES_FILE card-api.transaction-create: \/debit\/account\/number is required/,
      ),
    });
    expect(judged("/credit/amount dropped").basis).toBe("reference");
    // A rule the reference does not have is tried too: a row derived from the declared schema.
    const own = rows.find((r) => r.m.name === "declared: /debit/terminal_number dropped");
    expect(own?.m.basis).toBe("declared");
    expect(judged("declared: /debit/terminal_number dropped").rule).toMatch(/terminal_number/);
  });

  test("REQUEST_RULES_FILE=reference: the reference's rows are declared (the embedded sandbox)", async () => {
    const config = loadConfig({ SEED: "1", REQUEST_RULES_FILE: "reference" });
    const rows = await rowsOf(op, config);
    const reference = rows.filter(({ m }) => m.basis === "reference");
    expect(reference.length).toBeGreaterThan(5);
    for (const { m, body } of reference) expect(acceptedBasis(op, m, body, config).basis, m.name).toBe("declared");
  });
});

test("the embedded sandbox declares the reference's rules, unless REQUEST_RULES_FILE is set", async () => {
  const { embeddedSandboxConfig } = await import("../../cli/conformance.ts");
  const aimed = embeddedSandboxConfig(loadConfig({}), "http://127.0.0.1:4010");
  expect(aimed.target.baseUrl).toBe("http://127.0.0.1:4010");
  expect(aimed.fixtures.requestRules).toEqual({ kind: "reference" });
  const own = embeddedSandboxConfig(loadConfig({ REQUEST_RULES_FILE: "reference" }), "http://127.0.0.1:4010");
  expect(own.fixtures.requestRules).toEqual({ kind: "reference" });
  const dir = mkdtempSync(join(tmpdir(), "request-rules-embedded-"));
  writeFileSync(join(dir, "r.json"), '{"card-api.statement": {"type": "object"}}');
  const declared = embeddedSandboxConfig(loadConfig({ REQUEST_RULES_FILE: join(dir, "r.json") }), "http://x");
  expect(declared.fixtures.requestRules.kind).toBe("file");
});
