/**
 * The level shown is the check's level (docs/checks.md): a should check whose failing case rests
 * only on the reference sandbox's choice (CARD-TXN-NEGATIVE with a field the reference requires)
 * is still shown as `should` — in the result, the summary, the console and summary.md — and its
 * finding is shown apart, at info: an observation, a warning even in strict mode.
 */
import { expect, test } from "vitest";
import { DOCUMENTED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { defineCheck } from "../../lib/checks/define.ts";
import { evaluateCheck, ModuleRun } from "../../lib/checks/evaluate.ts";
import { observeReference } from "../../lib/checks/failure.ts";
import { reportedOutcome } from "../../lib/checks/levels.ts";
import type { ConformanceMeta } from "../../lib/checks/meta.ts";
import type { RunContext } from "../../lib/checks/types.ts";
import { loadConfig } from "../../lib/config/load.ts";
import { renderConsoleSummary } from "../../lib/reporting/console-summary.ts";
import { renderSummaryMarkdown } from "../../lib/reporting/markdown.ts";
import { buildSummary } from "../../lib/reporting/summary.ts";
import { registry } from "../support/case-rows.ts";

const check = defineCheck({
  id: "TEST-LEVEL-SHOWN",
  level: "should",
  basis: "spec",
  spec: "§2.3",
  title: "an invalid request is never answered as a success",
  run() {
    observeReference("accepted-invalid", "the reference refuses this; your server accepted it");
  },
});

async function evaluated() {
  const run = { config: loadConfig({ SEED: "1" }), target: { profile: undefined }, validators: registry };
  const module = { operation: DOCUMENTED_OPERATIONS[0]!, scenarios: {}, checks: [check] };
  return evaluateCheck(check, new ModuleRun(module, run as unknown as RunContext));
}

test("the result keeps the check's level; the finding's level is its own", async () => {
  const result = await evaluated();
  expect(result).toMatchObject({ level: "should", findingLevel: "info", basis: "reference", outcome: "failed" });
  expect(reportedOutcome(result, true), "an info finding is a warning, strict or not").toBe("warning");
  expect(reportedOutcome({ ...result, findingLevel: undefined }, true), "the same failure at should").toBe("failed");
});

const row: ConformanceMeta = {
  kind: "check",
  id: "CARD-TXN-NEGATIVE",
  level: "should",
  findingLevel: "info",
  basis: "reference",
  spec: "§2.3",
  title: "Create transaction: an invalid request is never answered as a success",
  family: "card-api",
  operation: "card-api.transaction-create",
  outcome: "warning",
  message: "the reference refuses this; your server accepted it",
};
const summary = buildSummary([row], [], {
  target: "t",
  seed: 1,
  strict: true,
  startedAt: "s",
  durationMs: 1,
  harnessVersion: "0.1.0",
});

test("the console and summary.md show the check at should, its finding at info", () => {
  const shown = "CARD-TXN-NEGATIVE [should; finding at info]";
  expect(renderConsoleSummary(summary, "reports")).toContain(`WARN ${shown} §2.3`);
  const markdown = renderSummaryMarkdown(summary);
  expect(markdown).toContain(`**CARD-TXN-NEGATIVE** [should; finding at info]`);
  expect(markdown).toMatch(/\| CARD-TXN-NEGATIVE \| should; finding at info \| reference \|/);
  expect(markdown).not.toMatch(/CARD-TXN-NEGATIVE\*?\*? \|? ?\[?info\b/);
});
