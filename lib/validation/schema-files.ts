/**
 * The harness's schema files: every `*.schema.json` under schemas/ and those of operations added in
 * the catalogue folder. A broken added schema is the user's configuration (exit 2 naming
 * CATALOGUE_DIR), not a harness bug.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { catalogueDir, filesEndingWith } from "../catalogue/added.ts";
import { SCHEMA_BASE } from "../catalogue/types.ts";
import { ConfigError } from "../errors/config-error.ts";

export const SCHEMAS_DIR = fileURLToPath(new URL("../../schemas/", import.meta.url));

function listSchemaFiles(dir = SCHEMAS_DIR): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".schema.json"))
    .map((f) => join(dir, f))
    .sort();
}

/** Schemas from the catalogue folder, by object: the file each came from. */
const ADDED_SCHEMAS = new WeakMap<object, string>();

/** The catalogue-folder file a schema was read from, if it is an added operation's. */
export function addedSchemaFile(schema: object): string | undefined {
  return ADDED_SCHEMAS.get(schema);
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
    ADDED_SCHEMAS.set(schema, file);
  }
  return schema;
}

/** The schema set: schemas/ and the schemas of operations added in the catalogue folder. */
export function loadSchemas(dir = SCHEMAS_DIR): Array<Record<string, unknown>> {
  const added = dir === SCHEMAS_DIR ? filesEndingWith(catalogueDir(), ".schema.json") : [];
  return [...listSchemaFiles(dir).map((f) => readSchema(f, false)), ...added.map((f) => readSchema(f, true))];
}
