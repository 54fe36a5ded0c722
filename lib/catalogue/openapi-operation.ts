/**
 * The catalogue facts of one operation of a partner's OpenAPI document: key, check code, family,
 * clause and whether it mutates — each from an `x-` extension where the document gives one (the
 * harness's own export writes them), else derived from the operation's id, server and path.
 */
import { ConfigError } from "../errors/config-error.ts";
import { NAMED_ONLY_OPERATIONS } from "./named-only.ts";
import { FAMILIES, type Family, type Operation } from "./types.ts";

type Json = Record<string, unknown>;

export const VARIABLE = "OPENAPI_DOCUMENT";

/** The prefix of a family's check ids, as the spec's own operations use it. */
const FAMILY_CODES: Record<Family, string> = {
  "card-api": "CARD",
  "partner-transfer-api": "PT",
  "merchant-api": "MER",
  "gateway-api": "GW",
  "partner-api": "PA",
};

/** The clause that names a family's operations, when the document gives none (`x-spec`). */
const FAMILY_CLAUSES: Record<Family, string> = {
  "card-api": "§4.6",
  "partner-transfer-api": "§4.6",
  "merchant-api": "§4.5",
  "gateway-api": "§1",
  "partner-api": "§1",
};

/** Words that, first or last in a name, say an operation only reads; without one it is taken as mutating. */
const READS = new Set([
  "status",
  "info",
  "list",
  "get",
  "find",
  "search",
  "balance",
  "fees",
  "statement",
  "limits",
  "read",
  "query",
]);

const kebab = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const camel = (text: string) => text.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Words of a server URL or path that name a family. */
const URL_WORDS: Array<[RegExp, Family]> = [
  [/partner-transfer-api|partner\/transfer/, "partner-transfer-api"],
  [/card-api/, "card-api"],
  [/merchant/, "merchant-api"],
  [/gateway/, "gateway-api"],
  [/partner-api/, "partner-api"],
];

const familyOfUrl = (url: string): Family | undefined => URL_WORDS.find(([re]) => re.test(url.toLowerCase()))?.[1];

export interface Where {
  file: string;
  pointer: string;
  path: string;
  operation: Json;
  /** Servers of the path and of the document, nearest first. */
  servers: string[];
}

function problem(where: Where, what: string): never {
  throw new ConfigError(VARIABLE, `${where.file}#${where.pointer}: ${what}`);
}

/** The spec's named operation at this path, if the document gives shapes to one (§4.5). */
export function namedAt(path: string, family?: Family) {
  return NAMED_ONLY_OPERATIONS.find((op) => op.path === path && (!family || op.family === family));
}

export function familyOf(where: Where): Family {
  const { operation, path } = where;
  const said = operation["x-family"];
  if (said !== undefined) {
    if (!FAMILIES.includes(said as Family)) problem(where, `"x-family" must be one of ${FAMILIES.join(", ")}`);
    return said as Family;
  }
  const tags = Array.isArray(operation.tags) ? (operation.tags as unknown[]) : [];
  const tagged = FAMILIES.find((f) => tags.includes(f));
  const found = tagged ?? familyOfUrl(path) ?? namedAt(path)?.family ?? where.servers.map(familyOfUrl).find(Boolean);
  if (!found)
    problem(where, `no family: name one in "x-family" (${FAMILIES.join(", ")}), a tag, its server URL or its path`);
  return found;
}

/** The key: the family and the operationId (without the family's own prefix, as the export writes it), or method and path. */
export function keyOf(where: Where, family: Family): string {
  const id = where.operation.operationId;
  if (typeof id !== "string" || !id) return `${family}.post-${kebab(where.path)}`;
  const own = camel(family);
  const rest = id.startsWith(own) && id.length > own.length ? id.slice(own.length) : id;
  return `${family}.${kebab(rest)}`;
}

export function codeOf(where: Where, family: Family, key: string): string {
  const said = where.operation["x-check-prefix"];
  if (said === undefined) return `${FAMILY_CODES[family]}-${key.slice(family.length + 1).toUpperCase()}`;
  if (typeof said !== "string" || !/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)*$/.test(said))
    problem(where, `"x-check-prefix" must look like MER-STATUS (check ids start with it)`);
  return said;
}

export function clauseOf(where: Where, family: Family): string {
  const said = where.operation["x-spec"];
  if (said === undefined) return namedAt(where.path, family)?.spec ?? FAMILY_CLAUSES[family];
  if (typeof said !== "string" || !/^§\d+(\.\d+)*$/.test(said))
    problem(where, `"x-spec" must be a clause such as §4.5`);
  return said;
}

/**
 * Mutating unless it is surely not: `x-mutates`, the spec's list (what it marks as moving money
 * stays so), then the name — a read-only word first or last (`get-status`, `payment-status`).
 */
export function mutatesOf(where: Where, family: Family, key: string): boolean {
  const said = where.operation["x-mutates"];
  if (said !== undefined && typeof said !== "boolean") problem(where, `"x-mutates" must be true or false`);
  const named = namedAt(where.path, family);
  if (named?.mutates) return true;
  if (typeof said === "boolean") return said;
  if (named) return false;
  const words = key.slice(family.length + 1).split("-");
  return !READS.has(words[0]!) && !READS.has(words.at(-1)!);
}

/** The spec's documented operation this one describes again (same key, or same family and path). */
export function documentedTwin(op: Operation, documented: readonly Operation[]): Operation | undefined {
  return documented.find((d) => d.key === op.key || (d.family === op.family && d.path === op.path));
}
