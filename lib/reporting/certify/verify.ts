/**
 * Verifies a certification pack (its folder or its zip): every file listed in the manifest is
 * present with its SHA-256, no file is added, and — when a key is configured — the manifest's
 * signature holds. Any change to any file, the manifest included, fails verification.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { listFiles, MANIFEST_FILE, PACK_FORMAT, sha256, SIGNATURE_FILE, type Manifest } from "./manifest.ts";
import { PACK_FOLDER } from "./pack.ts";
import { signatureProblems, type PackSignature, type VerifyKey } from "./sign.ts";
import { STATEMENT_FILE, STATEMENT_FORMAT } from "./statement.ts";
import { readZip, ZipError } from "./zip.ts";

export interface Verification {
  ok: boolean;
  problems: string[];
  /** What holds without being a failure (an unsigned pack, a signature not checked). */
  notes: string[];
  manifest?: Manifest;
}

/**
 * The files of a pack folder or zip, by path inside the pack. Every zip entry must lie inside the
 * pack folder, without `..` or an absolute path: an entry beside it would be extracted next to
 * the pack, unverified, and read as part of it.
 */
export function loadPack(path: string): Map<string, Buffer> {
  if (statSync(path).isDirectory()) return new Map(listFiles(path).map((f) => [f, readFileSync(join(path, f))]));
  const prefix = `${PACK_FOLDER}/`;
  return new Map(
    [...readZip(readFileSync(path))].map(([name, data]) => {
      if (!name.startsWith(prefix) || name.split("/").includes("..") || /^[/\\]|^[A-Za-z]:/.test(name)) {
        throw new ZipError(`${name}: outside the pack folder ${prefix}`);
      }
      return [name.slice(prefix.length), data];
    }),
  );
}

function parseJson<T>(data: Buffer | undefined): T | undefined {
  try {
    return data ? (JSON.parse(data.toString("utf8")) as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The conformance statement is part of every pack: one removed together with its manifest entry
 * (which an unsigned pack could not otherwise tell) or replaced by another kind of file fails.
 */
function statementProblems(files: Map<string, Buffer>, manifest: Manifest): string[] {
  if (!(manifest.files ?? []).some((f) => f.path === STATEMENT_FILE))
    return [`${STATEMENT_FILE}: the pack has no implementation conformance statement`];
  const statement = parseJson<{ format?: unknown }>(files.get(STATEMENT_FILE));
  return statement && statement.format !== STATEMENT_FORMAT
    ? [`${STATEMENT_FILE}: unknown format ${JSON.stringify(statement.format)}`]
    : [];
}

function fileProblems(files: Map<string, Buffer>, manifest: Manifest): string[] {
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const entry of manifest.files ?? []) {
    listed.add(entry.path);
    const data = files.get(entry.path);
    if (!data) problems.push(`${entry.path}: missing`);
    else if (sha256(data) !== entry.sha256) problems.push(`${entry.path}: changed (SHA-256 differs from the manifest)`);
  }
  for (const path of files.keys()) {
    if (!listed.has(path) && path !== MANIFEST_FILE && path !== SIGNATURE_FILE)
      problems.push(`${path}: not listed in the manifest (added)`);
  }
  return problems;
}

export function verifyPack(files: Map<string, Buffer>, key: VerifyKey | undefined): Verification {
  const manifestBytes = files.get(MANIFEST_FILE);
  const manifest = parseJson<Manifest>(manifestBytes);
  if (!manifestBytes || !manifest) return { ok: false, problems: [`${MANIFEST_FILE}: missing or not JSON`], notes: [] };
  if (manifest.format !== PACK_FORMAT)
    return {
      ok: false,
      problems: [`${MANIFEST_FILE}: unknown format ${JSON.stringify(manifest.format)}`],
      notes: [],
      manifest,
    };
  const signature = parseJson<PackSignature>(files.get(SIGNATURE_FILE));
  if (files.has(SIGNATURE_FILE) && !signature)
    return { ok: false, problems: [`${SIGNATURE_FILE}: not JSON`], notes: [], manifest };
  const problems = [
    ...fileProblems(files, manifest),
    ...statementProblems(files, manifest),
    ...(key ? signatureProblems(manifestBytes, signature, key) : []),
  ];
  const notes = key
    ? [
        signature
          ? `signature: ${signature.algorithm} key ${signature.keyId}${problems.length ? "" : " verified"}`
          : "signature: none in the pack",
      ]
    : [
        signature
          ? `signed (${signature.algorithm}, key ${signature.keyId}) but not checked: set CERTIFY_VERIFY_KEY to verify it`
          : "not signed",
      ];
  return { ok: problems.length === 0, problems, notes, manifest };
}
