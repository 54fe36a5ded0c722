/**
 * REQUEST_RULES_FILE: a declared rule turns the reference's rows it covers into
 * declared ones, named in the failure; rows derived from the declared schema are tried too; a
 * valid request the declared rules refuse is no POSITIVE failure; the embedded sandbox declares
 * the reference's rules (REQUEST_RULES_FILE=reference) unless the variable is set.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { DOCUMENTED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { loadConfig } from "../../lib/config/load.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { casesFor } from "../../generators/cases/index.ts";
import { breaksDeclaredRule } from "../../suites/generic/case-basis.ts";
import { acceptedBasis, caseContext, rowsOf } from "../support/case-rows.ts";

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

  test("a valid request the declared rules refuse is no POSITIVE failure: the target refused what it declared invalid", async () => {
    const config = loadConfig({ SEED: "1", REQUEST_RULES_FILE: file });
    const full = (await casesFor(op, caseContext(config))).fullRequest() as Record<string, unknown>;
    const sent = (body: unknown) => ({ request: { bodyText: JSON.stringify(body) } }) as unknown as Exchange;
    expect(breaksDeclaredRule(op, sent(full), caseContext(config))).toBe(false);
    const debit = { ...(full.debit as object), terminal_number: undefined };
    expect(breaksDeclaredRule(op, sent({ ...full, debit }), caseContext(config))).toBe(true);
    expect(breaksDeclaredRule(op, sent({ ...full, debit }), caseContext(loadConfig({ SEED: "1" })))).toBe(false);
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
