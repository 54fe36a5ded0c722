/**
 * npm run certify                      packs the last run of REPORTS_DIR into REPORTS_DIR/certification/
 *                                      and REPORTS_DIR/certification.zip (signed when CERTIFY_SIGNING_KEY is set)
 * npm run certify -- --verify <dir|zip> verifies a pack: file hashes, and the signature when a key is set
 * Exit codes: 0 conformant pack / verified · 1 pack not conformant / verification failed · 2 usage or configuration.
 */
import "../lib/config/env-first.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig } from "../lib/config/load.ts";
import { redactor, UNSAFE_REDACTION_SWITCH } from "../lib/redaction/redact.ts";
import { loadCertifyConfig, type CertifyConfig } from "../lib/reporting/certify/config.ts";
import {
  buildPack,
  missingRunOutputs,
  PACK_FOLDER,
  PACK_ZIP,
  writePackFolder,
  writePackZip,
} from "../lib/reporting/certify/pack.ts";
import { loadPack, verifyPack } from "../lib/reporting/certify/verify.ts";
import { describeStatement, STATEMENT_FILE, type ConformanceStatement } from "../lib/reporting/certify/statement.ts";
import { ZipError } from "../lib/reporting/certify/zip.ts";
import { gitCommit } from "../lib/reporting/git.ts";
import { EXIT, runMain, UsageError } from "../lib/runner/cli-errors.ts";
import { HARNESS_VERSION } from "../lib/config/version.ts";
import { ALL_MODULES } from "../suites/modules.ts";
import { checkReads } from "../lib/checks/reads.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const HELP = `usage: npm run certify                       pack the last run of REPORTS_DIR
       npm run certify -- --verify <dir|zip>  verify a pack (hashes; signature with CERTIFY_VERIFY_KEY or CERTIFY_SIGNING_KEY)`;

/** Every line this command prints passes the one redaction routine. */
const say = (line: string) => process.stdout.write(`${redactor.text(line)}\n`);

function options(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: { verify: { type: "string" }, help: { type: "boolean" } } }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${HELP}`.split("\n")[0]);
  }
}

function certify(reportsDir: string, keys: CertifyConfig): number {
  if (redactor.isDisabled)
    throw new UsageError(`refusing to pack with redaction off (${UNSAFE_REDACTION_SWITCH} is set)`);
  const missing = missingRunOutputs(reportsDir);
  if (missing.length)
    throw new UsageError(
      `no finished run in ${reportsDir} (missing ${missing.join(", ")}): run \`npm run conformance\` first`,
    );
  const commit = gitCommit();
  const now = new Date();
  const { files, manifest } = buildPack({
    reportsDir,
    schemasDir: join(ROOT, "schemas"),
    now,
    redactor,
    harness: { version: HARNESS_VERSION, ...(commit ? { gitCommit: commit } : {}) },
    expectedCheckIds: ALL_MODULES.flatMap((m) => m.checks.map((c) => c.id)),
    checkReads: checkReads(ALL_MODULES),
    ...(keys.signingKey ? { signingKey: keys.signingKey } : {}),
  });
  writePackFolder(join(reportsDir, PACK_FOLDER), files);
  writePackZip(join(reportsDir, PACK_ZIP), files, now);
  say(`certify: verdict ${manifest.verdict.toUpperCase()} · target ${manifest.run.target} · seed ${manifest.run.seed}`);
  for (const reason of manifest.verdictReasons) say(`  because ${reason}`);
  for (const c of manifest.mustNotPassed)
    say(`  MUST ${c.outcome.toUpperCase()} ${c.id} ${c.spec} ${c.message ?? c.title}`);
  for (const c of manifest.shouldWarnings)
    say(`  SHOULD ${c.outcome === "failed" ? "FAILED" : "WARNING"} ${c.id} ${c.spec} ${c.message ?? c.title}`);
  for (const line of describeStatement(JSON.parse(files.get(STATEMENT_FILE)!.toString("utf8")) as ConformanceStatement))
    say(`  ${line}`);
  say(
    `  ${files.size} files, ${manifest.exchanges.entries} exchanges in exchanges.har, ${keys.signingKey ? `signed (${keys.signingKey.algorithm}, key ${keys.signingKey.keyId})` : "not signed (set CERTIFY_SIGNING_KEY)"}`,
  );
  say(`  pack: ${join(reportsDir, PACK_FOLDER)}/ and ${join(reportsDir, PACK_ZIP)}`);
  return manifest.verdict === "conformant" ? EXIT.conformant : EXIT.failed;
}

function verify(path: string, keys: CertifyConfig): number {
  if (!existsSync(path)) throw new UsageError(`--verify ${path}: no such file or folder`);
  let files: Map<string, Buffer>;
  try {
    files = loadPack(path);
  } catch (error) {
    if (error instanceof ZipError) {
      say(`verify: FAILED ${path}: ${error.message}`);
      return EXIT.failed;
    }
    throw error;
  }
  const result = verifyPack(files, keys.verifyKey);
  // The verdict of a pack that fails verification is not to be trusted: it is not shown.
  const shown =
    result.ok && result.manifest
      ? ` · verdict ${result.manifest.verdict} · ${result.manifest.files?.length ?? 0} files`
      : "";
  say(`verify: ${result.ok ? "OK" : "FAILED"} ${path}${shown}`);
  for (const problem of result.problems) say(`  ${problem}`);
  for (const note of result.notes) say(`  ${note}`);
  return result.ok ? EXIT.conformant : EXIT.failed;
}

/** The command, callable by the installed `payment-conformance certify` (cli/payment-conformance.mjs). */
export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const values = options(argv);
  if (values.help) {
    say(HELP);
    return EXIT.conformant;
  }
  const config = loadConfig(process.env);
  redactor.addSecrets(config.secrets);
  const keys = loadCertifyConfig(process.env);
  return values.verify !== undefined ? verify(values.verify, keys) : certify(config.run.reportsDir, keys);
}

// Run as the process when started directly (node --import tsx cli/certify.ts); the installed command (payment-conformance.mjs) runs main itself.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) runMain("certify", main);
