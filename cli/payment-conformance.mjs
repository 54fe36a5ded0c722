#!/usr/bin/env node
// The `payment-conformance` command of the installed package (package.json "bin"): a partner runs it
// from their own folder — their `.env`, profile module, client-data file and reports/ are there —
// while the suites, schemas and vitest.conformance.ts come from the package (lib/runner/run-vitest.ts).
// One table of subcommands; each names the module whose `main(argv)` it runs. A new subcommand is
// one row. Plain JavaScript because it must run before tsx is registered: as in conformance.mjs,
// vitest is loaded natively first and tsx only afterwards, so that tsx never transforms vitest's
// and vite's bundles (about 150 MB, docs/performance.md).
import { readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { fileURLToPath, pathToFileURL } from "node:url";
import { hasHeapSettings, relaunchWithMemoryFlags, watchLauncher } from "./memory-flags.mjs";

const COMMANDS = {
  run: {
    module: "./conformance.ts",
    vitest: true,
    // Runs with the memory settings of `npm run conformance` (memory-flags.mjs).
    memoryFlags: true,
    what: "run every suite against TARGET_BASE_URL or the embedded sandbox (the default)",
  },
  sandbox: { module: "./sandbox.ts", what: "serve the reference sandbox on 127.0.0.1 (--port P) until stopped" },
  report: { module: "./report.ts", what: "build the HTML report from REPORTS_DIR/allure-results" },
  certify: { module: "./certify.ts", what: "pack the last run for certification, or --verify a pack" },
  compare: {
    module: "./compare.ts",
    what: "what changed between two runs: OLD NEW (summary.json files or report folders)",
  },
  ci: {
    module: "./ci-step.ts",
    what: "for CI (the GitHub action): run, HTML report, pack; step outputs and job summary",
  },
};

const NAME = "payment-conformance";
const VERSION = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;
const HELP = `usage: ${NAME} [command] [options]        (run from the folder that holds your .env; reports go to ./reports)
commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(9)}${c.what}`)
  .join("\n")}
  ${NAME} <command> --help    the options of one command (run: --strict, --check ID, --shard=i/n, ...)
  ${NAME} --version           the harness version`;

/** The command and its own arguments: `run` when the first argument is an option or absent. */
function route(argv) {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith("-")) return { name: "run", args: argv };
  return { name: first, args: rest };
}

const argv = process.argv.slice(2);
if (argv[0] === "--version" || argv[0] === "-v") {
  process.stdout.write(`${NAME} ${VERSION}\n`);
  process.exit(0);
}
if (argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}
const { name, args } = route(argv);
const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
if (!command) {
  process.stderr.write(
    `${NAME}: no such command "${name}" (${Object.keys(COMMANDS).join(", ")}; see ${NAME} --help)\n`,
  );
  process.exit(2);
}
if (command.memoryFlags) {
  // Started without heap settings (npx payment-conformance): again, with them, before anything heavy loads.
  if (!hasHeapSettings()) await relaunchWithMemoryFlags(new URL(import.meta.url), argv);
  watchLauncher();
}
// vite's native bundler (rolldown: the TypeScript transform of every suite file for the workers)
// allocates with mimalloc, which by default commits its first arena eagerly: about 80 MB resident
// for a few hundred small transforms. Committed on demand, the peak RSS of a run falls by as much
// (docs/performance.md). mimalloc reads it when the binding loads, so it is set before vitest is imported.
process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= "0";
// undici parses HTTP with llhttp, WebAssembly whose parser is one very large function: once it is
// hot, V8 compiles it again with its optimizing compiler, about 0.3 s of CPU in each thread that
// sends (a tenth of a short run). Its baseline code parses as fast for the run's answers (the same
// CPU at 1,000 property runs, docs/performance.md), so a command never tiers WebAssembly up. V8
// reads these flags when it compiles a module, so setting them here reaches every thread.
setFlagsFromString("--no-wasm-dynamic-tiering --no-wasm-tier-up");
if (command.vitest) await import("vitest/node");
// The harness's own tests only (tests/support/cli-bundle.ts): the command from a bundle of the
// current sources, its files loaded natively — through tsx's hooks, each of ~250 costs a round trip
// to tsx's thread — and tsx registered by the bundle only when a partner's profile module is
// imported. Unset for users: the modules below, through tsx. Only a bundle of this checkout (an
// installed copy the tests start keeps its own).
const testBundle = process.env.HARNESS_TEST_CLI_BUNDLE;
const bundle = testBundle?.startsWith(fileURLToPath(new URL("../node_modules/.cache/", import.meta.url)))
  ? pathToFileURL(`${testBundle}/cli/`)
  : undefined;
const bundled = (module) => new URL(module.replace(/\.ts$/, ".mjs"), bundle);
const commandModule = bundle ? await import(bundled(command.module)) : undefined;
const cliErrors = bundle ? await import(bundled("../lib/runner/cli-errors.ts")) : undefined;
if (!bundle) await import("./tsx-hooks.mjs");
const { main } = commandModule ?? (await import(command.module));
const { runMain } = cliErrors ?? (await import("../lib/runner/cli-errors.ts"));
runMain(name === "run" ? "conformance" : name, () => main(args));
