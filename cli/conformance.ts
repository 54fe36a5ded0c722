/**
 * npm run conformance [-- --strict] [--check ID]...
 * Runs every suite against TARGET_BASE_URL, or against the embedded reference sandbox when it is
 * unset. Exit code: 0 conformant, 1 a check failed, 2 bad configuration or usage.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { config as loadDotenv } from "dotenv";
import { startVitest } from "vitest/node";
import { loadConfig } from "../lib/config/load.ts";
import { conformanceReporters } from "../lib/reporting/reporters.ts";
import { exitCodeOf, type Summary } from "../lib/reporting/summary.ts";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";
import { loadConfiguredProfile } from "../lib/runner/context.ts";
import { HARNESS_VERSION } from "../lib/runner/version.ts";
import { startSandbox } from "../sandbox/server.ts";

function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: { strict: { type: "boolean" }, check: { type: "string", multiple: true }, help: { type: "boolean" } },
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (see npm run conformance -- --help)`);
  }
}

const HELP = `usage: npm run conformance [-- --strict] [--check CHECK-ID]...
  --strict          should-level failures fail the run (same as CONFORMANCE_STRICT=true)
  --check ID        run only this check (repeatable); failures print the id to use
Configuration comes from .env and the environment; see .env.example.`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.conformant;
  }
  loadDotenv({ quiet: true });
  if (options.strict) process.env.CONFORMANCE_STRICT = "true";
  const config = loadConfig(process.env);
  // Workers read the same environment: fix the seed and the target before they start.
  process.env.SEED = String(config.run.seed);
  // Import a CRYPTO_PROFILE module now: one that does not load is a configuration error (exit 2).
  await loadConfiguredProfile(config);
  const dir = config.run.reportsDir;
  for (const output of ["allure-results", "junit.xml", "summary.json", "summary.md"]) {
    rmSync(join(dir, output), { recursive: true, force: true });
  }
  const sandbox = config.target.baseUrl ? undefined : await startSandbox({ profile: config.partner.cryptoProfile });
  if (sandbox) process.env.TARGET_BASE_URL = sandbox.url;
  const target = sandbox ? `embedded sandbox ${sandbox.url}` : config.target.baseUrl!;
  process.stdout.write(`conformance: target ${target} · seed ${config.run.seed} · strict ${config.run.strict}\n`);

  let summary: Summary | undefined;
  const info = { target, seed: config.run.seed, strict: config.run.strict, harnessVersion: HARNESS_VERSION };
  // vitest matches the full name ("<describe> <test>"); a test name starts with "<ID> [".
  const pattern = options.check?.length ? `(?:^| )(?:${options.check.map(escapeRegExp).join("|")}) \\[` : undefined;
  try {
    const vitest = await startVitest("test", [], {
      project: ["conformance"],
      watch: false,
      reporters: conformanceReporters({ ...config }, info, (s) => (summary = s)) as never,
      ...(pattern ? { testNamePattern: pattern } : {}),
    });
    await vitest.close();
  } finally {
    await sandbox?.close();
  }
  if (!summary) {
    process.stderr.write("conformance: the run ended without a summary (see the errors above)\n");
    return EXIT.failed;
  }
  return exitCodeOf(summary);
}

runMain("conformance", main);
