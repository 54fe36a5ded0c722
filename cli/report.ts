/**
 * npm run report [-- --single-file]
 * Builds the HTML report from reports/allure-results into reports/allure-report with the Allure 3
 * CLI (pure Node, no Java), strips third-party scripts, and writes spec.html for the § links.
 */
import "../lib/config/env-first.ts";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig } from "../lib/config/load.ts";
import { SPEC_DOCUMENT } from "../lib/reporting/labels.ts";
import { sanitizeReportFolder } from "../lib/reporting/report-html.ts";
import { renderSpecHtml } from "../lib/reporting/spec-html.ts";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/**
 * The Allure CLI wherever npm put it: in the checkout's node_modules, or hoisted beside this package
 * in a partner's node_modules when installed. Its exports hide cli.js; it sits beside dist/.
 */
function allureCli(): string {
  return join(dirname(createRequire(import.meta.url).resolve("allure")), "..", "cli.js");
}

/** The command, callable by the installed `payment-conformance report` (cli/payment-conformance.mjs). */
export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  let singleFile = false;
  try {
    singleFile = Boolean(
      parseArgs({ args: argv, options: { "single-file": { type: "boolean" } } }).values["single-file"],
    );
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const dir = loadConfig(process.env).run.reportsDir;
  const results = join(dir, "allure-results");
  if (!existsSync(results) || readdirSync(results).length === 0) {
    throw new UsageError(`no results in ${results}: run \`npm run conformance\` first`);
  }
  const output = join(dir, singleFile ? "allure-report-single" : "allure-report");
  rmSync(output, { recursive: true, force: true });
  const configFile = join(ROOT, singleFile ? "allurerc.single.mjs" : "allurerc.mjs");
  const cli = allureCli();
  // allurerc.mjs puts the history file under REPORTS_DIR: hand it the validated value.
  const env = { ...process.env, REPORTS_DIR: dir };
  const run = spawnSync(process.execPath, [cli, "generate", results, "-c", configFile, "-o", output], {
    stdio: "inherit",
    env,
  });
  if (run.status !== 0) return EXIT.failed;
  sanitizeReportFolder(output);
  writeFileSync(join(output, "spec.html"), renderSpecHtml(readFileSync(join(ROOT, SPEC_DOCUMENT), "utf8")));
  process.stdout.write(`report: ${join(output, "index.html")} (serve the folder over HTTP on 127.0.0.1 to view it)\n`);
  return EXIT.conformant;
}

// Run as the process when started directly (node --import tsx cli/report.ts); the installed command (payment-conformance.mjs) runs main itself.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) runMain("report", main);
