/**
 * The sandbox's request validation, by the harness's own request schemas (schemas/: one source per
 * schema, read as files, not imported — the sandbox still imports nothing of the harness's
 * validation) in an ajv of its own. The sandbox's independence lies in its route table
 * (sandbox/routes.ts), its handlers and its rules (sandbox/rules/); its schemas were copies that
 * differed only in `$id`, so a change to one side's left the other behind.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { isIsoDateTime } from "../lib/time/iso.ts";

const DIR = fileURLToPath(new URL("../schemas/", import.meta.url));
const BASE = "https://conformance.example/schemas/";

/** The request schemas the sandbox validates, and every schema they refer to. */
export const SANDBOX_REQUEST_SCHEMAS = [
  "card-api/account.schema.json",
  "card-api/additional-amount.schema.json",
  "card-api/additional-entry.schema.json",
  "card-api/card.schema.json",
  "card-api/client.schema.json",
  "card-api/limits-request.schema.json",
  "card-api/party.schema.json",
  "card-api/statement-request.schema.json",
  "card-api/transaction-request.schema.json",
  "common/defs.schema.json",
  "partner-transfer/business-client-data.schema.json",
  "partner-transfer/signed-request.schema.json",
] as const;

let ajv: InstanceType<typeof Ajv2020.default> | undefined;
const compiled = new Map<string, ValidateFunction>();

/**
 * The sandbox's ajv options. The schemas are checked against the 2020-12 meta-schema by the
 * harness's own tests (tests/schemas/schemas.unit.test.ts), and not again by every process that
 * serves a sandbox (validateSchema: false below): compiling the meta-schema was about 50 ms of CPU
 * in each, as in the harness's registry (lib/validation).
 */
export const SANDBOX_AJV_OPTIONS = { allErrors: true, strict: true } as const;

function schemas(): InstanceType<typeof Ajv2020.default> {
  if (ajv) return ajv;
  ajv = new Ajv2020.default({ ...SANDBOX_AJV_OPTIONS, validateSchema: false });
  addFormats.default(ajv, ["uuid", "email"]);
  ajv.addFormat("iso-date-time", { type: "string", validate: isIsoDateTime });
  // The harness marks the reference's assumptions (an annotation): the sandbox is the reference, and enforces them.
  ajv.addKeyword("x-reference-only");
  for (const file of SANDBOX_REQUEST_SCHEMAS) ajv.addSchema(JSON.parse(readFileSync(join(DIR, file), "utf8")));
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
