/** The platform's own validation of what it receives, with ajv, against its rules (rules.ts). */
import Ajv2020 from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import { CLIENT_DATA_SCHEMA, LIMITS_RULES, REGISTRATION_RULES, STATEMENT_RULES, TRANSACTION_RULES } from "./rules.ts";

// ajv is CommonJS: under NodeNext its class is the default export's `default`.
const ajv = new Ajv2020.default({ allErrors: false, strict: true, strictRequired: false });

const compiled = {
  transaction: ajv.compile(TRANSACTION_RULES),
  statement: ajv.compile(STATEMENT_RULES),
  limits: ajv.compile(LIMITS_RULES),
  registration: ajv.compile(REGISTRATION_RULES),
  clientData: ajv.compile(CLIENT_DATA_SCHEMA),
} satisfies Record<string, ValidateFunction>;

export type SchemaName = keyof typeof compiled;

function describe(error: ErrorObject): string {
  const where = error.instancePath || "/";
  if (error.keyword === "required")
    return `${where}: ${(error.params as { missingProperty: string }).missingProperty} is required`;
  return `${where}: ${error.message ?? "is invalid"}`;
}

/** Undefined when `value` keeps the rules, else what breaks the first one. */
export function violation(name: SchemaName, value: unknown): string | undefined {
  const validate = compiled[name];
  return validate(value) ? undefined : describe(validate.errors![0]!);
}
