/** `.env` into the process environment (dotenv), the environment winning over the file. */
import { existsSync, readFileSync } from "node:fs";
import { config, parse } from "dotenv";
import { VARIABLES } from "./variables.ts";

const ENV_FILE = ".env";

export function loadEnvFile(): void {
  config({ quiet: true });
}

/** Names `.env` sets that are no configuration variable (see variables.ts) nor one the profile module declares. */
export function unknownEnvFileNames(file = ENV_FILE, moduleNames: readonly string[] = []): string[] {
  if (!existsSync(file)) return [];
  return Object.keys(parse(readFileSync(file))).filter((name) => !(name in VARIABLES) && !moduleNames.includes(name));
}

/** The variables a `.env`-style file sets (the CI step's env-file input), read as dotenv reads `.env`. */
export function readEnvFile(file: string): Record<string, string> {
  return parse(readFileSync(file));
}
