#!/usr/bin/env node
// The `payment-conformance` command of the installed package (package.json "bin"): a partner runs it
// from their own folder — their `.env`, profile module, client-data file and reports/ are there —
// while the suites, schemas and vitest.conformance.ts come from the package (lib/runner/run-vitest.ts).
// The subcommands, the order a command starts in and its loading from the sources are launcher.mjs's.
import { launch } from "./launcher.mjs";

await launch(new URL(import.meta.url), process.argv.slice(2));
