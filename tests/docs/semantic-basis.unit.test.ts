/** The basis column of docs/payment-semantics.md is the basis of each row in the rule tables (the data). */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { semanticTransactionMutations } from "../../generators/cases/semantic-transaction.ts";
import { semanticLimitsMutations, semanticStatementMutations } from "../../generators/cases/semantic-references.ts";

const config = loadConfig({});
const ROWS = [
  ...semanticTransactionMutations(config),
  ...semanticStatementMutations(config),
  ...semanticLimitsMutations(config),
];

test("every semantic row of the doc shows the basis its rule table gives it", () => {
  const doc = readFileSync(new URL("../../docs/payment-semantics.md", import.meta.url), "utf8");
  const documented = new Map(
    [...doc.matchAll(/^\| ([^|]+?) \| [^|]+ \| [^|]+ \| (spec|declared|reference) \|$/gm)].map((m) => [m[1]!, m[2]!]),
  );
  expect(documented.size).toBe(ROWS.length);
  for (const row of ROWS) expect(documented.get(row.name), row.name).toBe(row.basis);
});
