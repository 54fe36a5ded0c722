/**
 * The harness's schema files: every `*.schema.json` under schemas/ and those of operations added in
 * the catalogue folder. A broken added schema is the user's configuration (exit 2 naming
 * CATALOGUE_DIR), not a harness bug.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { catalogueDir, filesEndingWith } from "../catalogue/added.ts";
import { DECLARED_TWINS, IMPORTED_OPERATIONS, IMPORTED_SCHEMAS } from "../catalogue/index.ts";
import { SCHEMA_BASE } from "../catalogue/types.ts";
import { ConfigError } from "../errors/config-error.ts";

export const SCHEMAS_DIR = fileURLToPath(new URL("../../schemas/", import.meta.url));

function listSchemaFiles(dir = SCHEMAS_DIR): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".schema.json"))
    .map((f) => join(dir, f))
    .sort();
}

/** Where a user's schema comes from: the variable that named it and the file (with a pointer, for a document's). */
export interface SchemaOrigin {
  variable: "CATALOGUE_DIR" | "OPENAPI_DOCUMENT";
  file: string;
}

/** Schemas from the catalogue folder or an OpenAPI document, by object: where each came from. */
const ADDED_SCHEMAS = new WeakMap<object, SchemaOrigin>();

/** Where a schema was read from, if it is an added or imported operation's. */
export function addedSchemaOrigin(schema: object): SchemaOrigin | undefined {
  return ADDED_SCHEMAS.get(schema);
}

/** The converted schemas of OPENAPI_DOCUMENT, each marked with the file and pointer it was read at. */
function importedSchemas(): Array<Record<string, unknown>> {
  const ops = [...IMPORTED_OPERATIONS, ...DECLARED_TWINS.map((t) => t.declared)];
  const where = new Map<unknown, string>();
  for (const { requestSchema, responseSchema, source } of ops) {
    if (!source) continue;
    where.set(requestSchema, `${source.file}${source.requestPointer}`);
    where.set(responseSchema, `${source.file}${source.responsePointer}`);
  }
  for (const schema of IMPORTED_SCHEMAS)
    ADDED_SCHEMAS.set(schema, { variable: "OPENAPI_DOCUMENT", file: where.get(schema.$id) ?? String(schema.$id) });
  return IMPORTED_SCHEMAS;
}

function readSchema(file: string, added: boolean): Record<string, unknown> {
  let schema: Record<string, unknown>;
  try {
    schema = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if (!added) throw error;
    throw new ConfigError("CATALOGUE_DIR", `${file}: not JSON (${(error as Error).message})`);
  }
  if (added && schema && typeof schema === "object") {
    // The shared definitions are referred to relative to this base, and the OpenAPI export names components from it.
    if (typeof schema.$id !== "string" || !schema.$id.startsWith(SCHEMA_BASE)) {
      throw new ConfigError(
        "CATALOGUE_DIR",
        `${file}: "$id" must start with ${SCHEMA_BASE} (e.g. ${SCHEMA_BASE}added/card-api/block-card-request.schema.json)`,
      );
    }
    ADDED_SCHEMAS.set(schema, { variable: "CATALOGUE_DIR", file });
  }
  return schema;
}

/** The schema set: schemas/ and the schemas of operations added in the catalogue folder or by OPENAPI_DOCUMENT. */
export function loadSchemas(dir = SCHEMAS_DIR): Array<Record<string, unknown>> {
  const own = dir === SCHEMAS_DIR;
  const added = own ? filesEndingWith(catalogueDir(), ".schema.json") : [];
  return [
    ...listSchemaFiles(dir).map((f) => readSchema(f, false)),
    ...added.map((f) => readSchema(f, true)),
    ...(own ? importedSchemas() : []),
  ];
}
