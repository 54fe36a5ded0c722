/**
 * The declared rules, enforced: one ajv (JSON Schema 2020-12) compiles the schemas of
 * request-rules.ts — the very objects the partner folder writes to REQUEST_RULES_FILE and
 * CLIENT_DATA_FILE — so the server and its declaration cannot drift apart.
 */
import Ajv2020 from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import { CLIENT_DATA_SCHEMA, REQUEST_RULES, type OperationKey } from "./request-rules.ts";

const ajv = new Ajv2020.default({ allErrors: false, strict: true });
const compiled = new Map<string, ValidateFunction>();

function validator(name: string, schema: object): ValidateFunction {
  let fn = compiled.get(name);
  if (!fn) compiled.set(name, (fn = ajv.compile(schema)));
  return fn;
}

const describe = (e: ErrorObject) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`;

/** The first broken declared rule, as "/debit/card/card_id must match pattern …", or undefined. */
export function brokenRequestRule(operation: OperationKey, body: unknown): string | undefined {
  const fn = validator(operation, REQUEST_RULES[operation]);
  return fn(body) ? undefined : describe(fn.errors![0]!);
}

/** The first broken rule of the client data schema, or undefined. */
export function brokenClientDataRule(data: unknown): string | undefined {
  const fn = validator("client-data", CLIENT_DATA_SCHEMA);
  return fn(data) ? undefined : describe(fn.errors![0]!);
}
