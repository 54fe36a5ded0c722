/**
 * npm run compare -- OLD NEW [--fail-on new]
 * What changed between two runs (two summary.json files, or the report folders holding them):
 * per check new failure, fixed, still failing (since when, with that run's seed), flaky, newly not
 * judged, newly skipped. Prints the Markdown, writes compare.json beside NEW and appends to the
 * GitHub job summary ($GITHUB_STEP_SUMMARY) when set. Exit 0, or 1 with --fail-on new when a
 * check failed in NEW that passed (or did not exist) in OLD; 2 on bad usage.
 */
import "../lib/config/env-first.ts";
import { statSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig } from "../lib/config/load.ts";
import { compareRuns, type ComparedRun } from "../lib/reporting/compare.ts";
import {
  appendStepSummary,
  comparisonConsoleLines,
  readSummaryAt,
  renderComparisonMarkdown,
  writeComparison,
} from "../lib/reporting/compare-report.ts";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";
import { failOnExitCode, parseFailOn } from "../lib/runner/fail-on.ts";

const HELP = `usage: npm run compare -- OLD NEW [--fail-on new]
  OLD, NEW        two summary.json files, or the report folders that hold them (e.g. last night's artifact and reports/)
  --fail-on new   exit 1 only when a check failed in NEW that passed (or did not exist) in OLD
Writes compare.json beside NEW; appends to $GITHUB_STEP_SUMMARY when set.`;

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: { "fail-on": { type: "string" }, "help": { type: "boolean" } },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (see npm run compare -- --help)`);
  }
}

function summaryAt(path: string, which: string): ComparedRun {
  let summary: ComparedRun | undefined;
  try {
    summary = readSummaryAt(path);
  } catch (error) {
    throw new UsageError(`${which} ${path}: ${(error as Error).message}`);
  }
  if (!summary) throw new UsageError(`${which} ${path}: no summary.json there`);
  return summary;
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const { values, positionals } = parse(argv);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.conformant;
  }
  if (positionals.length !== 2) throw new UsageError(`expected OLD and NEW, got ${positionals.length} paths\n${HELP}`);
  const failOn = parseFailOn(values["fail-on"]);
  const [oldPath, newPath] = positionals as [string, string];
  const config = loadConfig(process.env);
  // "Slower since the last run" as the environment declares it (SLOWER_FACTOR, SLOWER_FLOOR_MS).
  const comparison = compareRuns(summaryAt(oldPath, "OLD"), summaryAt(newPath, "NEW"), config.measures.slower);
  const markdown = renderComparisonMarkdown(comparison);
  process.stdout.write(markdown);
  writeComparison(statSync(newPath).isDirectory() ? newPath : dirname(newPath), comparison, { summaryMd: false });
  appendStepSummary(config.run.stepSummaryFile, markdown);
  process.stdout.write(`${comparisonConsoleLines(comparison).join("\n")}\n`);
  return failOnExitCode(failOn, comparison) ?? EXIT.conformant;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) runMain("compare", main);
