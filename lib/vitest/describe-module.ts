/** One vitest describe per module, one named test per check (test.for), sharing the module's scenarios. */
import { afterAll, describe, test } from "vitest";
import { ModuleRun } from "../checks/evaluate.ts";
import type { Check, Module, RunContext } from "../checks/types.ts";
import { processConfiguration } from "../config/load.ts";
import { ExchangeLog } from "../reporting/exchange-log.ts";
import { FAMILY_TITLES } from "../reporting/labels.ts";
import { redactor } from "../redaction/redact.ts";
import { createRunContext } from "../checks/run-context.ts";
import { reportCheck } from "./report-check.ts";

/** "CARD-STMT-PERIOD [must] §4.2 — Card statement: every operation lies within the requested period" */
function testName(check: Check): string {
  return `${check.id} [${check.level}] ${check.spec} — ${check.title}`;
}

export function describeModule(module: Module, aspect?: string): void {
  const op = module.operation;
  describe(`${FAMILY_TITLES[op.family]} › ${op.title} (${op.spec})${aspect ? ` › ${aspect}` : ""}`, () => {
    // The run context is asynchronous (a CRYPTO_PROFILE module is imported): created once, awaited.
    let run: Promise<RunContext> | undefined;
    let moduleRun: ModuleRun | undefined;
    let exchangeLog: ExchangeLog | undefined;
    const current = async () => {
      run ??= createRunContext(processConfiguration());
      const context = await run;
      exchangeLog ??= new ExchangeLog(context.config.run.reportsDir, op.key);
      return (moduleRun ??= new ModuleRun(module, context));
    };
    // One write per test file: the module's sampled exchanges, redacted, for the HAR file.
    afterAll(async () => {
      exchangeLog?.flush(redactor);
      await (await run?.catch(() => undefined))?.target.close();
    });

    // Rows are [name, check]: "%s" prints the name verbatim ("$id" would quote and truncate it).
    test.for(module.checks.map((check) => [testName(check), check] as const))("%s", async ([, check], ctx) => {
      const moduleRun = await current();
      const result = await moduleRun.evaluate(check);
      const { seed, strict, propertyRuns } = moduleRun.run.config.run;
      await reportCheck(check, result, op, ctx, seed, strict, { propertyRuns, ...(exchangeLog ? { exchangeLog } : {}) });
    });
  });
}
