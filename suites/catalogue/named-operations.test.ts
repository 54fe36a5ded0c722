/**
 * Operations the spec names without shapes appear in every report as skipped, with the reason,
 * so a reader sees the whole interface, covered or not.
 */
import { test } from "vitest";
import { NAMED_ONLY_OPERATIONS } from "../../lib/catalogue/named-only.ts";
import { reportNotCovered } from "../../lib/vitest/report-check.ts";

const rows = NAMED_ONLY_OPERATIONS.map((op) => [`${op.code} ${op.title} (${op.spec}) — not covered`, op] as const);

test.for(rows)("%s", async ([, op], ctx) => {
  await reportNotCovered(op, ctx);
});
