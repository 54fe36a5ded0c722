/**
 * A check's `requests` counts the exchanges it judged — the ones it sent and those of a shared
 * scenario or sequence it read — while `sent` counts what it sent itself, so that the run's total
 * (summary.json `requests`) counts each request once. The five ledger model checks judge one shared
 * survey (suites/card-api/ledger/model.checks.ts): each counts it, one of them sent it.
 */
import { expect, test } from "vitest";
import { buildSummary } from "../../lib/reporting/summary.ts";
import type { ConformanceMeta } from "../../lib/checks/meta.ts";
import { modelChecks } from "../../suites/card-api/ledger/model.checks.ts";
import { transactionLedgerModule } from "../../suites/card-api/transaction-ledger.module.ts";
import { statementModule } from "../../suites/card-api/statement.module.ts";
import { configFor, evaluateAll, withSandbox } from "../support/harness.ts";

const MODEL_IDS = modelChecks.map((c) => c.id);

test("every ledger model check counts the shared sequence's exchanges it judged; one of them sent them", async () => {
  await withSandbox({}, async (sandbox) => {
    const results = await evaluateAll(configFor(sandbox.url), [transactionLedgerModule]);
    const model = results.filter((r) => MODEL_IDS.includes(r.id));
    expect(model.map((r) => [r.id, r.outcome])).toEqual(MODEL_IDS.map((id) => [id, "passed"]));
    for (const r of model) expect(r.requests, r.id).toBeGreaterThan(0);
    // The survey went out once, from whichever check started it first.
    const senders = model.filter((r) => r.sent > 0);
    expect(senders.length).toBe(1);
    // Each judged every exchange of the survey, not only the few it keeps as evidence.
    expect(model.map((r) => r.requests)).toEqual(model.map(() => senders[0]!.sent));
    for (const r of model) expect(r.requests, r.id).toBeGreaterThan(r.evidence.length);
    for (const r of model) expect(r.requests, r.id).toBeGreaterThanOrEqual(r.sent);
    for (const r of results) expect(r.requests, r.id).toBeGreaterThanOrEqual(r.sent);
  });
});

test("a shared scenario counts for every check that judged it, sent once", async () => {
  await withSandbox({}, async (sandbox) => {
    const results = await evaluateAll(configFor(sandbox.url), [statementModule]);
    const http = results.find((r) => r.id === "CARD-STMT-HTTP-200")!;
    const schema = results.find((r) => r.id === "CARD-STMT-SCHEMA")!;
    expect([http.requests, schema.requests]).toEqual([1, 1]);
    // Sent once, by whichever check of the module read it first: the run's total counts it once.
    const total = (field: "sent" | "requests") => results.reduce((n, r) => n + r[field], 0);
    expect(total("sent")).toBeLessThan(total("requests"));
    expect(results.filter((r) => r.sent > 0).length).toBeLessThan(results.filter((r) => r.requests > 0).length);
  });
});

test("the run's total counts each request once: the checks' own sends, not what they judged", () => {
  const row = (id: string, requests: number, sent: number): ConformanceMeta => ({
    kind: "check",
    id,
    level: "must",
    spec: "§4.3",
    title: id,
    family: "card-api",
    operation: "card-api.transaction-create",
    outcome: "passed",
    requests,
    sent,
  });
  const rows = [row("CARD-LEDGER-STATEMENT", 40, 40), row("CARD-LEDGER-USAGE", 40, 0), row("CARD-TXN-X", 3, 3)];
  const info = { target: "t", seed: 1, strict: false, startedAt: "s", durationMs: 1, harnessVersion: "0.1.0" };
  expect(buildSummary(rows, [], info).requests).toBe(43);
});
