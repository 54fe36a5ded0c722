/**
 * Builds the certification pack from a finished run in REPORTS_DIR: the summary, JUnit, Allure
 * results, the recorded exchanges as a HAR file, and the manifest (signed when a key is set).
 * The pack is written twice: as the folder REPORTS_DIR/certification/ and as certification.zip.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Redactor } from "../../redaction/redact.ts";
import { EVIDENCE_HEAD, EVIDENCE_TAIL } from "../../checks/evidence.ts";
import { exchangesFolder, type ExchangeRecord } from "../exchange-log.ts";
import { buildHar } from "../har.ts";
import { storedRow, type Summary } from "../summary.ts";
import {
  fileEntries,
  hashSchemaSet,
  listFiles,
  MANIFEST_FILE,
  PACK_FORMAT,
  packVerdict,
  SIGNATURE_FILE,
  type Manifest,
} from "./manifest.ts";
import { signManifest, type SigningKey } from "./sign.ts";
import type { CheckReads } from "./option-effects.ts";
import { buildStatement, STATEMENT_FILE } from "./statement.ts";
import { writeZip } from "./zip.ts";

export const PACK_FOLDER = "certification";
export const PACK_ZIP = "certification.zip";
const HAR_FILE = "exchanges.har";
/** What a run must have left in REPORTS_DIR for a pack. */
const RUN_OUTPUTS = ["summary.json", "summary.md", "junit.xml", "allure-results"];

export interface PackOptions {
  reportsDir: string;
  schemasDir: string;
  harness: Manifest["harness"];
  /** Every check id of this harness: a pack of a partial run (--check) is incomplete. */
  expectedCheckIds: string[];
  /** What every check reads (lib/checks/reads.ts `checkReads`): the statement's option effects. */
  checkReads: readonly CheckReads[];
  signingKey?: SigningKey;
  redactor: Redactor;
  now: Date;
}

export interface Pack {
  files: Map<string, Buffer>;
  manifest: Manifest;
}

export function missingRunOutputs(reportsDir: string): string[] {
  return RUN_OUTPUTS.filter((name) => !existsSync(join(reportsDir, name)));
}

function readExchangeRecords(reportsDir: string): ExchangeRecord[] {
  const folder = exchangesFolder(reportsDir);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .flatMap((f) =>
      readFileSync(join(folder, f), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as ExchangeRecord),
    );
}

function runFiles(reportsDir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of ["summary.json", "summary.md", "junit.xml"]) files.set(name, readFileSync(join(reportsDir, name)));
  const results = join(reportsDir, "allure-results");
  for (const f of listFiles(results)) files.set(`allure-results/${f}`, readFileSync(join(results, f)));
  return files;
}

const SAMPLING = `per check its first ${EVIDENCE_HEAD} exchanges, and the last ${EVIDENCE_TAIL} of a failed check`;

export function buildPack(options: PackOptions): Pack {
  const { reportsDir, redactor } = options;
  const read = JSON.parse(readFileSync(join(reportsDir, "summary.json"), "utf8")) as Summary;
  // A run of an earlier version may write "not judged" in the old form.
  const summary = { ...read, checks: read.checks.map(storedRow) };
  const files = runFiles(reportsDir);
  const records = readExchangeRecords(reportsDir);
  const har = buildHar(
    records,
    { name: "payment-platform-conformance", version: options.harness.version },
    `redacted exchanges of the run; sample: ${SAMPLING}`,
  );
  // The records were redacted when written; the HAR passes the one routine again before it leaves.
  files.set(HAR_FILE, Buffer.from(`${JSON.stringify(redactor.json(har), null, 1)}\n`));
  // The implementation conformance statement: hashed in the manifest like every file.
  const statement = redactor.json(buildStatement(summary, options.checkReads, options.harness));
  files.set(STATEMENT_FILE, Buffer.from(`${JSON.stringify(statement, null, 2)}\n`));
  const manifest = redactor.json({
    format: PACK_FORMAT,
    createdAt: options.now.toISOString(),
    harness: options.harness,
    schemaSet: hashSchemaSet(options.schemasDir),
    run: {
      target: summary.target,
      seed: summary.seed,
      strict: summary.strict,
      ...(summary.propertyRuns !== undefined ? { propertyRuns: summary.propertyRuns } : {}),
      startedAt: summary.startedAt,
      durationMs: summary.durationMs,
      ...(summary.network ? { network: summary.network } : {}),
    },
    ...packVerdict(summary, options.expectedCheckIds),
    counts: summary.counts,
    exchanges: { entries: records.length, sampling: SAMPLING },
    files: fileEntries(files),
  } satisfies Manifest) as Manifest;
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  files.set(MANIFEST_FILE, manifestBytes);
  if (options.signingKey)
    files.set(
      SIGNATURE_FILE,
      Buffer.from(`${JSON.stringify(signManifest(manifestBytes, options.signingKey), null, 2)}\n`),
    );
  return { files, manifest };
}

export function writePackFolder(dir: string, files: Map<string, Buffer>): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [path, data] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), data);
  }
}

/** Entries under "certification/", so unzipping never spills files into the current folder. */
export function writePackZip(zipPath: string, files: Map<string, Buffer>, date: Date): void {
  const entries = [...files]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, data]) => ({ name: `${PACK_FOLDER}/${path}`, data }));
  writeFileSync(zipPath, writeZip(entries, date));
}
