/**
 * The pack's manifest: what was run (harness version and commit, schema set, target, seed), what
 * it found (the verdict, every must that did not pass, every should warning) and the SHA-256 of
 * every file, so that a changed, added or removed file is caught by `npm run certify -- --verify`.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { notJudgedByReason, type Summary } from "../summary.ts";

export const PACK_FORMAT = "payment-platform-conformance-pack/1";
export const MANIFEST_FILE = "manifest.json";
export const SIGNATURE_FILE = "manifest.sig.json";

export type PackVerdict = "conformant" | "not conformant" | "incomplete";

export interface ManifestFile {
  path: string;
  sha256: string;
  bytes: number;
}
export interface CheckLine {
  id: string;
  level: string;
  spec: string;
  title: string;
  outcome: string;
  message?: string;
}

export interface Manifest {
  format: typeof PACK_FORMAT;
  createdAt: string;
  harness: { version: string; gitCommit?: string };
  schemaSet: { sha256: string; files: number };
  run: {
    target: string;
    seed: number;
    strict: boolean;
    propertyRuns?: number;
    startedAt: string;
    durationMs: number;
    /** The TLS sessions and proxy of the run (summary.json's `network`), when it had any. */
    network?: Summary["network"];
  };
  /** "conformant" only when every must check ran and passed (and, in strict mode, every should). */
  verdict: PackVerdict;
  verdictReasons: string[];
  counts: Summary["counts"];
  mustNotPassed: CheckLine[];
  shouldWarnings: CheckLine[];
  exchanges: { entries: number; sampling: string };
  files: ManifestFile[];
}

export function sha256(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Every file under a folder, by its path relative to it with "/" separators, sorted. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split(sep).join("/"))
    .sort();
}

/** One hash for the schema set: SHA-256 over "sha256  path" lines (as sha256sum prints them), sorted by path. */
export function hashSchemaSet(schemasDir: string): Manifest["schemaSet"] {
  const files = listFiles(schemasDir).filter((f) => f.endsWith(".json"));
  const lines = files.map((f) => `${sha256(readFileSync(join(schemasDir, f)))}  ${f}\n`);
  return { sha256: sha256(lines.join("")), files: files.length };
}

const line = (c: Summary["checks"][number]): CheckLine => ({
  id: c.id,
  level: c.level ?? "must",
  spec: c.spec,
  title: c.title,
  outcome: c.outcome,
  ...(c.message ? { message: c.message.split("\n")[0]! } : {}),
});

/** The pack's verdict; stricter than the run's: a must check that was skipped or did not run leaves it incomplete. */
export function packVerdict(
  summary: Summary,
  expectedCheckIds: string[],
): Pick<Manifest, "verdict" | "verdictReasons" | "mustNotPassed" | "shouldWarnings"> {
  const musts = summary.checks.filter((c) => (c.level ?? "must") === "must");
  const mustNotPassed = musts.filter((c) => c.outcome !== "passed").map(line);
  const shouldWarnings = summary.checks
    // A should check's finding capped at info (it rests only on the reference's choice) is an observation, not a should warning.
    .filter((c) => c.level === "should" && !c.findingLevel && (c.outcome === "warning" || c.outcome === "failed"))
    .map(line);
  const ran = new Set(summary.checks.map((c) => c.id));
  const missing = expectedCheckIds.filter((id) => !ran.has(id));
  const reasons = [
    ...(musts.some((c) => c.outcome === "failed")
      ? [`${musts.filter((c) => c.outcome === "failed").length} must checks failed`]
      : []),
    ...(summary.verdict === "not conformant" && summary.strict && shouldWarnings.length
      ? ["should checks failed in strict mode"]
      : []),
    ...notJudgedByReason(musts).map(
      (g) => `${g.ids.length} must checks were not judged (${g.reason.replace(/^not judged: /, "")})`,
    ),
    ...(musts.some((c) => c.outcome === "skipped")
      ? [`${musts.filter((c) => c.outcome === "skipped").length} must checks were skipped`]
      : []),
    ...(missing.length
      ? [`${missing.length} checks of this harness did not run (a --check run?): ${missing.join(", ")}`]
      : []),
    ...(summary.errors.length ? [`the run had ${summary.errors.length} errors outside any check`] : []),
    // Flaky fails the run like failed (summary.ts); interrupted and --last-failed runs are partial.
    ...(musts.some((c) => c.outcome === "flaky")
      ? [`${musts.filter((c) => c.outcome === "flaky").length} must checks were flaky (failed, then passed on a retry)`]
      : []),
    ...(summary.interrupted ? [`the run was interrupted (${summary.interrupted}) before every check was judged`] : []),
    ...(summary.lastFailedFrom ? ["a partial run (--last-failed): only the checks that failed last time ran"] : []),
    ...(musts.length === 0 ? ["no must check ran"] : []),
  ];
  const verdict: PackVerdict =
    summary.verdict === "not conformant" ? "not conformant" : reasons.length ? "incomplete" : "conformant";
  return { verdict, verdictReasons: reasons, mustNotPassed, shouldWarnings };
}

export function fileEntries(files: Map<string, Buffer>): ManifestFile[] {
  return [...files]
    .map(([path, data]) => ({ path, sha256: sha256(data), bytes: data.length }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
