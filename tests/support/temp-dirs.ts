/** A fresh reports folder for one test (a helper that starts nothing: the unit tier may load it). */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function tempReportsDir(): string {
  return mkdtempSync(join(tmpdir(), "conformance-reports-"));
}
