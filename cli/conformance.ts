/**
 * npm run conformance [-- --strict] [--check ID]... [--no-preflight] [--quiet] [--shard=i/n] [--merge-reports DIR]
 * Runs every suite against TARGET_BASE_URL, or against the embedded reference sandbox when it is
 * unset: preflight first, then the checks within the run's limits (run-limits.ts), then the
 * baseline gate. Exit code: 0 conformant, 1 a check failed, 2 bad configuration or usage.
 */
import "../lib/config/env-first.ts";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ADDED_OPERATIONS, CATALOGUE_PROBLEM, DOCUMENTED_OPERATIONS } from "../lib/catalogue/index.ts";
import { validators } from "../lib/validation/registry.ts";
import { checkAddedOperations } from "../generators/cases/schema-cases.ts";
import { checkClientData } from "../generators/cases/business.ts";
import { checkRequestRules } from "../generators/cases/request-rules.ts";
import { loadConfig, type Config } from "../lib/config/load.ts";
import { describeRequestRules } from "../lib/config/request-rules.ts";
import { ConfigError } from "../lib/errors/config-error.ts";
import { VARIABLES } from "../lib/config/variables.ts";
import { escapeRegExp, redactor } from "../lib/redaction/redact.ts";
import { writeJunitVerdict } from "../lib/reporting/junit-verdict.ts";
import { markFlakyInAllure, markFlakyInJunit } from "../lib/reporting/flaky-marks.ts";
import { markMergedFailures } from "../lib/reporting/merged-marks.ts";
import { exitCodeOf, type Summary } from "../lib/reporting/summary.ts";
import { applyBaseline, loadBaseline, type Baseline } from "../lib/runner/baseline.ts";
import { baselineConsoleLines, writeBaselineVerdict } from "../lib/runner/baseline-report.ts";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";
import { createRunContext, loadConfiguredProfile } from "../lib/checks/run-context.ts";
import { FileDebitBudget } from "../lib/http/debit-budget.ts";
import { describePreflight, judgedAsPreflight, runPreflight } from "../lib/runner/preflight.ts";
import { tlsSessions } from "../lib/http/tls-session.ts";
import { networkLines, networkReport, networkRunNote, type NetworkReport } from "../lib/reporting/network.ts";
import { PREFLIGHT_REQUESTS } from "../suites/preflight-requests.ts";
import { debitShare, planRunLimits, workerCount, type RunLimits } from "../lib/http/run-limits.ts";
import { withBaseUrl, type RunPlan } from "../lib/checks/run-plan.ts";
import { withoutProxy } from "../lib/config/proxy.ts";
import type { DebitRange } from "../lib/payments/debit-range.ts";
import { runConformanceVitest } from "../lib/runner/run-vitest.ts";
import { contractsFileOf, parseShard, type Shard } from "../lib/runner/shard.ts";
import type { BookSnapshot } from "../lib/checks/contract-types.ts";
import { parseFailOn } from "../lib/runner/fail-on.ts";
import {
  changesExitCode,
  interruptBeforeTheChecks,
  lastFailedRun,
  unavailable,
  withRerunOptions,
} from "../lib/runner/operated-run.ts";
import { HARNESS_VERSION } from "../lib/config/version.ts";
import { profileVariables } from "../lib/crypto/index.ts";
import { isProfileModule } from "../lib/crypto/module-profile.ts";
import { declarationOf } from "../lib/reporting/certify/declaration.ts";
import type { ProgressOptions } from "../lib/reporting/progress.ts";
import { startSandbox, type SandboxOptions } from "../sandbox/server.ts";
import { shareAccessToken, type SharedToken } from "../lib/runner/access-token.ts";
import { ALL_MODULES } from "../suites/modules.ts";

/** The suites' module index, for a worker that runs every file (run-plan.ts `moduleIndex`). */
const MODULE_INDEX = fileURLToPath(new URL("../suites/modules.ts", import.meta.url));

