/**
 * The cli tier's global setup: one folder for the whole runs its files share (shared-runs.ts), and
 * the bundle its commands start from (cli-bundle.ts), built from the current sources — never stale —
 * both provided to every file of the tier and removed when the tier ends.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildCliBundle } from "./cli-bundle.ts";

declare module "vitest" {
  export interface ProvidedContext {
    sharedRunsDir: string;
    cliBundleDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "conformance-shared-runs-"));
  const bundle = await buildCliBundle();
  project.provide("sharedRunsDir", dir);
  project.provide("cliBundleDir", bundle);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(bundle, { recursive: true, force: true });
  };
}
