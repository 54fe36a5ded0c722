/**
 * One vitest describe per module, one named test per check (test.for). When the first test of a
 * worker runs, every check collected in it starts (lib/checks/schedule.ts). vitest collects and
 * runs a worker's files one after another, so when the run plan says this worker runs every suite
 * file (one worker, no shard), the first test also starts the checks of every module in the plan's
 * module index: a file whose checks wait on a lane (the payment card's) overlaps the other files'
 * requests instead of going before them — at a high latency that is most of a run. They share one
 * run context: one pace, one set of isolation lanes. Each test then reports its own result, in
 * order, so reporting is never interleaved. Results are keyed by check id (a generic module is
 * built anew by each file that lists it). Every operation's contracts are registered in the run's
 * contract book before anything is sent (the plan's contract index); the contract checks are queued
 * after the others and decided once all have sent (lib/checks/schedule.ts `startChecks`).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, describe, test, type TestContext } from "vitest";
import { ModuleRun, type CheckResult } from "../checks/evaluate.ts";
import { checkSlots, startChecks } from "../checks/schedule.ts";
import { decidedAtSettlement } from "../checks/kinds/index.ts";
import { evaluateWithRetries } from "../checks/retry.ts";
import { registerContracts } from "../checks/contract-verdict.ts";
import type { Check, Module, RunContext } from "../checks/types.ts";
import type { Stage } from "../checks/schedule.ts";
import { ExchangeLog } from "../reporting/exchange-log.ts";
import { startRequestFeed } from "../reporting/progress-feed.ts";
import { FAMILY_TITLES } from "../reporting/labels.ts";
import { redactor } from "../redaction/redact.ts";
import { createRunContext } from "../checks/run-context.ts";
import { ContractBook } from "../checks/contract-book.ts";
import { LatencyMeter } from "../checks/meter.ts";
import type { RunPlan } from "../checks/run-plan.ts";
import { Lanes, type LaneLocks } from "../http/coordination/lanes.ts";
import { workerPlan } from "./plan.ts";
import { reportCheck } from "./report-check.ts";

/** "CARD-STMT-PERIOD [must] §4.2 — Card statement: every operation lies within the requested period" */
function testName(check: Check): string {
  return `${check.id} [${check.level}] ${check.spec} — ${check.title}`;
}

type Task = TestContext["task"];
type Node = Task["file"]["tasks"][number] | Task["file"];

/** The checks running in this worker: one run context, each check's pending result, how many are still to report. */
interface WorkerRun {
  context: Promise<RunContext>;
  results: Map<string, Promise<CheckResult>>;
  unreported: number;
}

/**
 * What this worker keeps across its files, in one place: vitest loads this module once per worker
 * (isolate: false), so this is the worker's state, and a test of it reads one object.
 */
interface WorkerState {
  /** Filled at collection: the module of each check collected and not started yet, in collection order. */
  readonly collected: Map<Check, Module>;
  /** Whether the plan's module index was collected already (once per worker). */
  indexCollected: boolean;
  /**
   * The contract book, one for all the run contexts the worker makes (a shard's worker makes one per
   * file): the preflight's answers absorbed once, and with --shard its tallies written for the merge.
   */
  book?: ContractBook;
  /** The latency meter, likewise one for all its run contexts: a budget check reads the worker's whole traffic. */
  readonly meter: LatencyMeter;
  /** The isolation lanes, likewise: held across the worker's files too. */
  readonly lanes: LaneLocks;
  /** The run under way, until its last started check has reported. */
  current?: WorkerRun;
}

const worker: WorkerState = {
  collected: new Map(),
  indexCollected: false,
  meter: new LatencyMeter(),
  lanes: new Lanes(),
};

function bookOf(plan: RunPlan): ContractBook {
  if (worker.book) return worker.book;
  worker.book = new ContractBook();
  if (plan.preflightAnswers) worker.book.absorb(plan.preflightAnswers);
  return worker.book;
}

/** A shard's tallies so far, redacted, beside its blob report: the merge re-decides the contract rows from every shard's. */
function writeShardTallies(plan: RunPlan): void {
  if (!plan.contractsFile || !worker.book) return;
  mkdirSync(dirname(plan.contractsFile), { recursive: true });
  writeFileSync(plan.contractsFile, `${JSON.stringify(redactor.json(worker.book.snapshot(false)))}\n`);
}

/**
 * A check's test waits for its result, and a contract check's result for every other check of the
 * run (they report first in their module): so the bound is the run's deadline, with a margin.
 */
function testTimeout(plan: RunPlan): number {
  return Math.max(600_000, plan.limits.deadlineAt - Date.now() + 120_000);
}

