/**
 * The validator registry, the one place schemas are compiled: every schema under schemas/ added to
 * one ajv (JSON Schema 2020-12, strict, all errors, formats) once per process, each compiled on
 * first use and reused; and the schemas users write (REQUEST_RULES_FILE, CLIENT_DATA_FILE) in a
 * second ajv of this registry, strict about real mistakes but not about standard idioms
 * (user-schemas.ts). Both are read through the same `validate` and `resolve`.
 */
import { ALL_ERRORS_VALUES, FirstErrorValidators, firstErrorOf, holdsMoreThan } from "./large-documents.ts";
import { REFERENCE_ONLY_KEYWORD } from "./reference-only.ts";
import Ajv2020 from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { SCHEMA_BASE } from "../catalogue/types.ts";
import { isIsoDateTime } from "../time/iso.ts";
import { ConfigError } from "../errors/config-error.ts";
import { addedSchemaOrigin, loadSchemas, SCHEMAS_DIR } from "./schema-files.ts";
import { USER_SCHEMA_OPTIONS, userSchemaProblem, type UserSchemaSource } from "./user-schemas.ts";

export { loadSchemas } from "./schema-files.ts";
export type { UserSchemaSource } from "./user-schemas.ts";

/** How the harness's own schemas are compiled: strict, every error reported. */
export const SHIPPED_SCHEMA_OPTIONS = { allErrors: true, strict: true } as const;

export interface SchemaIssue {
  /** JSON pointer of the offending value ("" for the root). */
  path: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  issues: SchemaIssue[];
}

/**
 * The ajv of the harness's schemas. The shipped ones are checked against the 2020-12 meta-schema by
 * the harness's own tests (tests/schemas/schemas.unit.test.ts), not again by every thread of every
 * run: compiling the meta-schema was about 70 ms of CPU per thread. A schema a user adds
 * (CATALOGUE_DIR) is checked against it here, before it is added.
 */
function createAjv(schemas: Array<Record<string, unknown>>, allErrors = true) {
  const ajv = new Ajv2020.default({ ...SHIPPED_SCHEMA_OPTIONS, allErrors, validateSchema: false });
  addFormats.default(ajv);
  // The reference sandbox's assumptions are marked in the schemas (an annotation, no validation).
  ajv.addKeyword({ ...REFERENCE_ONLY_KEYWORD, metaSchema: { ...REFERENCE_ONLY_KEYWORD.metaSchema } });
  ajv.addFormat("iso-date-time", { type: "string", validate: isIsoDateTime });
  for (const schema of schemas) {
    const origin = addedSchemaOrigin(schema);
    try {
      if (origin) ajv.validateSchema(schema, true);
      ajv.addSchema(schema);
    } catch (error) {
      if (!origin) throw error;
      throw new ConfigError(
        origin.variable,
        `${origin.file}: not a valid JSON Schema 2020-12 (${(error as Error).message})`,
      );
    }
  }
  return ajv;
}

