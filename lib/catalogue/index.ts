/**
 * The catalogue: every operation the spec names, with family, method, path, clause, whether it is
 * documented, and its schema ids. Suites, the summary and the OpenAPI export all read it.
 */
import { catalogueDir, loadAddedOperationsSafely } from "./added.ts";
import { importedOperations } from "./imported.ts";
import { NAMED_ONLY_OPERATIONS } from "./named-only.ts";
import { notCoveredAmong } from "./unique.ts";
import { SCHEMA_BASE, type Operation } from "./types.ts";

export type { Operation } from "./types.ts";
export type { Twin } from "./imported.ts";

export const REGISTER_BUSINESS: Operation = {
  key: "partner-transfer-api.register-business",
  code: "PT-BIZ",
  family: "partner-transfer-api",
  title: "Register business client",
  method: "POST",
  path: "/v5/partner/transfer/business/create",
  spec: "§4.1",
  documented: true,
  requestSchema: `${SCHEMA_BASE}partner-transfer/signed-request.schema.json`,
  responseSchema: `${SCHEMA_BASE}partner-transfer/business-registration-response.schema.json`,
  mutates: true,
};

export const CARD_STATEMENT: Operation = {
  key: "card-api.statement",
  code: "CARD-STMT",
  family: "card-api",
  title: "Card statement",
  method: "POST",
  path: "/v5/card-api/card/statement",
  spec: "§4.2",
  documented: true,
  requestSchema: `${SCHEMA_BASE}card-api/statement-request.schema.json`,
  responseSchema: `${SCHEMA_BASE}card-api/statement-response.schema.json`,
  mutates: false,
};

export const CREATE_TRANSACTION: Operation = {
  key: "card-api.transaction-create",
  code: "CARD-TXN",
  family: "card-api",
  title: "Create transaction",
  method: "POST",
  path: "/v5/card-api/transaction/create",
  spec: "§4.3",
  documented: true,
  requestSchema: `${SCHEMA_BASE}card-api/transaction-request.schema.json`,
  responseSchema: `${SCHEMA_BASE}card-api/transaction-response.schema.json`,
  mutates: true,
};

export const LIMITS_LIST: Operation = {
  key: "card-api.limits-list",
  code: "CARD-LIM",
  family: "card-api",
  title: "Limits list",
  method: "POST",
  path: "/v5/card-api/limits/list",
  spec: "§4.4",
  documented: true,
  requestSchema: `${SCHEMA_BASE}card-api/limits-request.schema.json`,
  responseSchema: `${SCHEMA_BASE}card-api/limits-response.schema.json`,
  mutates: false,
};

export const DOCUMENTED_OPERATIONS: Operation[] = [REGISTER_BUSINESS, CARD_STATEMENT, CREATE_TRANSACTION, LIMITS_LIST];

const added = loadAddedOperationsSafely(
  catalogueDir(),
  Boolean(process.env.CATALOGUE_DIR?.trim()),
  DOCUMENTED_OPERATIONS,
);

// A partner's OpenAPI document, read before any command goes on (the parser loads only when one is named).
const imported = await importedOperations(
  process.env.OPENAPI_DOCUMENT?.trim(),
  DOCUMENTED_OPERATIONS,
  added.operations,
);

/** Operations a partner's OpenAPI document adds (OPENAPI_DOCUMENT, imported.ts): checked as added ones. */
export const IMPORTED_OPERATIONS: Operation[] = imported.operations;

/** The document's own descriptions of operations the spec documents: compared with the spec's, never used. */
export const DECLARED_TWINS = imported.twins;

/** The converted schemas of the document's operations (each with its `$id`), for the validator registry. */
export const IMPORTED_SCHEMAS = imported.schemas;

/** Operations added by a schema pair and one entry in the catalogue folder (added.ts), and those of the document. */
export const ADDED_OPERATIONS: Operation[] = [...added.operations, ...imported.operations];

/** A malformed catalogue entry or document: entry points throw it after reading configuration (exit 2). */
export const CATALOGUE_PROBLEM = added.problem ?? imported.problem;

export { notCoveredAmong };

/** The named operations reported as not covered. */
export const NOT_COVERED_OPERATIONS: Operation[] = notCoveredAmong(NAMED_ONLY_OPERATIONS, ADDED_OPERATIONS);

export const CATALOGUE: Operation[] = [...DOCUMENTED_OPERATIONS, ...ADDED_OPERATIONS, ...NOT_COVERED_OPERATIONS];