/** Checks this run will not run: filtered out in this file (by vitest's modes) or by --check. */
function skippedIn(node: Node, out = new Set<string>()): Set<string> {
  if (node.type === "test") {
    if (node.mode !== "run") out.add(node.name);
  } else node.tasks.forEach((t) => skippedIn(t, out));
  return out;
}

/** Every module of the suites' index (the plan's), or none without one. */
async function indexedModules(index: string | undefined): Promise<Module[]> {
  return index ? ((await import(index)) as { ALL_MODULES: Module[] }).ALL_MODULES : [];
}

/** Every module of the run, from the plan's module index, when this worker runs every file. */
async function collectIndexedModules(index: string | undefined): Promise<void> {
  if (!index || worker.indexCollected) return;
  worker.indexCollected = true;
  const known = new Set([...worker.collected.keys()].map((c) => c.id));
  for (const module of await indexedModules(index))
    for (const check of module.checks) if (!known.has(check.id)) worker.collected.set(check, module);
}

/** Starts every collected check not started yet (and `own`, whatever the selection says). */
async function startAll(file: Task["file"], own: Check): Promise<WorkerRun> {
  const plan = workerPlan();
  await collectIndexedModules(plan.moduleIndex);
  startRequestFeed(plan.progressDir);
  const run = (worker.current ??= {
    context: createRunContext(plan.config, plan, { book: bookOf(plan), meter: worker.meter, lanes: worker.lanes }),
    results: new Map(),
    unreported: 0,
  });
  const chosen = plan.selectedChecks.length ? plan.selectedChecks : undefined;
  const skipped = skippedIn(file);
  const fresh = [...worker.collected].filter(
    ([check]) =>
      !run.results.has(check.id) &&
      (check === own || (!skipped.has(testName(check)) && (!chosen || chosen.includes(check.id)))),
  );
  if (!fresh.length) return run;
  // Started once per worker: a later file's run context must not start an earlier file's checks again.
  for (const [check] of fresh) worker.collected.delete(check);
  const pending = run.context.then(async (context) => {
    const modules = [...new Set(fresh.map(([, module]) => module))];
    // The schemas compiled before the first answer is judged (once per worker, as on first use otherwise).
    context.validators.compileAll();
    // Every operation's contracts before anything is sent: an answer to one whose checks sit in a later file still counts.
    registerContracts(context.contracts, [...modules, ...(await indexedModules(plan.contractIndex))], context);
    const moduleRuns = new Map(modules.map((module) => [module, new ModuleRun(module, context)]));
    const tasks = fresh.map(([check, module]) => ({
      contract: decidedAtSettlement(check),
      evaluate: (stage: Stage) =>
        evaluateWithRetries(moduleRuns.get(module)!, check, context.config.run.retries, stage),
    }));
    return startChecks([tasks], checkSlots(context.inFlight));
  });
  fresh.forEach(([check], i) => {
    const result = pending.then((all) => all[i]!);
    // A context that failed (a bad CRYPTO_PROFILE) fails each test that awaits it, not the process.
    result.catch(() => undefined);
    run.results.set(check.id, result);
  });
  run.unreported += fresh.length;
  return run;
}

/** After the last started check has reported: the run's connections close (a later file opens new ones). */
async function reported(run: WorkerRun): Promise<void> {
  if (--run.unreported > 0 || worker.current !== run) return;
  worker.current = undefined;
  writeShardTallies(workerPlan());
  await (await run.context.catch(() => undefined))?.target.close();
}

export function describeModule(module: Module, aspect?: string): void {
  const op = module.operation;
  describe(`${FAMILY_TITLES[op.family]} › ${op.title} (${op.spec})${aspect ? ` › ${aspect}` : ""}`, () => {
    let exchangeLog: ExchangeLog | undefined;
    // One write per module: its sampled exchanges, redacted, for the HAR file.
    afterAll(() => exchangeLog?.flush(redactor));

    for (const check of module.checks) worker.collected.set(check, module);
    // Rows are [name, check]: "%s" prints the name verbatim ("$id" would quote and truncate it).
    const rows = module.checks.map((check) => [testName(check), check] as const);
    test.for(rows)("%s", { timeout: testTimeout(workerPlan()) }, async ([, check], ctx) => {
      const run = await startAll(ctx.task.file, check);
      try {
        const context = await run.context;
        const result = await run.results.get(check.id)!;
        exchangeLog ??= new ExchangeLog(context.config.run.reportsDir, op.key);
        const { seed, strict, propertyRuns } = context.config.run;
        await reportCheck(check, result, op, ctx, seed, strict, { propertyRuns, exchangeLog });
      } finally {
        await reported(run);
      }
    });
  });
}
