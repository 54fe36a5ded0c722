/**
 * The rest of the catalogue. Operations added with their schemas and an entry in the catalogue
 * folder, or by a partner's OpenAPI document (OPENAPI_DOCUMENT), are checked by the generic suite;
 * the document's descriptions of documented operations are compared with the spec's; operations the spec names without shapes appear in
 * every report as skipped, with the reason, so a reader sees the whole interface, covered or not.
 */
import { test } from "vitest";
import { ADDED_OPERATIONS, DECLARED_TWINS, NOT_COVERED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { agreementModule } from "../generic/document-agreement.ts";
import { genericModule } from "../generic/module.ts";
import { describeModule } from "../../lib/vitest/describe-module.ts";
import { reportNotCovered } from "../../lib/vitest/report-check.ts";

for (const op of ADDED_OPERATIONS)
  describeModule(genericModule(op), op.source ? "declared by OPENAPI_DOCUMENT" : "added in the catalogue folder");
for (const twin of DECLARED_TWINS) describeModule(agreementModule(twin), "described again by OPENAPI_DOCUMENT");

const rows = NOT_COVERED_OPERATIONS.map((op) => [`${op.code} ${op.title} (${op.spec}) — not covered`, op] as const);

test.for(rows)("%s", async ([, op], ctx) => {
  await reportNotCovered(op, ctx);
});
