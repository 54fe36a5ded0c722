/**
 * A partner's OpenAPI document (OPENAPI_DOCUMENT: 3.0.x or 3.1, YAML or JSON) read into catalogue
 * operations: each POST operation with a JSON request body and a JSON schema for its 200 answer,
 * its `$ref`s (within and across files) resolved by @readme/openapi-parser, its schemas converted
 * to JSON Schema 2020-12 (openapi-schema.ts) under `$id`s of their own. The parser is loaded only
 * when a document is named.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigError } from "../errors/config-error.ts";
import { securityOf } from "./openapi-security.ts";
import { toJsonSchema, SchemaConversionError, type Dialect, type Side } from "./openapi-schema.ts";
import { clauseOf, codeOf, familyOf, keyOf, mutatesOf, VARIABLE, type Where } from "./openapi-operation.ts";
import { SCHEMA_BASE, type Operation } from "./types.ts";

type Json = Record<string, unknown>;

export interface ImportedDocument {
  operations: Operation[];
  /** The converted schemas, each with its `$id`, for the validator registry. */
  schemas: Json[];
  /** Operations of the document not imported, each with the reason. */
  skipped: string[];
}

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");
const isJsonMedia = (type: string) => /^application\/([\w.-]+\+)?json(\s*;.*)?$/i.test(type);
const urlsOf = (servers: unknown) =>
  Array.isArray(servers) ? servers.map((s) => String((s as Json)?.url ?? "")).filter(Boolean) : [];

/** The JSON media type of a content map, and its pointer part. */
function jsonMedia(content: unknown): [string, Json] | undefined {
  const entry = Object.entries((content ?? {}) as Json).find(([type]) => isJsonMedia(type));
  return entry ? [entry[0], (entry[1] ?? {}) as Json] : undefined;
}

/** The examples a media type gives (`example`, `examples.*.value`): valid requests the target knows. */
function mediaExamples(media: Json): unknown[] {
  if ("example" in media) return [media.example];
  return Object.values((media.examples ?? {}) as Json)
    .map((e) => (e as Json)?.value)
    .filter((v) => v !== undefined);
}

async function parsed(file: string): Promise<Json> {
  const parser = await import("@readme/openapi-parser");
  const checked = await parser.validate(file);
  if (!checked.valid) {
    const first = (checked.errors?.[0]?.message ?? "invalid").split("\n")[0];
    throw new ConfigError(VARIABLE, `${file}: not a valid OpenAPI document (${first})`);
  }
  return (await parser.dereference(file, { dereference: { circular: "ignore" } })) as unknown as Json;
}

function dialectOf(file: string, document: Json): Dialect {
  const version = String(document.openapi ?? document.swagger ?? "");
  if (/^3\.0\.\d+$/.test(version)) return "3.0";
  if (/^3\.1\.\d+$/.test(version)) return "3.1";
  throw new ConfigError(VARIABLE, `${file}: OpenAPI ${version || "(no version)"}: only 3.0.x and 3.1.x are read`);
}

/** One POST operation as a catalogue operation and its two schemas, or why it is not imported. */
function importOne(where: Where, dialect: Dialect, document: Json): { op: Operation; schemas: Json[] } | string {
  const { operation, pointer } = where;
  const request = jsonMedia((operation.requestBody as Json | undefined)?.content);
  const responses = (operation.responses ?? {}) as Json;
  const success = responses["200"] ?? responses["2XX"];
  const answer = jsonMedia((success as Json | undefined)?.content);
  if (!request?.[1].schema) return `${pointer}: no JSON request body schema`;
  if (!answer?.[1].schema) return `${pointer}: no JSON schema for the 200 answer`;
  const family = familyOf(where);
  const key = keyOf(where, family);
  const code = codeOf(where, family, key);
  const title = typeof operation.summary === "string" ? operation.summary : key;
  const requestPointer = `${pointer}/requestBody/content/${escape(request[0])}/schema`;
  const responsePointer = `${pointer}/responses/${"200" in responses ? "200" : "2XX"}/content/${escape(answer[0])}/schema`;
  const base = `${SCHEMA_BASE}imported/${family}/${key.slice(family.length + 1)}`;
  const requestSchema: Json & { $id: string } = {
    $id: `${base}-request.schema.json`,
    ...convert(where, request[1].schema, requestPointer, dialect, "request"),
  };
  const examples = mediaExamples(request[1]);
  if (examples.length) requestSchema.examples = examples;
  const responseSchema = {
    $id: `${base}-response.schema.json`,
    ...convert(where, answer[1].schema, responsePointer, dialect, "response"),
  };
  const op: Operation = {
    key,
    code,
    family,
    title,
    method: "POST",
    path: where.path,
    spec: clauseOf(where, family),
    documented: true,
    requestSchema: requestSchema.$id,
    responseSchema: responseSchema.$id,
    mutates: mutatesOf(where, family, key),
    source: {
      file: where.file,
      requestPointer: `#${requestPointer}`,
      responsePointer: `#${responsePointer}`,
      security: securityOf(where, document),
    },
  };
  return { op, schemas: [requestSchema, responseSchema] };
}

function convert(where: Where, schema: unknown, pointer: string, dialect: Dialect, side: Side): Json {
  try {
    return toJsonSchema(schema, `#${pointer}`, dialect, side);
  } catch (error) {
    if (error instanceof SchemaConversionError) throw new ConfigError(VARIABLE, `${where.file}${`: ${error.message}`}`);
    throw error;
  }
}

/** Reads the document named (as the user wrote it, relative to the working folder). */
export async function readOpenApiDocument(named: string): Promise<ImportedDocument> {
  const file = resolve(named);
  if (!existsSync(file)) throw new ConfigError(VARIABLE, `${named} does not exist`);
  const document = await parsed(file);
  const dialect = dialectOf(named, document);
  const out: ImportedDocument = { operations: [], schemas: [], skipped: [] };
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of Object.keys(item ?? {}).filter((m) =>
      /^(get|put|post|delete|patch|head|options|trace)$/.test(m),
    )) {
      const pointer = `/paths/${escape(path)}/${method}`;
      if (method !== "post") {
        out.skipped.push(`${pointer}: ${method.toUpperCase()} (the interface's operations are POST, §4.5, §4.6)`);
        continue;
      }
      const servers = [...urlsOf((item[method] as Json).servers), ...urlsOf(item.servers), ...urlsOf(document.servers)];
      const where: Where = { file: named, pointer, path, operation: item[method] as Json, servers };
      const imported = importOne(where, dialect, document);
      if (typeof imported === "string") out.skipped.push(imported);
      else (out.operations.push(imported.op), out.schemas.push(...imported.schemas));
    }
  }
  return out;
}
