// The body of the `payment-conformance` command (payment-conformance.mjs starts it): one table of
// subcommands, each naming the module whose `main(argv)` it runs — a new subcommand is one row —
// and the order a command starts in. Plain JavaScript because it runs before tsx is registered:
// vitest is loaded natively first and tsx only afterwards, so that tsx never transforms vitest's
// and vite's bundles (about 150 MB, docs/performance.md).
import { readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { hasHeapSettings, relaunchWithMemoryFlags, watchLauncher } from "./memory-flags.mjs";

export const COMMANDS = {
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

/**
 * A command's `main` and the ending every command shares (lib/runner/cli-errors.ts), from the
 * sources through tsx's hooks: registered only now, once vitest is loaded natively.
 */
export async function fromSources(command) {
  await import("./tsx-hooks.mjs");
  const { main } = await import(command.module);
  const { runMain } = await import("../lib/runner/cli-errors.ts");
  return { main, runMain };
}

/** The table's command by name, or an exit: the version, the help, or 2 for a name it does not hold. */
function commandOf(argv) {
  if (argv[0] === "--version" || argv[0] === "-v") {
    process.stdout.write(`${NAME} ${VERSION}\n`);
    process.exit(0);
  }
  if (argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
    process.stdout.write(`${HELP}\n`);
    process.exit(0);
  }
  const { name, args } = route(argv);
  if (Object.hasOwn(COMMANDS, name)) return { name, args, command: COMMANDS[name] };
  process.stderr.write(
    `${NAME}: no such command "${name}" (${Object.keys(COMMANDS).join(", ")}; see ${NAME} --help)\n`,
  );
  process.exit(2);
}

/**
 * Runs the command `argv` names. `script` is the launcher's own file (a run started without heap
 * settings starts it again, with them); `load` gives the command's `main` and `runMain`.
 */
export async function launch(script, argv, load = fromSources) {
  const { name, args, command } = commandOf(argv);
  if (command.memoryFlags) {
    // Started without heap settings (npx payment-conformance): again, with them, before anything heavy loads.
    if (!hasHeapSettings()) await relaunchWithMemoryFlags(script, argv);
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
  const { main, runMain } = await load(command);
  runMain(name === "run" ? "conformance" : name, () => main(args));
}
