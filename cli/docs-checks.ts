/** npm run docs:checks — writes docs/checks.md (lib/reporting/checks-table.ts); `--check` exits 1 when it is stale. */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DOCUMENTED_OPERATIONS } from "../lib/catalogue/index.ts";
import { renderChecksTable } from "../lib/reporting/checks-table.ts";
import { ALL_MODULES } from "../suites/modules.ts";

export const CHECKS_DOC = fileURLToPath(new URL("../docs/checks.md", import.meta.url));

/** The table of the documented operations' checks (operations added in a catalogue folder are the user's). */
export function checksDoc(): string {
  return renderChecksTable(ALL_MODULES.filter((m) => DOCUMENTED_OPERATIONS.includes(m.operation)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = checksDoc();
  if (process.argv.includes("--check")) {
    const fresh = readFileSync(CHECKS_DOC, "utf8") === text;
    if (!fresh) process.stderr.write("docs:checks: docs/checks.md is stale; run npm run docs:checks\n");
    process.exitCode = fresh ? 0 : 1;
  } else {
    writeFileSync(CHECKS_DOC, text);
    process.stdout.write(`docs:checks: wrote ${CHECKS_DOC}\n`);
  }
}
