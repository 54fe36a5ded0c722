/** npm run docs:checks — writes docs/checks.md (lib/reporting/checks-table.ts); `--check` exits 1 when it is stale. */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { DOCUMENTED_OPERATIONS } from "../lib/catalogue/index.ts";
import { renderChecksTable } from "../lib/reporting/checks-table.ts";
import { ALL_MODULES } from "../suites/modules.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const CHECKS_DOC = join(ROOT, "docs/checks.md");

/** The suite sources, relative to the repository, with their text. */
function suiteSources(): Array<[string, string]> {
  const files = readdirSync(join(ROOT, "suites"), { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith(".ts"),
  );
  return files.sort().map((f) => [
    relative(ROOT, join(ROOT, "suites", f))
      .split("\\")
      .join("/"),
    readFileSync(join(ROOT, "suites", f), "utf8"),
  ]);
}

/** The one file under suites/ that writes the id literally ("CARD-LIM-DT"); an id written in none, or in two, is an error. */
export function literalIdFiles(): (id: string) => string {
  const sources = suiteSources();
  return (id) => {
    const files = sources.filter(([, text]) => text.includes(`"${id}"`)).map(([file]) => file);
    if (files.length !== 1)
      throw new Error(
        `check id ${id} is written literally in ${files.length ? files.join(" and ") : "no file under suites/"}`,
      );
    return files[0]!;
  };
}

/** The table of the documented operations' checks (operations added in a catalogue folder are the user's). */
export function checksDoc(): string {
  return renderChecksTable(
    ALL_MODULES.filter((m) => DOCUMENTED_OPERATIONS.includes(m.operation)),
    literalIdFiles(),
  );
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
