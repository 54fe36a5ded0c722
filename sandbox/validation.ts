/**
 * The sandbox's own request validation: its own copies of the request schemas (sandbox/schemas/,
 * under its own $id base) in its own ajv. Independent of the harness's schemas/ and registry on
 * purpose: were both sides to share one oracle, a schema bug would be invisible to both.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

const DIR = fileURLToPath(new URL("./schemas/", import.meta.url));
const BASE = "https://sandbox.example/schemas/";

let ajv: InstanceType<typeof Ajv2020.default> | undefined;
const compiled = new Map<string, ValidateFunction>();

/**
 * The sandbox's ajv options. Its schemas are checked against the 2020-12 meta-schema by the
 * harness's own tests (tests/sandbox/independence.sandbox.test.ts), with these options, and not
 * again by every process that serves a sandbox (validateSchema: false below): compiling the
 * meta-schema was about 50 ms of CPU in each, as in the harness's registry (lib/validation).
 */
export const SANDBOX_AJV_OPTIONS = { allErrors: true, strict: true } as const;

function schemas(): InstanceType<typeof Ajv2020.default> {
  if (ajv) return ajv;
  ajv = new Ajv2020.default({ ...SANDBOX_AJV_OPTIONS, validateSchema: false });
  addFormats.default(ajv, ["uuid", "email"]);
  for (const file of readdirSync(DIR, { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith(".schema.json"),
  )) {
    ajv.addSchema(JSON.parse(readFileSync(join(DIR, file), "utf8")));
  }
  return ajv;
}

function issueOf(error: ErrorObject): string {
  const path = error.instancePath || "";
  if (error.keyword === "required")
    return `${path}/${String((error.params as { missingProperty: string }).missingProperty)} is required but missing`;
  return `${path || "(root)"} ${error.message ?? error.keyword}`;
}

/** What is wrong with a body for this request schema (e.g. "card-api/limits-request.schema.json"), or undefined. */
export function requestProblems(schema: string, body: unknown): string | undefined {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = schemas().getSchema(`${BASE}${schema}`);
    if (!validate) throw new Error(`the sandbox has no request schema ${schema}`);
    compiled.set(schema, validate);
  }
  if (validate(body)) return undefined;
  const issues = [...new Set((validate.errors ?? []).map(issueOf))];
  return issues.slice(0, 8).join("; ") + (issues.length > 8 ? `; and ${issues.length - 8} more` : "");
}
