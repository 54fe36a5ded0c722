/**
 * Bundles the harness's `$id`-addressed schemas (the registry's own loading) into OpenAPI
 * `components/schemas`, so that tools which do not resolve remote `$id`s (Prism, Postman,
 * code generators) read them. Every `$ref` becomes `#/components/schemas/<Name>`:
 *   card-api/statement-response.schema.json        → CardApiStatementResponse
 *   common/defs.schema.json#/$defs/timestampWithOffset → CommonTimestampWithOffset
 * The custom format `iso-date-time` (ISO 8601 with offset, wider than RFC 3339 `date-time`) is
 * unknown to other tools: it becomes the extension `x-format: iso-date-time`; the `pattern` that
 * carries the form is kept.
 */
import { SCHEMA_BASE } from "../catalogue/types.ts";
import { loadSchemas } from "../validation/registry.ts";

type Schema = Record<string, unknown>;

export const COMPONENT_REF = "#/components/schemas/";
export const CUSTOM_FORMAT = "iso-date-time";

/** Keywords that only address or describe the file; they do not survive the move. */
const FILE_KEYWORDS = ["$schema", "$id", "$defs"];
/** Addressing keywords the bundler does not rewrite: a schema using them fails the export loudly. */
const UNSUPPORTED = ["$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$id"];

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");

/** Component name of a whole schema file (by its `$id`) or of one of its `$defs` entries. */
function componentName(id: string, def?: string): string {
  if (!id.startsWith(SCHEMA_BASE)) throw new Error(`schema ${id} is outside ${SCHEMA_BASE}`);
  const parts = id
    .slice(SCHEMA_BASE.length)
    .replace(/\.schema\.json$/, "")
    .split("/");
  // A file of shared definitions (…/defs.schema.json) lends its folder name: CommonUuid, not CommonDefsUuid.
  const file = parts.at(-1) === "defs" && def !== undefined ? parts.slice(0, -1) : parts;
  return pascal(file.join("-")) + (def === undefined ? "" : pascal(def));
}

/** Component name for a registry reference such as `…/defs.schema.json#/$defs/uuid`. */
export function componentForRef(ref: string, base = SCHEMA_BASE): string {
  const url = new URL(ref, base);
  const pointer = decodeURIComponent(url.hash.slice(1));
  url.hash = "";
  if (pointer === "") return componentName(url.href);
  const def = /^\/\$defs\/([^/]+)$/.exec(pointer)?.[1];
  if (def === undefined) throw new Error(`$ref ${ref}: only whole schemas and $defs entries can be bundled`);
  return componentName(url.href, def);
}

function rewrite(node: unknown, baseId: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, baseId));
  if (node === null || typeof node !== "object") return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (UNSUPPORTED.includes(key))
      throw new Error(`${baseId}: keyword ${key} inside a schema is not supported by the export`);
    if (key === "$ref" && typeof value === "string") out.$ref = COMPONENT_REF + componentForRef(value, baseId);
    else if (key === "format" && value === CUSTOM_FORMAT) out["x-format"] = CUSTOM_FORMAT;
    else out[key] = rewrite(value, baseId);
  }
  return out;
}

function withoutFileKeywords(schema: Schema): Schema {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !FILE_KEYWORDS.includes(k)));
}

/** True when a file holds only definitions (and its title/description), nothing to validate. */
function onlyDefinitions(schema: Schema): boolean {
  return Object.keys(withoutFileKeywords(schema)).every((k) => k === "title" || k === "description");
}

/** Every schema file and every `$defs` entry as a named component, sorted by name. */
export function bundleSchemas(schemas: Schema[] = loadSchemas()): Record<string, Schema> {
  const components: Record<string, Schema> = {};
  const add = (name: string, schema: unknown, id: string) => {
    if (components[name]) throw new Error(`two schemas map to the component name ${name} (${id})`);
    components[name] = rewrite(schema, id) as Schema;
  };
  for (const schema of schemas) {
    const id = schema.$id;
    if (typeof id !== "string") throw new Error("a schema under schemas/ has no $id");
    for (const [def, sub] of Object.entries((schema.$defs ?? {}) as Record<string, Schema>))
      add(componentName(id, def), sub, id);
    if (!onlyDefinitions(schema)) add(componentName(id), withoutFileKeywords(schema), id);
  }
  return Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
}
