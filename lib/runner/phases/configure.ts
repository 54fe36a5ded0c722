/**
 * The first part of phase 1 (prepare.ts): the last run's outputs removed, then the command line's
 * run settings and the configuration read and checked. It needs neither the suites, the sandbox nor
 * the rest of the pipeline, so the command (cli/conformance.ts) does it before it loads them: a bad
 * configuration is exit 2 with its one line without paying for loading every suite module first.
 * The outputs go first of all, so that a run that stops on its configuration leaves no earlier
 * verdict behind for CI to publish. Every problem here is a ConfigError or a UsageError.
 */
import { existsSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadConfig, reportsDirOf, type Config } from "../../config/load.ts";
import { ConfigError } from "../../errors/config-error.ts";
import { parseFailOn, type FailOn } from "../fail-on.ts";
import { lastFailedRun, parseRetries, type LastFailed } from "../last-failed.ts";
import type { RunOptions } from "../run-state.ts";

/** The outputs a run replaces; history/ stays: it is the trend across runs. */
const OUTPUTS = [
  "allure-results",
  "junit.xml",
  "summary.json",
  "summary.md",
  // The report and the pack of the last run too: handed over beside a new summary, they would mislead.
  "allure-report",
  "allure-report-single",
  "certification",
  "certification.zip",
];

/** What the configuring decided: the run's configuration, --fail-on, and --last-failed's last run. */
export interface Configured {
  readonly config: Config;
  readonly failOn: FailOn;
  readonly lastFailed?: LastFailed;
}

export function configure(options: RunOptions): Configured {
  // --last-failed reads the last summary before it is removed.
  const lastFailed = lastFailedRun(options);
  const failOn = parseFailOn(options["fail-on"]);
  clearOutputs(reportsDirOf());
  const config = runConfiguration(options, lastFailed);
  for (const line of config.deprecations) process.stderr.write(`conformance: deprecated: ${line}\n`);
  return { config, failOn, ...(lastFailed ? { lastFailed } : {}) };
}

function clearOutputs(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new ConfigError("REPORTS_DIR", `${JSON.stringify(dir)} is a file, not a folder`);
  for (const output of OUTPUTS) rmSync(join(dir, output), { recursive: true, force: true });
}

/** The configuration of the run, loaded once: --strict, --retries and the last run's seed go in it, not into process.env. */
function runConfiguration(options: RunOptions, last: LastFailed | undefined): Config {
  const loaded = loadConfig(process.env);
  const retries = options.retries === undefined ? loaded.run.retries : Number(parseRetries(options.retries));
  const strict = options.strict ? { strict: true } : {};
  const seed = last ? { seed: last.seed, seedFromEnv: true } : {};
  return { ...loaded, run: { ...loaded.run, ...strict, retries, ...seed } };
}
