/**
 * The validator registry: every schema under schemas/ added to one ajv (JSON Schema 2020-12,
 * strict, all errors, formats) once per process, each compiled on first use and reused.
 */
import { REFERENCE_ONLY_KEYWORD } from "./reference-only.ts";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { catalogueDir, filesEndingWith } from "../catalogue/added.ts";
import { SCHEMA_BASE } from "../catalogue/types.ts";
import { isIsoDateTime } from "../time/iso.ts";
import { ConfigError } from "../errors/config-error.ts";

const SCHEMAS_DIR = fileURLToPath(new URL("../../schemas/", import.meta.url));

export interface SchemaIssue {
  /** JSON pointer of the offending value ("" for the root). */
  path: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  issues: SchemaIssue[];
}

function listSchemaFiles(dir = SCHEMAS_DIR): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".schema.json"))
    .map((f) => join(dir, f))
    .sort();
}

/** Schemas from the catalogue folder: a broken one is the user's configuration (exit 2), not a harness bug. */
const ADDED_SCHEMAS = new WeakMap<object, string>();

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

function createAjv(schemas: Array<Record<string, unknown>>) {
  const ajv = new Ajv2020.default({ allErrors: true, strict: true });
  addFormats.default(ajv);
  // The reference sandbox's assumptions are marked in the schemas (an annotation, no validation).
  ajv.addKeyword({ ...REFERENCE_ONLY_KEYWORD, metaSchema: { ...REFERENCE_ONLY_KEYWORD.metaSchema } });
  ajv.addFormat("iso-date-time", { type: "string", validate: isIsoDateTime });
  for (const schema of schemas) {
    try {
      ajv.addSchema(schema);
    } catch (error) {
      const file = ADDED_SCHEMAS.get(schema);
      if (!file) throw error;
      throw new ConfigError("CATALOGUE_DIR", `${file}: not a valid JSON Schema 2020-12 (${(error as Error).message})`);
    }
  }
  return ajv;
}

function toIssue(error: ErrorObject): SchemaIssue {
  const path = error.instancePath || "";
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") {
    return { path: `${path}/${String(params.missingProperty)}`, message: "is required but missing" };
  }
  return { path, message: error.message ?? error.keyword };
}

export type JsonSchema = Record<string, unknown>;

export class ValidatorRegistry {
  private readonly ajv: ReturnType<typeof createAjv>;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly byId = new Map<string, JsonSchema>();

  constructor(schemas = loadSchemas()) {
    this.ajv = createAjv(schemas);
    for (const schema of schemas) this.byId.set(String(schema.$id), schema);
  }

  /**
   * The raw schema a reference points at, resolved against a base `$id`, with the `$id` of the
   * document it lives in (for resolving the references inside it). Used by the generators.
   */
  resolve(ref: string, baseId?: string): { schema: JsonSchema; baseId: string } {
    const url = new URL(ref, baseId);
    const documentId = `${url.origin}${url.pathname}`;
    const document = this.byId.get(documentId);
    if (!document) throw new Error(`no schema ${documentId} (from $ref ${ref})`);
    let node: unknown = document;
    for (const part of decodeURIComponent(url.hash.replace(/^#\/?/, "")).split("/").filter(Boolean)) {
      node = (node as Record<string, unknown>)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
      if (node === undefined) throw new Error(`$ref ${ref} points at nothing in ${documentId}`);
    }
    return { schema: node as JsonSchema, baseId: documentId };
  }

  /** Adds a schema read at run time (CLIENT_DATA_FILE) under its `$id`, once; a second call is a no-op. */
  addSchema(schema: JsonSchema): void {
    const id = String(schema.$id);
    if (this.byId.has(id)) return;
    this.ajv.addSchema(schema);
    this.byId.set(id, schema);
  }

  /** Compiles (once) the schema or definition at this id or `id#/pointer`. */
  validator(ref: string): ValidateFunction {
    let fn = this.compiled.get(ref);
    if (!fn) {
      fn = this.ajv.getSchema(ref);
      if (!fn) throw new Error(`no schema ${ref} in ${SCHEMAS_DIR}`);
      this.compiled.set(ref, fn);
    }
    return fn;
  }

  validate(ref: string, data: unknown): ValidationResult {
    const fn = this.validator(ref);
    const valid = fn(data) as boolean;
    return { valid, issues: valid ? [] : dedupe((fn.errors ?? []).map(toIssue)) };
  }

  /**
   * Compiles every schema now (they compile on first use otherwise) and resolves the schemas
   * named by these operations: a broken schema or entry of the catalogue folder is a
   * configuration error at start (exit 2), not an error inside a check.
   */
  compileAll(operations: Array<{ key: string; requestSchema?: string; responseSchema?: string }> = []): void {
    const asConfigError = (where: string, error: unknown) =>
      new ConfigError("CATALOGUE_DIR", `${where}: ${(error as Error).message}`);
    for (const id of this.schemaIds()) {
      try {
        this.validator(id);
      } catch (error) {
        const file = ADDED_SCHEMAS.get(this.byId.get(id) ?? {});
        throw file ? asConfigError(file, error) : error;
      }
    }
    for (const op of operations) {
      for (const ref of [op.requestSchema, op.responseSchema]) {
        try {
          if (ref) this.validator(ref);
        } catch (error) {
          throw asConfigError(`operation ${op.key}`, error);
        }
      }
    }
  }

  /** Ids of every schema in the set. */
  schemaIds(): string[] {
    return Object.keys(this.ajv.schemas).filter((id) => id.startsWith(SCHEMA_BASE));
  }
}

function dedupe(issues: SchemaIssue[]): SchemaIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path} ${i.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** "/operations/0/mcc must be integer; /dt is required but missing" */
export function describeIssues(issues: SchemaIssue[], limit = 8): string {
  const shown = issues.slice(0, limit).map((i) => `${i.path || "(root)"} ${i.message}`);
  const more = issues.length > limit ? `; and ${issues.length - limit} more` : "";
  return shown.join("; ") + more;
}

let shared: ValidatorRegistry | undefined;

/** The process-wide registry (schemas loaded and compiled once). */
export function validators(): ValidatorRegistry {
  return (shared ??= new ValidatorRegistry());
}

export const COMMON_DEFS = `${SCHEMA_BASE}common/defs.schema.json#/$defs`;