function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        "strict": { type: "boolean" },
        "check": { type: "string", multiple: true },
        "help": { type: "boolean" },
        "no-preflight": { type: "boolean" },
        "quiet": { type: "boolean" },
        "shard": { type: "string" },
        "merge-reports": { type: "string" },
        "retries": { type: "string" },
        "last-failed": { type: "boolean" },
        "fail-on": { type: "string" },
      },
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (see npm run conformance -- --help)`);
  }
}

const HELP = `usage: npm run conformance [-- --strict] [--check CHECK-ID]... [--no-preflight] [--quiet] [--shard=i/n] [--merge-reports DIR]
  --strict             should-level failures fail the run (same as CONFORMANCE_STRICT=true)
  --check ID           run only this check (repeatable); failures print the id to use
  --no-preflight       skip the preflight (target, credentials, fixtures, clock) before the checks
  --quiet              no live progress (on a terminal one line in place, otherwise a status line every 10 s)
  --shard=i/n          run the i-th of n parts and write a blob report to REPORTS_DIR/blobs/
  --merge-reports DIR  no target: merge the blob reports in DIR into one JUnit, summary and Allure results
  --retries N          a failed check runs again up to N times (same as CHECK_RETRIES); passed on a retry: flaky
  --last-failed        run only the failed, flaky and not-judged checks of the last summary.json, with its seed
  --fail-on new        exit 1 only when a check failed that passed (or did not exist) in the last kept run
