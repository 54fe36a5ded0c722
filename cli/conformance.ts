/**
 * npm run conformance [-- --strict] [--check ID]... [--family NAME]... [--operation KEY]... [--no-preflight] [--quiet] [--shard=i/n] [--merge-reports DIR]
 * Runs every suite against TARGET_BASE_URL, or against the embedded reference sandbox when it is
 * unset. The command line is read here; the run itself is the pipeline of lib/runner/pipeline.ts
 * (prepare → target → reach → plan → execute → verdict), given the parts lib/ may not import: the
 * suites, the generators' checks and the sandbox. Exit codes: see HELP.
 */
import "../lib/config/env-first.ts";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Config } from "../lib/config/load.ts";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";
import { configure } from "../lib/runner/phases/configure.ts";
import type { RunOptions, RunParts } from "../lib/runner/run-state.ts";

export { embeddedSandboxConfig } from "../lib/runner/phases/target.ts";

const HELP = `usage: npm run conformance [-- --strict] [--check CHECK-ID]... [--family NAME]... [--operation KEY]... [--no-preflight] [--quiet] [--shard=i/n] [--merge-reports DIR]
  --strict             should-level failures fail the run (same as CONFORMANCE_STRICT=true)
  --check ID           run only this check (repeatable): a partial run, never conformant (exit 1); failures print the id to use
  --family NAME        run only the checks of this family's operations (repeatable, e.g. merchant-api): a partial run, never conformant
  --operation KEY      run only the checks of this operation (repeatable, e.g. merchant-api.payment-status): a partial run, never conformant
  --no-preflight       skip the preflight (target, credentials, fixtures, clock) before the checks
  --quiet              no live progress (on a terminal one line in place, otherwise a status line every 10 s)
  --shard=i/n          run the i-th of n parts and write a blob report to REPORTS_DIR/blobs/
  --merge-reports DIR  no target: merge the blob reports in DIR into one JUnit, summary and Allure results
  --retries N          a failed check runs again up to N times (same as CHECK_RETRIES); passed on a retry: flaky
  --last-failed        run only the failed, flaky and not-judged checks of the last summary.json, with its seed
  --fail-on new        exit 1 only when a check failed that passed (or did not exist) in the last kept run
Exit codes: 0 conformant · 1 not conformant or incomplete · 2 configuration or usage · 3 target unavailable · 130/143 interrupted.
Configuration comes from .env and the environment; see .env.example.`;

function parseOptions(argv: string[]): RunOptions & { help?: boolean | undefined } {
  try {
    return parseArgs({
      args: argv,
      options: {
        "strict": { type: "boolean" },
        "check": { type: "string", multiple: true },
        "family": { type: "string", multiple: true },
        "operation": { type: "string", multiple: true },
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

/**
 * What the run needs from above lib/: the suites, the generators' checks of the declarations, the
 * sandbox. Imported only once the configuration is read and checked (main): they are most of the
 * command's modules, and a bad configuration is exit 2 without them.
 */
async function loadParts(): Promise<RunParts> {
  const [catalogue, registry, declared, schemaCases, business, requestRules, sandbox, suites, preflight] =
    await Promise.all([
      import("../lib/catalogue/index.ts"),
      import("../lib/validation/registry.ts"),
      import("../generators/cases/declared-check.ts"),
      import("../generators/cases/schema-cases.ts"),
      import("../generators/cases/business.ts"),
      import("../generators/cases/request-rules.ts"),
      import("../sandbox/server.ts"),
      import("../suites/modules.ts"),
      import("../suites/preflight-requests.ts"),
    ]);
  const { ADDED_OPERATIONS, DOCUMENTED_OPERATIONS } = catalogue;
  const { validators } = registry;
  return {
    modules: suites.ALL_MODULES,
    moduleIndex: fileURLToPath(new URL("../suites/modules.ts", import.meta.url)),
    preflightRequests: preflight.PREFLIGHT_REQUESTS,
    async checkDeclarations(config: Config) {
      schemaCases.checkAddedOperations(ADDED_OPERATIONS, validators());
      business.checkClientData(config, validators());
      const operations = [...DOCUMENTED_OPERATIONS, ...ADDED_OPERATIONS];
      requestRules.checkRequestRules(
        config,
        validators(),
        operations.map((op) => op.key),
      );
      // Valid requests obey the declared rules: one the generators cannot meet is exit 2 now, naming it.
      await declared.checkRulesObeyed(config, validators(), operations);
    },
    // The declared rules on the debit amounts and the sealed envelope, once the range and the profile are known.
    checkLateDeclarations: (config, late) => declared.checkLateRules(config, validators(), late),
    // The embedded sandbox authenticates card API requests as the configuration does (CARD_API_AUTH).
    startSandbox(config: Config) {
      const auth = config.cardApi.auth;
      const cardApiAuth = auth === "module" ? "profile" : auth === "headers" ? "none" : auth;
      return sandbox.startSandbox({
        profile: config.partner.cryptoProfile,
        cardApiJws: config.cardApi.jws,
        cardApiAuth,
      });
    },
  };
}

/** The command, callable in-process (tests/cli/usage.unit.test.ts); conformance.mjs runs it as the process. */
export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const { help, ...options } = parseOptions(argv);
  if (help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.conformant;
  }
  // The configuration first (exit 2 on a bad one), then the pipeline and the parts it runs.
  const configured = configure(options);
  const [{ runConformance }, parts] = await Promise.all([import("../lib/runner/pipeline.ts"), loadParts()]);
  return runConformance(options, parts, configured);
}

// Run as the process when started directly (node --import tsx cli/conformance.ts); conformance.mjs runs main itself.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) runMain("conformance", main);
