/**
 * CLIENT_DATA_FILE: the client data inside `encrypted_data`, whose fields the spec does not show
 * (§2.1), supplied by the partner as a JSON file holding either
 * - a list of example client records (each registration sends one of them), or
 * - a JSON Schema 2020-12 with `examples` (the valid records; invalid variants are derived from
 *   the schema, as for an added operation of the catalogue).
 * Strings may hold placeholders that get a new value per registration, so that a target that
 * refuses a second client with the same identifier sees a fresh one every time:
 *   {{fresh:digits:N}}  N random digits             {{fresh:luhn:N}}  N digits, the last a Luhn check digit
 *   {{fresh:hex:N}}     N random lowercase hex digits {{fresh:uuid}}    a random UUID
 * e.g. "bin": "{{fresh:luhn:12}}", "company_name": "Test Company {{fresh:digits:4}} LLP".
 * Unset: the sandbox's client data (generators/partner-transfer-api/business-client.ts).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigError } from "../errors/config-error.ts";

export type ClientDataSource =
  | { kind: "sandbox" }
  | { kind: "records"; file: string; records: Array<Record<string, unknown>> }
  | { kind: "schema"; file: string; schema: Record<string, unknown>; examples: Array<Record<string, unknown>> };

export const PLACEHOLDER = /\{\{fresh:([a-z]+)(?::(\d+))?\}\}/g;
const KINDS: Record<string, { length: "required" | "none"; min: number }> = {
  digits: { length: "required", min: 1 },
  luhn: { length: "required", min: 2 },
  hex: { length: "required", min: 1 },
  uuid: { length: "none", min: 0 },
};

const problem = (file: string, what: string) => new ConfigError("CLIENT_DATA_FILE", `${file}: ${what}`);

/** Every placeholder in a value is one of the kinds above, with a length where it needs one. */
function checkPlaceholders(file: string, value: unknown, where: string): void {
  if (typeof value === "string") {
    for (const m of value.matchAll(PLACEHOLDER)) {
      const kind = KINDS[m[1]!];
      const n = m[2] === undefined ? undefined : Number(m[2]);
      const ok = kind && (kind.length === "none" ? n === undefined : n !== undefined && n >= kind.min && n <= 64);
      if (!ok)
        throw problem(
          file,
          `${where}: placeholder ${m[0]} is not one of {{fresh:digits:N}}, {{fresh:luhn:N}}, {{fresh:hex:N}}, {{fresh:uuid}} (N from 1 to 64)`,
        );
    }
    if (/\{\{(?!fresh:)/.test(value))
      throw problem(file, `${where}: "${value}" holds a {{…}} that is not a {{fresh:…}} placeholder`);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) checkPlaceholders(file, v, `${where}/${k}`);
  }
}

function records(file: string, list: unknown[], what: string): Array<Record<string, unknown>> {
  if (!list.length) throw problem(file, `${what} is empty: give at least one client record`);
  list.forEach((r, i) => {
    if (!r || typeof r !== "object" || Array.isArray(r))
      throw problem(file, `${what}[${i}] is not a JSON object (a client record)`);
    checkPlaceholders(file, r, `${what}[${i}]`);
  });
  return list as Array<Record<string, unknown>>;
}

/** Reads and checks the file; every problem is a ConfigError naming CLIENT_DATA_FILE (exit 2). */
export function loadClientData(path: string, cwd = process.cwd()): ClientDataSource {
  if (!path) return { kind: "sandbox" };
  const file = resolve(cwd, path);
  if (!existsSync(file) || !statSync(file).isFile()) throw problem(path, "no such file");
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw problem(path, `not JSON (${(error as Error).message})`);
  }
  if (Array.isArray(json)) return { kind: "records", file, records: records(path, json, "the list") };
  const schema = json as Record<string, unknown> | null;
  const looksLikeSchema =
    schema && typeof schema === "object" && ("$schema" in schema || "properties" in schema || "type" in schema);
  if (!looksLikeSchema) throw problem(path, "neither a list of client records nor a JSON Schema with examples");
  if (!Array.isArray(schema.examples))
    throw problem(path, 'the schema has no "examples": give the valid client records there');
  if (typeof schema.$schema === "string" && !schema.$schema.includes("2020-12"))
    throw problem(path, `"$schema" is ${schema.$schema}; only JSON Schema 2020-12 is read`);
  return { kind: "schema", file, schema, examples: records(path, schema.examples, "examples") };
}
