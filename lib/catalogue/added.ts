/**
 * Operations added by whoever holds the full documentation: a `*.operation.json` entry in the
 * catalogue folder (CATALOGUE_DIR, default `catalogue/`), with its request and response schemas
 * beside it (`*.schema.json`, loaded into the one validator registry). The generic suite then
 * checks the operation with no other code. An entry may also give shapes to an operation the spec
 * only names (same key), which then leaves the "not covered" list.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { FAMILIES, type Family } from "./types.ts";
import { ConfigError } from "../errors/config-error.ts";
import { NAMED_ONLY_OPERATIONS } from "./named-only.ts";
import type { Operation } from "./types.ts";
import { firstClash, notCoveredAmong } from "./unique.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The catalogue folder: CATALOGUE_DIR, relative to the working folder (the user's own, where their
 * `.env` is — the checkout under `npm run`, a partner's folder with the installed command), or the
 * harness's own `catalogue/`.
 */
export function catalogueDir(env: Record<string, string | undefined> = process.env): string {
  const dir = env.CATALOGUE_DIR?.trim();
  return dir ? resolve(dir) : join(ROOT, "catalogue");
}

/** Files under a folder (recursively) whose names end with a suffix; none if it does not exist. */
export function filesEndingWith(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(suffix))
    .map((f) => join(dir, f))
    .sort();
}

/** A path as the user would write it: inside the project relative to it, elsewhere absolute. */
function shown(path: string): string {
  const inside = relative(ROOT, path);
  return inside && !inside.startsWith("..") ? inside : path;
}

const STRING_FIELDS = ["key", "code", "title", "path", "spec", "requestSchema", "responseSchema"] as const;

function entryOf(file: string, raw: Record<string, unknown>): Operation {
  const problem = (what: string): never => {
    throw new ConfigError("CATALOGUE_DIR", `${shown(file)}: ${what}`);
  };
  for (const field of STRING_FIELDS)
    if (typeof raw[field] !== "string" || !raw[field]) problem(`"${field}" must be a non-empty string`);
  if (!FAMILIES.includes(raw.family as Family)) problem(`"family" must be one of ${FAMILIES.join(", ")}`);
  if (!String(raw.path).startsWith("/")) problem(`"path" must start with /`);
  if (!/^§\d+(\.\d+)*$/.test(String(raw.spec))) problem(`"spec" must be a clause such as §4.6`);
  if (!/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)*$/.test(String(raw.code)))
    problem(`"code" must look like CARD-BLOCK (check ids start with it)`);
  // Said, never assumed: an operation that moves money must not reach production by omission.
  if (typeof raw.mutates !== "boolean")
    problem(`"mutates" must be true or false (true if it moves money or creates a profile)`);
  // What the spec's own list says moves money keeps moving money, whatever the entry says.
  const named = NAMED_ONLY_OPERATIONS.find((op) => op.key === raw.key);
  const text = (field: (typeof STRING_FIELDS)[number]) => String(raw[field]);
  return {
    key: text("key"),
    code: text("code"),
    family: raw.family as Family,
    title: text("title"),
    method: "POST",
    path: text("path"),
    spec: text("spec"),
    documented: true,
    requestSchema: text("requestSchema"),
    responseSchema: text("responseSchema"),
    mutates: raw.mutates === true || named?.mutates === true,
  };
}

/**
 * @param named the folder was named (CATALOGUE_DIR): then it must exist — a typo is not "no operations".
 * @param documented the spec's operations, whose keys and codes an entry may not take.
 */
export function loadAddedOperations(dir: string, named = false, documented: readonly Operation[] = []): Operation[] {
  if (named && !existsSync(dir)) throw new ConfigError("CATALOGUE_DIR", `${shown(dir)} does not exist`);
  const files = filesEndingWith(dir, ".operation.json");
  const operations = files.map((file) => {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new ConfigError("CATALOGUE_DIR", `${shown(file)}: not JSON (${(error as Error).message})`);
    }
    return entryOf(file, (raw ?? {}) as Record<string, unknown>);
  });
  const clash = firstClash(operations, [...documented, ...notCoveredAmong(NAMED_ONLY_OPERATIONS, operations)]);
  if (clash) {
    const { op, holder, what } = clash;
    const file = files[operations.indexOf(op)]!;
    throw new ConfigError(
      "CATALOGUE_DIR",
      `${shown(file)}: "${what}" ${op[what]} is taken by ${holder.key} (give it another ${what})`,
    );
  }
  return operations;
}

/** The added operations, or none and the problem (raised by the entry points as exit 2). */
export function loadAddedOperationsSafely(
  dir: string,
  named: boolean,
  documented: readonly Operation[],
): { operations: Operation[]; problem?: ConfigError } {
  try {
    return { operations: loadAddedOperations(dir, named, documented) };
  } catch (error) {
    if (error instanceof ConfigError) return { operations: [], problem: error };
    throw error;
  }
}
