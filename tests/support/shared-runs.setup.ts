/**
 * The cli tier's global setup: one folder for the whole runs its files share (shared-runs.ts),
 * provided to every file of the tier and removed when the tier ends.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    sharedRunsDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "conformance-shared-runs-"));
  project.provide("sharedRunsDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
