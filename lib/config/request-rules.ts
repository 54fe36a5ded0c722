/**
 * REQUEST_RULES_FILE: the request rules the target declares (§2.3: "Which fields are required …
 * not shown"), as a JSON file whose keys are catalogue operation keys
 * ("card-api.transaction-create", "card-api.statement", "card-api.limits-list",
 * "partner-transfer-api.register-business", or an added operation's) and whose values are JSON
 * Schemas 2020-12 of that operation's request body — required fields, enum, pattern, bounds.
 * A generated invalid request that breaks a declared rule is judged at `should` level, the rule
 * named in the failure; one that breaks only the reference sandbox's assumptions, at most `info`.
 *
 * The value `reference` declares the reference sandbox's own rules (every assumption of the
 * harness's schemas and rule tables): what the CLI sets for the embedded sandbox, and what a
 * separately started sandbox (npm run sandbox) is configured with.
 * The schemas are compiled once at start (generators/cases/request-rules.ts); every problem is a
 * ConfigError naming REQUEST_RULES_FILE (exit 2).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigError } from "../errors/config-error.ts";

export type RequestRules =
  | { kind: "none" }
  | { kind: "reference" }
  | { kind: "file"; file: string; sha256: string; rules: Record<string, Record<string, unknown>> };

/** The word that declares the reference sandbox's rules as the target's own. */
export const REFERENCE_RULES = "reference";

const problem = (file: string, what: string) => new ConfigError("REQUEST_RULES_FILE", `${file}: ${what}`);

function isObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

/** Each value is a JSON Schema 2020-12 of a request body (an object schema; `$schema`, when given, 2020-12). */
function checkRule(file: string, key: string, schema: unknown): Record<string, unknown> {
  if (!isObject(schema)) throw problem(file, `"${key}" is not a JSON Schema (an object)`);
  if (typeof schema.$schema === "string" && !schema.$schema.includes("2020-12"))
    throw problem(file, `"${key}": "$schema" is ${schema.$schema}; only JSON Schema 2020-12 is read`);
  return schema;
}

/** One line for the summary: what the run judged declared rules by. */
export function describeRequestRules(rules: RequestRules): string {
  if (rules.kind === "none")
    return "none declared (REQUEST_RULES_FILE unset): a row resting only on the reference is info";
  if (rules.kind === "reference") return "the reference sandbox's (REQUEST_RULES_FILE=reference)";
  return `${rules.file} (sha256 ${rules.sha256.slice(0, 12)}): ${Object.keys(rules.rules).join(", ")}`;
}

/** Reads and checks the file's form; the keys and the schemas themselves are checked when compiled. */
export function loadRequestRules(path: string, cwd = process.cwd()): RequestRules {
  if (!path) return { kind: "none" };
  if (path === REFERENCE_RULES) return { kind: "reference" };
  const file = resolve(cwd, path);
  if (!existsSync(file) || !statSync(file).isFile()) throw problem(path, "no such file");
  const text = readFileSync(file, "utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw problem(path, `not JSON (${(error as Error).message})`);
  }
  if (!isObject(json))
    throw problem(path, 'not a JSON object of operation keys (e.g. "card-api.transaction-create") and schemas');
  if (!Object.keys(json).length) throw problem(path, "declares no operation");
  const rules = Object.fromEntries(Object.entries(json).map(([key, schema]) => [key, checkRule(path, key, schema)]));
  return { kind: "file", file, sha256: createHash("sha256").update(text).digest("hex"), rules };
}