/** The ajv of users' schemas: formats as the harness's, none of the harness's own keywords. */
function createUserAjv(allErrors = true) {
  const ajv = new Ajv2020.default({ ...USER_SCHEMA_OPTIONS, allErrors });
  addFormats.default(ajv);
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

/** An operation as far as the registry reads it: the schemas it names. */
type SchemaNaming = { key: string; requestSchema?: string; responseSchema?: string; source?: unknown };

export class ValidatorRegistry {
  private readonly ajv: ReturnType<typeof createAjv>;
  private userAjv?: ReturnType<typeof createUserAjv>;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly byId = new Map<string, JsonSchema>();
  private readonly userSchemas: JsonSchema[] = [];
  /** Large documents are validated to their first error (large-documents.ts). */
  private readonly firstError: FirstErrorValidators;

  constructor(schemas = loadSchemas()) {
    this.ajv = createAjv(schemas);
    for (const schema of schemas) this.byId.set(String(schema.$id), schema);
    this.firstError = new FirstErrorValidators((kind) => {
      if (kind === "shipped") return createAjv(schemas, false);
      const ajv = createUserAjv(false);
      for (const schema of this.userSchemas) ajv.addSchema(schema);
      return ajv;
    });
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

  /**
   * Adds a schema a user wrote (REQUEST_RULES_FILE, CLIENT_DATA_FILE) under the `$id` given to it,
   * compiled now by the users' ajv: one that does not compile is a ConfigError naming the
   * variable, the file and where in the schema. A second call with the same `$id` is a no-op.
   */
  addUserSchema(schema: JsonSchema, source: UserSchemaSource): void {
    const id = String(schema.$id);
    if (this.byId.has(id)) return;
    const ajv = (this.userAjv ??= createUserAjv());
    try {
      ajv.addSchema(schema);
      this.compiled.set(id, ajv.getSchema(id)!);
    } catch (error) {
      ajv.removeSchema(id);
      throw userSchemaProblem(source, schema, error as Error);
    }
    this.byId.set(id, schema);
    this.userSchemas.push(schema);
  }

  /** Compiles (once) the schema or definition at this id or `id#/pointer`. */
  validator(ref: string): ValidateFunction {
    let fn = this.compiled.get(ref);
    if (!fn) {
      fn = this.ajvOf(ref).getSchema(ref);
      if (!fn) throw new Error(`no schema ${ref} in ${SCHEMAS_DIR}`);
      this.compiled.set(ref, fn);
    }
    return fn;
  }

  /** The ajv that holds a schema: the users' for a schema added by addUserSchema, else the harness's. */
  private ajvOf(ref: string) {
    const id = ref.split("#")[0]!;
    return this.userAjv?.schemas[id] ? this.userAjv : this.ajv;
  }

  /** ajv's own errors (instance and schema paths, keyword, params), for the generators that repair a value. */
  errors(ref: string, data: unknown): ErrorObject[] {
    const fn = this.validator(ref);
    return fn(data) ? [] : [...(fn.errors ?? [])];
  }

  validate(ref: string, data: unknown): ValidationResult {
    if (holdsMoreThan(data, ALL_ERRORS_VALUES)) return this.validateLarge(ref, data);
    const fn = this.validator(ref);
    const valid = fn(data) as boolean;
    return { valid, issues: valid ? [] : dedupe((fn.errors ?? []).map(toIssue)) };
  }

  /** A document too large to list every error of in bounded time: its first error, and a note saying so. */
  private validateLarge(ref: string, data: unknown): ValidationResult {
    const fn = this.firstError.validator(ref, this.ajvOf(ref) === this.ajv ? "shipped" : "user");
    return firstErrorOf(fn, data, toIssue);
  }

  /**
   * Compiles every schema now (they compile on first use otherwise) and resolves the schemas
   * named by these operations: a broken schema or entry of the catalogue folder is a
   * configuration error at start (exit 2), not an error inside a check. `ids`: the schemas to
   * compile (every one unless told).
   */
  compileAll(operations: readonly SchemaNaming[] = [], ids = this.schemaIds()): void {
    const asConfigError = (variable: string, where: string, error: unknown) =>
      new ConfigError(variable, `${where}: ${(error as Error).message}`);
    for (const id of ids) {
      try {
        this.validator(id);
      } catch (error) {
        const origin = addedSchemaOrigin(this.byId.get(id) ?? {});
        throw origin ? asConfigError(origin.variable, origin.file, error) : error;
      }
    }
    for (const op of operations) {
      for (const ref of [op.requestSchema, op.responseSchema]) {
        try {
          if (ref) this.validator(ref);
        } catch (error) {
          throw asConfigError(op.source ? "OPENAPI_DOCUMENT" : "CATALOGUE_DIR", `operation ${op.key}`, error);
        }
      }
    }
  }

  /**
   * The start-up check of the catalogue folder alone (exit 2 on a broken entry): its own schemas
   * compiled and the schemas its operations name resolved. The CLI's process judges only the
   * preflight's answers, whose validators compile on first use; a worker compiles all (compileAll).
   */
  compileAdded(operations: readonly SchemaNaming[]): void {
    this.compileAll(
      operations,
      this.schemaIds().filter((id) => addedSchemaOrigin(this.byId.get(id) ?? {})),
    );
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
