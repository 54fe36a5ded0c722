/**
 * npm run openapi [-- --out FILE]
 * Writes the OpenAPI 3.1 export of the catalogue and schemas (default openapi/openapi.json), with
 * servers from configuration. The committed openapi/openapi.json is the export of the default
 * configuration (no .env): regenerate it with `env -i PATH="$PATH" npm run openapi` after changing
 * the catalogue or a schema; a harness test fails while it is stale.
 */
import "../lib/config/env-first.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig } from "../lib/config/load.ts";
import { CATALOGUE_PROBLEM } from "../lib/catalogue/index.ts";
import { renderOpenApi } from "../lib/openapi/document.ts";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";

const DEFAULT_OUT = fileURLToPath(new URL("../openapi/openapi.json", import.meta.url));

function outFile(argv: string[]): string {
  try {
    const { out } = parseArgs({ args: argv, options: { out: { type: "string", short: "o" } } }).values;
    return out ? resolve(out) : DEFAULT_OUT;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; usage: npm run openapi [-- --out FILE]`);
  }
}

async function main(): Promise<number> {
  const file = outFile(process.argv.slice(2));
  const config = loadConfig(process.env);
  if (CATALOGUE_PROBLEM) throw CATALOGUE_PROBLEM;
  const text = renderOpenApi(config);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  process.stdout.write(`openapi: wrote ${file}\n`);
  return EXIT.conformant;
}

runMain("openapi", main);
