/**
 * The rest of the catalogue. Operations added with their schemas and an entry in the catalogue
 * folder are checked by the generic suite; operations the spec names without shapes appear in
 * every report as skipped, with the reason, so a reader sees the whole interface, covered or not.
 */
import { test } from "vitest";
import { ADDED_OPERATIONS, NOT_COVERED_OPERATIONS } from "../../lib/catalogue/index.ts";
import { genericModule } from "../generic/module.ts";
import { describeModule } from "../../lib/vitest/describe-module.ts";
import { reportNotCovered } from "../../lib/vitest/report-check.ts";

for (const op of ADDED_OPERATIONS) describeModule(genericModule(op), "added in the catalogue folder");

const rows = NOT_COVERED_OPERATIONS.map((op) => [`${op.code} ${op.title} (${op.spec}) — not covered`, op] as const);

test.for(rows)("%s", async ([, op], ctx) => {
  await reportNotCovered(op, ctx);
});
