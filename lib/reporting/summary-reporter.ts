/** A vitest reporter that writes summary.json and summary.md and prints the verdict table. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { redactor } from "../redaction/redact.ts";
import type { ConformanceMeta } from "../checks/meta.ts";
import "../checks/meta.ts";
import { renderConsoleSummary } from "./console-summary.ts";
import { notRunRow } from "./not-run.ts";
import { clearExchangeLog } from "./exchange-log.ts";
import { SPEC_DOCUMENT } from "./labels.ts";
import { renderSummaryMarkdown } from "./markdown.ts";
import { parseSpecClauses } from "./spec-clauses.ts";
import { buildSummary, type RunInfo, type Summary } from "./summary.ts";
import type { BookSnapshot } from "../checks/contract-types.ts";
import { decidedAgain } from "./contract-rows.ts";

export interface SummaryReporterOptions {
  reportsDir: string;
  info: Omit<RunInfo, "durationMs" | "startedAt">;
  onSummary?: (summary: Summary) => void;
  /** The signal that stopped the run, if one did (lib/runner/interrupt.ts): verdict interrupted. */
  interruptedBy?: () => string | undefined;
  /** A merge of shards: every shard's contract tallies added up, from which the contract rows are decided again. */
  contracts?: BookSnapshot;
}

function rowsOf(module: TestModule, interrupted = false): ConformanceMeta[] {
  return [...module.children.allTests()].flatMap((test): ConformanceMeta[] => {
    const meta = test.meta().conformance;
    if (meta) return [meta];
    const result = test.result();
    // Selected but cancelled when the run was interrupted: "not run", named, not left out.
    if (interrupted && test.options.mode === "run" && result.state !== "passed" && result.state !== "failed") {
      const row = notRunRow(test.name, test.parent.type === "suite" ? test.parent.name : "");
      if (row) return [row];
    }
    // Not run at all (filtered out by --check): not part of this run's summary.
    if (result.state === "skipped" || result.state === "pending") return [];
    // A test that failed before reporting itself: a harness problem, shown as such.
    return [
      {
        kind: "check",
        id: test.name.split(" ")[0] ?? test.name,
        spec: "§4",
        title: test.name,
        family: "card-api",
        operation: "unknown",
        outcome: result.state === "passed" ? "passed" : "failed",
        category: "harness",
        message: result.errors?.[0]?.message ?? "no result",
      },
    ];
  });
}

const interruption = (signal: string | undefined) => (signal ? { interrupted: signal } : {});

function moduleErrors(module: TestModule): string[] {
  return module.errors().map((e) => `${module.moduleId}: ${e.message}`);
}

export class SummaryReporter implements Reporter {
  private started = Date.now();

  constructor(private readonly options: SummaryReporterOptions) {}

  onInit(): void {
    this.started = Date.now();
    // The workers append this run's exchanges; a previous run's must not mix in.
    clearExchangeLog(this.options.reportsDir);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<{ message?: string }>): void {
    const signal = this.options.interruptedBy?.();
    const merged = this.options.contracts;
    const rows = modules
      .flatMap((m) => rowsOf(m, Boolean(signal)))
      .map((row) => (merged ? decidedAgain(row, merged, this.options.info.strict) : row));
    const errors = [
      ...modules.flatMap(moduleErrors),
      ...unhandled.map((e) => `unhandled: ${e.message ?? String(e)}`),
    ].map((e) => redactor.text(e));
    const clauses = parseSpecClauses(readFileSync(new URL(`../../${SPEC_DOCUMENT}`, import.meta.url), "utf8"));
    // Every output passes the one redaction routine, even though its parts were redacted already.
    const summary = redactor.json(
      buildSummary(
        rows,
        errors,
        {
          ...this.options.info,
          ...interruption(signal),
          startedAt: new Date(this.started).toISOString(),
          durationMs: Date.now() - this.started,
        },
        clauses,
      ),
    ) as Summary;
    const dir = this.options.reportsDir;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
    writeFileSync(join(dir, "summary.md"), redactor.text(renderSummaryMarkdown(summary)));
    process.stdout.write(redactor.text(renderConsoleSummary(summary, dir)));
    this.options.onSummary?.(summary);
  }
}
