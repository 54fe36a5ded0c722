/**
 * payment-conformance ci [--target-url URL] [--variables-file FILE] [--strict true|false] [--shards N --shard-index I]
 *                        [--merge-reports DIR] [--retries N] [--fail-on WHAT] [--html-report true|false]
 *                        [--certify true|false] [--args "MORE OPTIONS"]
 * The one script of the GitHub action (action.yml; `npm run ci-step` in the checkout, GitLab too):
 * runs the conformance run, then the HTML report and the certification pack, each as its own
 * process like a user would, and writes the step outputs and the job summary (lib/runner/ci-outputs.ts).
 * An empty option is unset (the action passes every input). Exit code: the run's own (0/1/2/3/130/143).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { readEnvFile } from "../lib/config/env-file.ts";
import { VARIABLES } from "../lib/config/variables.ts";
import {
  jobSummary,
  problemLine,
  readRunSummary,
  stepOutputs,
  writeStepFiles,
  type StepResult,
} from "../lib/runner/ci-outputs.ts";
import { runMain, UsageError } from "../lib/runner/cli-errors.ts";

const COMMAND = fileURLToPath(new URL("./payment-conformance.mjs", import.meta.url));
/** The memory settings of `npm run conformance` (package.json): this step starts the run itself. */
const RUN_NODE_FLAGS = ["--max-semi-space-size=2", "--max-old-space-size=256"];
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

const OPTIONS = [
  "target-url",
  // The action's env-file input; not --env-file, which Node 20 takes for its own wherever it stands in argv.
  "variables-file",
  "strict",
  "shards",
  "shard-index",
  "merge-reports",
  "retries",
  "fail-on",
  "html-report",
  "certify",
  "args",
] as const;
type Options = Partial<Record<(typeof OPTIONS)[number], string>>;

function parseOptions(argv: string[]): Options {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({ args: argv, options: Object.fromEntries(OPTIONS.map((o) => [o, { type: "string" }])) })
      .values as Record<string, string | undefined>;
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (options: ${OPTIONS.map((o) => `--${o}`).join(" ")})`);
  }
  // The action passes every input; an empty one is unset.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v.trim() !== "")) as Options;
}

function flag(options: Options, name: "strict" | "html-report" | "certify", fallback: boolean): boolean {
  const value = options[name]?.trim().toLowerCase();
  if (value === undefined) return fallback;
  if (value !== "true" && value !== "false") throw new UsageError(`--${name} ${options[name]}: expected true or false`);
  return value === "true";
}

function count(options: Options, name: "shards" | "shard-index" | "retries"): number | undefined {
  const text = options[name];
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} ${text}: expected a whole number`);
  return n;
}

/** This job's shard as `i/n`, or none (shards unset or 1). */
function shardOf(options: Options): string | undefined {
  const [shards, index] = [count(options, "shards"), count(options, "shard-index")];
  if (shards === undefined || shards <= 1) return undefined;
  if (index === undefined || index < 1 || index > shards)
    throw new UsageError(`--shards ${shards} needs --shard-index between 1 and ${shards} (a matrix job's shard)`);
  return `${index}/${shards}`;
}

/** The options of the run itself. */
function runArgs(options: Options, shard: string | undefined): string[] {
  const retries = count(options, "retries");
  return [
    ...(flag(options, "strict", false) ? ["--strict"] : []),
    ...(shard ? [`--shard=${shard}`] : []),
    ...(options["merge-reports"] ? ["--merge-reports", options["merge-reports"]] : []),
    ...(retries ? ["--retries", String(retries)] : []),
    ...(options["fail-on"] ? ["--fail-on", options["fail-on"]] : []),
    ...(options.args?.split(/\s+/).filter(Boolean) ?? []),
  ];
}

/**
 * The environment of every command: the env file's variables, the job's environment winning, the
 * target URL input last. Without GITHUB_STEP_SUMMARY: the step writes the job summary itself (the
 * run's summary.md, which holds what changed since the last run), once.
 */
function commandEnv(options: Options): NodeJS.ProcessEnv {
  const file = options["variables-file"];
  if (file !== undefined && !existsSync(file))
    throw new UsageError(`env file ${file}: no such file (the env-file input, --variables-file)`);
  const { GITHUB_STEP_SUMMARY: _written, ...job } = process.env;
  return {
    ...(file ? readEnvFile(file) : {}),
    ...job,
    ...(options["target-url"] ? { TARGET_BASE_URL: options["target-url"] } : {}),
  };
}

/**
 * One command of the harness as its own process. In a process group of its own, so that a
 * cancelled job's signal reaches it once, forwarded from here (twice would end it at once, before
 * it writes what it judged). Resolves its exit code and its last stderr line.
 */
function runCommand(
  nodeFlags: string[],
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; lastLine?: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...nodeFlags, COMMAND, ...args], {
      env,
      stdio: ["ignore", "inherit", "pipe"],
      detached: true,
    });
    let tail = "";
    child.stderr.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", forward).on("SIGTERM", forward);
    child.on("error", fail);
    child.on("close", (code, signal) => {
      process.off("SIGINT", forward).off("SIGTERM", forward);
      const lastLine = tail.trim().split("\n").pop();
      done({ code: code ?? SIGNAL_EXIT[signal ?? ""] ?? 1, ...(lastLine ? { lastLine } : {}) });
    });
  });
}

/** The HTML report and the pack of a finished (or merged) run; their failures do not change the run's exit code. */
async function afterRun(options: Options, env: NodeJS.ProcessEnv, dir: string): Promise<Partial<StepResult>> {
  const made: Partial<StepResult> = {};
  if (flag(options, "html-report", true) && (await runCommand([], ["report"], env)).code === 0)
    made.htmlReport = join(dir, "allure-report");
  if (flag(options, "certify", true)) {
    await runCommand([], ["certify"], env);
    if (existsSync(join(dir, "certification.zip"))) made.pack = join(dir, "certification.zip");
  }
  return made;
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const options = parseOptions(argv);
  const shard = shardOf(options);
  const args = runArgs(options, shard);
  const env = commandEnv(options);
  // Where the run writes: REPORTS_DIR as the run reads it (environment, then the folder's .env).
  const dotEnv = existsSync(".env") ? readEnvFile(".env") : {};
  const dir = resolve(env.REPORTS_DIR?.trim() || dotEnv.REPORTS_DIR?.trim() || VARIABLES.REPORTS_DIR.default);
  const run = await runCommand(RUN_NODE_FLAGS, ["run", ...args], env);
  const { json, markdown } = readRunSummary(dir);
  const result: StepResult = {
    exitCode: run.code,
    reportsDir: dir,
    problem: run.code === 0 ? undefined : problemLine(run.lastLine, env),
    shard,
    artifactName: shard ? `conformance-blob-${shard.split("/")[0]}` : "conformance-reports",
    ...(json && !shard ? await afterRun(options, env, dir) : {}),
  };
  const outputs = stepOutputs(result, json);
  writeStepFiles(process.env, outputs, jobSummary(result, outputs, markdown));
  process.stdout.write(`ci-step: verdict ${outputs.verdict} · exit ${run.code} · reports ${dir}\n`);
  return run.code;
}

// Run as the process when started directly (node --import tsx cli/ci-step.ts); payment-conformance.mjs runs main itself.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) runMain("ci-step", main);
