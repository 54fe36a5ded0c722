/**
 * One vitest describe per module, one named test per check (test.for). The checks of a test file
 * all start together when its first test runs (lib/checks/schedule.ts: they share one run
 * context, hence one pace and one set of isolation lanes); each test then reports its own
 * result, in order, so reporting is never interleaved.
 */
import { afterAll, describe, test, type TestContext } from "vitest";
import type { CheckResult } from "../checks/evaluate.ts";
import { ModuleRun } from "../checks/evaluate.ts";
import { checkSlots, runConcurrently } from "../checks/schedule.ts";
import type { Check, Module, RunContext } from "../checks/types.ts";
import { processConfiguration } from "../config/load.ts";
import { ExchangeLog } from "../reporting/exchange-log.ts";
import { FAMILY_TITLES } from "../reporting/labels.ts";
import { redactor } from "../redaction/redact.ts";
import { createRunContext } from "../runner/context.ts";
import { reportCheck } from "./report-check.ts";

/** "CARD-STMT-PERIOD [must] §4.2 — Card statement: every operation lies within the requested period" */
export function testName(check: Check): string {
  return `${check.id} [${check.level}] ${check.spec} — ${check.title}`;
}

type Task = TestContext["task"];
type FileTask = Task["file"];
type Node = FileTask["tasks"][number];

/** Filled at collection: which module and check a test name stands for (ids are unique). */
const rows = new Map<string, { module: Module; check: Check }>();

/** What a test file shares: one run context, and the pending result of each check selected in it. */
interface FileRun { context: Promise<RunContext>; results: Map<Check, Promise<CheckResult>>; suitesLeft: number }
const files = new WeakMap<FileTask, FileRun>();

/** The tests of a suite or file that this run will run (not filtered out by --check or a shard). */
function selected(node: Node | FileTask): Task[] {
  if (node.type === "test") return node.mode === "run" && rows.has(node.name) ? [node as Task] : [];
  return node.tasks.flatMap(selected);
}

function startFile(file: FileTask): FileRun {
  let run = files.get(file);
  if (run) return run;
  const tests = selected(file);
  const suites = new Set(tests.map((t) => t.suite));
  const context = createRunContext(processConfiguration());
  const results = new Map<Check, Promise<CheckResult>>();
  const moduleRuns = new Map<Module, Promise<ModuleRun>>();
  const moduleRun = (module: Module) => moduleRuns.get(module) ?? moduleRuns.set(module, context.then((c) => new ModuleRun(module, c))).get(module)!;
  const tasks = tests.map((t) => rows.get(t.name)!).map(({ module, check }) => async () => (await moduleRun(module)).evaluate(check));
  const pending = context.then((c) => runConcurrently(tasks, checkSlots(c.config.safety.concurrency)));
  tests.forEach((t, i) => {
    const result = pending.then((all) => all[i]!);
    // A failed context (a bad CRYPTO_PROFILE) fails each test that awaits it, not the process.
    result.catch(() => undefined);
    results.set(rows.get(t.name)!.check, result);
  });
  run = { context, results, suitesLeft: suites.size };
  files.set(file, run);
  return run;
}

export function describeModule(module: Module, aspect?: string): void {
  const op = module.operation;
  describe(`${FAMILY_TITLES[op.family]} › ${op.title} (${op.spec})${aspect ? ` › ${aspect}` : ""}`, () => {
    let exchangeLog: ExchangeLog | undefined;
    // One write per module: its sampled exchanges, redacted, for the HAR file; the file's target closes after its last module.
    afterAll(async ({}, suite) => {
      exchangeLog?.flush(redactor);
      const run = files.get(suite.file);
      if (run && selected(suite).length && --run.suitesLeft === 0) await (await run.context.catch(() => undefined))?.target.close();
    });

    for (const check of module.checks) rows.set(testName(check), { module, check });
    // Rows are [name, check]: "%s" prints the name verbatim ("$id" would quote and truncate it).
    test.for(module.checks.map((check) => [testName(check), check] as const))("%s", async ([, check], ctx) => {
      const run = startFile(ctx.task.file);
      const context = await run.context;
      const result = await run.results.get(check)!;
      exchangeLog ??= new ExchangeLog(context.config.run.reportsDir, op.key);
      const { seed, strict, propertyRuns } = context.config.run;
      await reportCheck(check, result, op, ctx, seed, strict, { propertyRuns, exchangeLog });
    });
  });
}