Exit codes: 0 conformant · 1 not conformant or incomplete · 2 configuration or usage · 3 target unavailable · 130/143 interrupted.
Configuration comes from .env and the environment; see .env.example.`;

/** --merge-reports DIR must hold the shards' blob reports (blob-*.json). */
function requireBlobs(dir: string): void {
  const blobs =
    existsSync(dir) && statSync(dir).isDirectory()
      ? readdirSync(dir).filter((f) => /^blob.*\.json$/.test(f))
      : undefined;
  if (!blobs) throw new UsageError(`--merge-reports ${dir}: no such folder`);
  if (!blobs.length)
    throw new UsageError(
      `--merge-reports ${dir}: no blob report (blob-*.json) in it; run the shards with --shard=i/n first`,
    );
}

function clearOutputs(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new ConfigError("REPORTS_DIR", `${JSON.stringify(dir)} is a file, not a folder`);
  // The report and the pack of the last run too: handed over beside a new summary, they would mislead.
  // (history/ stays: it is the trend across runs.)
  for (const output of [
    "allure-results",
    "junit.xml",
    "summary.json",
    "summary.md",
    "allure-report",
    "allure-report-single",
    "certification",
    "certification.zip",
  ]) {
    rmSync(join(dir, output), { recursive: true, force: true });
  }
}

/** Plans the run-wide limits: each worker's share travels in the run plan. */
function planLimits(
  config: Config,
  shard: Shard | undefined,
  startedAt: number,
): { limits: RunLimits; workers: number; budgetFile?: string } {
  const shards = shard?.count ?? 1;
  const workers = workerCount();
  const cap = config.safety.maxDebitTotalMinor;
  let budgetFile: string | undefined;
  if (cap !== undefined) {
    mkdirSync(join(config.run.reportsDir, ".run"), { recursive: true });
    budgetFile = FileDebitBudget.create(
      join(config.run.reportsDir, ".run", `debit-budget-${process.pid}.json`),
      debitShare(cap, shards),
    ).file;
  }
  // Isolation lanes hold across the workers (lib/http/file-lanes.ts): a debiting module may sit in any file.
  const lanesDir = join(config.run.reportsDir, ".run", `lanes-${process.pid}`);
  mkdirSync(lanesDir, { recursive: true });
  const limits = planRunLimits(config, { workers, shards, startedAt }, budgetFile, lanesDir);
  return { limits, workers, ...(budgetFile ? { budgetFile } : {}) };
}

/**
 * Decides the debit range of the run, once: the preflight's (it reads the payment card's limits and
 * posts the fixture debit at that range's fixed amount), or with --no-preflight one reading of the
 * limits alone. The workers use it as it is (the run plan); the summary states it. The answers it
 * got are judged by the contracts like any other (`answers`, handed to the workers in the plan).
 */
async function decideDebitRange(
  config: Config,
  planned: Pick<RunPlan, "limits" | "tokenBroker">,
  preflight: boolean,
  quiet: boolean,
): Promise<{ range: DebitRange; answers?: BookSnapshot }> {
  const run = await createRunContext(config, planned);
  try {
    const { value, answers } = await judgedAsPreflight(run, ALL_MODULES, async () => {
      if (!preflight) return run.debitAmounts();
      const lines = describePreflight(await runPreflight(run, PREFLIGHT_REQUESTS));
      if (!quiet && lines.length) process.stdout.write(`${lines.join("\n")}\n`);
      return run.debitAmounts();
    });
    return { range: value, ...(answers ? { answers } : {}) };
  } finally {
    await run.target.close();
  }
}

/** The TLS sessions and the proxy the preflight went through (tls-session.ts), for the summary and the console. */
function networkSeen(config: Config, quiet: boolean): NetworkReport | undefined {
  const network = networkReport(tlsSessions(), redactor.text(config.network.proxy.httpsProxy));
  const lines = networkLines(network).map((line) => `preflight: ${line}`);
  if (!quiet && lines.length) process.stdout.write(`${lines.join("\n")}\n`);
  return network;
}

/** The live progress, unless --quiet or a merge: the workers' request feed goes to a folder of this run (in the plan). */
function liveProgress(
  options: ReturnType<typeof parseOptions>,
  dir: string,
  sharded: boolean,
): ProgressOptions | undefined {
  if (options.quiet || options["merge-reports"] !== undefined) return undefined;
  const feedDir = join(dir, ".run", `progress-${process.pid}`);
  rmSync(feedDir, { recursive: true, force: true });
  // A shard runs a part vitest chooses: its total is what it collects.
  const all = ALL_MODULES.reduce((n, m) => n + m.checks.length, 0);
  return { feedDir, ...(sharded ? {} : { expected: options.check?.length ?? all }) };
}

function verdictExitCode(summary: Summary | undefined, baseline: Baseline | undefined, dir: string): number {
  if (!summary) {
    process.stderr.write("conformance: the run ended without a summary (see the errors above)\n");
    return EXIT.failed;
  }
  writeJunitVerdict(join(dir, "junit.xml"), summary);
  markFlakyInJunit(join(dir, "junit.xml"), summary.checks);
  markFlakyInAllure(join(dir, "allure-results"), summary.checks);
  // After a merge of shards a contract check may fail on another shard's answers: JUnit and Allure say so too.
  markMergedFailures(join(dir, "junit.xml"), join(dir, "allure-results"), summary.checks);
  if (!baseline) return exitCodeOf(summary);
  const verdict = applyBaseline(summary, baseline);
  writeBaselineVerdict(dir, summary, verdict);
  process.stdout.write(`${baselineConsoleLines(verdict).join("\n")}\n`);
  return verdict.gate === "pass" ? EXIT.conformant : EXIT.failed;
}

/** The options against the configuration and the catalogue; each problem is exit 2. */
function checkUsage(options: ReturnType<typeof parseOptions>, config: Config) {
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const mergeFrom = options["merge-reports"];
  if (mergeFrom !== undefined && shard)
    throw new UsageError("--merge-reports and --shard exclude each other: merge after every shard ran");
  const knownIds = new Set(ALL_MODULES.flatMap((m) => m.checks.map((c) => c.id)));
  // A mistyped id would select nothing and pass: a gate that checked nothing must not be green.
  const unknownId = options.check?.find((id) => !knownIds.has(id));
  if (unknownId)
    throw new UsageError(
      `--check ${unknownId}: no such check (ids are in every test name and in summary.md, e.g. CARD-STMT-PERIOD)`,
    );
  if (mergeFrom !== undefined) requireBlobs(mergeFrom);
  if (shard && shard.count > config.safety.concurrency) {
    throw new UsageError(
      `CONCURRENCY=${config.safety.concurrency} is less than the ${shard.count} shards: each shard needs at least one request in flight`,
    );
  }
  return { shard, mergeFrom, baseline: loadBaseline(config.safety.baselineFile, knownIds) };
}

/** A profile module and the variables of its own it reads (values never shown): part of the run line. */
async function profileLine(spec: string): Promise<string> {
  if (!isProfileModule(spec)) return "";
  const own = await profileVariables(spec);
  return ` · profile ${spec}${own.length ? ` reads ${own.map((v) => (v.secret ? `${v.name} (secret)` : v.name)).join(", ")}` : ""}`;
}

/** The embedded sandbox authenticates card API requests as the configuration does (CARD_API_AUTH). */
function embeddedSandboxOptions(config: Config): SandboxOptions {
  const auth = config.cardApi.auth;
  const cardApiAuth = auth === "module" ? "profile" : auth === "headers" ? "none" : auth;
  return { profile: config.partner.cryptoProfile, cardApiJws: config.cardApi.jws, cardApiAuth };
}

/** The configuration of the run, loaded once: --strict and the embedded sandbox's URL go in it, not into process.env. */
function runConfiguration(options: ReturnType<typeof parseOptions>): Config {
  const config = loadConfig(process.env);
  return options.strict ? { ...config, run: { ...config.run, strict: true } } : config;
}

/**
 * The configuration aimed at the embedded sandbox. Its request rules are the reference, so it
 * declares them (REQUEST_RULES_FILE=reference) unless the user set the variable: the reference's
 * assumed rules are judged at should level against it (docs/checks-and-levels.md).
 */
export function embeddedSandboxConfig(loaded: Config, url: string): Config {
  // Never through a proxy the environment names (a CI runner's HTTPS_PROXY): the sandbox is on loopback here.
  const aimed = withBaseUrl({ ...loaded, network: withoutProxy(loaded.network) }, url);
  if (loaded.fixtures.requestRules.kind !== "none") return aimed;
  return { ...aimed, fixtures: { ...aimed.fixtures, requestRules: { kind: "reference" } } };
}

/** The command, callable in-process (tests/cli/usage.unit.test.ts); conformance.mjs runs it as the process. */
export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const startedAt = Date.now();
  const options = parseOptions(argv);
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.conformant;
  }
  const lastFailed = lastFailedRun(options);
  const failOn = parseFailOn(options["fail-on"]);
  // First of all: a run that stops on its configuration must not leave the last run's verdict behind for CI to publish.
  clearOutputs(process.env.REPORTS_DIR?.trim() || VARIABLES.REPORTS_DIR.default);
  const loaded = withRerunOptions(runConfiguration(options), options, lastFailed);
  if (CATALOGUE_PROBLEM) throw CATALOGUE_PROBLEM;
  validators().compileAll(ADDED_OPERATIONS);
  checkAddedOperations(ADDED_OPERATIONS, validators());
  checkClientData(loaded, validators());
  checkRequestRules(
    loaded,
    validators(),
    [...DOCUMENTED_OPERATIONS, ...ADDED_OPERATIONS].map((op) => op.key),
  );
  const { shard, mergeFrom, baseline } = checkUsage(options, loaded);
  // Import a CRYPTO_PROFILE module now: one that does not load is a configuration error (exit 2).
  await loadConfiguredProfile(loaded);
  const profileNote = await profileLine(loaded.partner.cryptoProfile);
  const dir = loaded.run.reportsDir;
  const sandbox =
    loaded.target.baseUrl || mergeFrom !== undefined ? undefined : await startSandbox(embeddedSandboxOptions(loaded));
  const config = sandbox ? embeddedSandboxConfig(loaded, sandbox.url) : loaded;
  const { limits, workers, budgetFile } = planLimits(config, shard, startedAt);
  let sharedToken: SharedToken | undefined;
  try {
    const target =
      mergeFrom !== undefined
        ? `${config.target.baseUrl ?? "embedded sandbox"} (shards merged from ${mergeFrom})`
        : sandbox
          ? `embedded sandbox ${sandbox.url}`
          : config.target.baseUrl!;
    process.stdout.write(
      `conformance: target ${redactor.text(target)} · TARGET_ENV ${config.safety.targetEnv} · seed ${config.run.seed} · strict ${config.run.strict}${profileNote}${networkRunNote(config, (url) => redactor.text(url))}${shard ? ` · shard ${shard.index}/${shard.count}` : ""}\n`,
    );
    // Ctrl-C while the token is fetched or in the preflight: outputs saying so, then exit 130/143; from the checks on, interrupt.ts keeps what was judged.
    const releaseSignals = interruptBeforeTheChecks(config, { target, startedAt });
    // The first token before anything is sent: a refused credential is exit 2 (also with --no-preflight), an endpoint down exit 3.
    sharedToken =
      mergeFrom === undefined
        ? await shareAccessToken(config).catch((error) => unavailable(error, config, { target, startedAt }))
        : undefined;
    const tokenBroker = sharedToken ? { tokenBroker: sharedToken.address } : {};
    const decided =
      mergeFrom === undefined
        ? await decideDebitRange(config, { limits, ...tokenBroker }, !options["no-preflight"], Boolean(sandbox)).catch(
            (error) => unavailable(error, config, { target, startedAt }),
          )
        : undefined;
    const debitRange = decided?.range;
    const network = mergeFrom === undefined ? networkSeen(config, Boolean(sandbox)) : undefined;
    const progress = liveProgress(options, dir, Boolean(shard));
    const plan: RunPlan = {
      config,
      limits,
      selectedChecks: options.check ?? [],
      ...tokenBroker,
      ...(debitRange ? { debitRange } : {}),
      ...(progress ? { progressDir: progress.feedDir } : {}),
      ...(workers === 1 && !shard ? { moduleIndex: MODULE_INDEX } : {}),
      // Every answer judged by its operation's contracts, the preflight's too; a shard's tallies for the merge.
      contractIndex: MODULE_INDEX,
      ...(decided?.answers ? { preflightAnswers: decided.answers } : {}),
      ...(shard ? { contractsFile: contractsFileOf(dir, shard) } : {}),
    };
    const info = {
      target,
      seed: config.run.seed,
      strict: config.run.strict,
      harnessVersion: HARNESS_VERSION,
      declaration: declarationOf(config),
      ...(debitRange ? { debitAmounts: debitRange.why } : {}),
      workers: {
        processes: workers,
        inFlightEach: limits.inFlightShare,
        ...(limits.rpsShare ? { rpsEach: limits.rpsShare } : {}),
      },
      ...(network ? { network } : {}),
      ...(sharedToken ? { bearerSource: sharedToken.description } : {}),
      ...(options.check?.length ? { selectedChecks: options.check } : {}),
      ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
      ...(lastFailed ? { lastFailedFrom: lastFailed.from } : {}),
      ...(config.run.retries ? { retries: config.run.retries } : {}),
      requestRules: describeRequestRules(config.fixtures.requestRules),
    };
    // vitest matches the full name ("<describe> <test>"); a test name starts with "<ID> [".
    const pattern = options.check?.length ? `(?:^| )(?:${options.check.map(escapeRegExp).join("|")}) \\[` : undefined;
    releaseSignals();
    const summary = await runConformanceVitest({
      plan,
      info,
      pattern,
      shard,
      mergeFrom,
      maxWorkers: workers,
      deadlineAt: limits.deadlineAt,
      progress,
    });
    return changesExitCode(summary, verdictExitCode(summary, baseline, dir), config, failOn);
  } finally {
    await sharedToken?.close();
    await sandbox?.close();
    rmSync(join(dir, ".run", `progress-${process.pid}`), { recursive: true, force: true });
    rmSync(join(dir, ".run", `lanes-${process.pid}`), { recursive: true, force: true });
    if (budgetFile) rmSync(budgetFile, { force: true });
  }
}

// Run as the process when started directly (node --import tsx cli/conformance.ts); conformance.mjs runs main itself.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) runMain("conformance", main);
