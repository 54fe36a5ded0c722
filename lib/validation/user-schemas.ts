/**
 * Schemas users write (REQUEST_RULES_FILE, CLIENT_DATA_FILE): standard JSON Schema 2020-12 as
 * people write it. They are compiled by the registry's second ajv (registry.ts) with the
 * strictness that finds real mistakes — an unknown keyword, a schema that does not compile, an
 * unknown format — but not the rules that refuse standard idioms: `strictRequired` (a `required`
 * inside `anyOf`/`oneOf` whose property is defined beside it), `strictTypes` (`properties` without
 * `"type": "object"`), `strictTuples`. The harness's own schemas keep full strictness.
 * Every problem is a ConfigError naming the variable, the file and a JSON pointer into the schema.
 */
import { ConfigError } from "../errors/config-error.ts";

export const USER_SCHEMA_OPTIONS = {
  allErrors: true,
  strict: true,
  strictRequired: false,
  strictTypes: false,
  strictTuples: false,
} as const;

/** Where a user's schema comes from, for the exit-2 line: the variable, its file and the key inside it. */
export interface UserSchemaSource {
  variable: string;
  file: string;
  /** The key of the schema inside the file (an operation key of REQUEST_RULES_FILE). */
  key?: string;
}

/** Keywords whose value is a map of subschemas, or one subschema, or a list of them. */
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];

/** The JSON pointer of every subschema with its keywords, in document order. */
export function* subschemas(schema: unknown, pointer = "#"): Generator<[string, Record<string, unknown>]> {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return;
  const node = schema as Record<string, unknown>;
  yield [pointer, node];
  for (const [key, value] of Object.entries(node)) {
    const at = `${pointer}/${escape(key)}`;
    if (SCHEMA_MAPS.includes(key) && value && typeof value === "object")
      for (const [name, sub] of Object.entries(value)) yield* subschemas(sub, `${at}/${escape(name)}`);
    else if (SCHEMA_LISTS.includes(key) && Array.isArray(value))
      for (const [i, sub] of value.entries()) yield* subschemas(sub, `${at}/${i}`);
    else if (!["enum", "const", "examples", "default", "required", "dependentRequired"].includes(key))
      yield* subschemas(value, at);
  }
}

function escape(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** ajv's "data/properties/a/type must …" speaks of the schema as data: its path as a pointer into the schema. */
function pointed(message: string): string {
  return message.replace(/\bdata((?:\/[^\s,]+)*)/g, (_m, path: string) => `#${path}`);
}

/** The one exit-2 line for a user's schema that does not compile, with the pointer where ajv gives none. */
export function userSchemaProblem(source: UserSchemaSource, schema: unknown, error: Error): ConfigError {
  const where = `${source.file}: ${source.key ? `"${source.key}" ` : ""}`;
  const unknown = /unknown keyword: "([^"]+)"/.exec(error.message)?.[1];
  if (unknown) {
    const at = [...subschemas(schema)].find(([, node]) => unknown in node)?.[0] ?? "#";
    return new ConfigError(source.variable, `${where}${at}: unknown keyword "${unknown}" (not JSON Schema 2020-12)`);
  }
  return new ConfigError(source.variable, `${where}not a usable JSON Schema 2020-12 (${pointed(error.message)})`);
}
