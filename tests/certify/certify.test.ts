/**
 * `npm run conformance && npm run certify` end to end: a signed pack (folder and zip) with the
 * summary, JUnit, Allure results, a HAR 1.2 file and a manifest; `--verify` accepts it and
 * rejects every kind of tampering. The run is the tier's one strict whole run (the launcher's and
 * the whole-run contract's, tests/support/shared-runs.ts), copied before the pack is written beside it.
 */
import { createHash } from "node:crypto";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  hashSchemaSet,
  MANIFEST_FILE,
  sha256,
  SIGNATURE_FILE,
  type Manifest,
} from "../../lib/reporting/certify/manifest.ts";
import { parseVerifyKey } from "../../lib/reporting/certify/sign.ts";
import { STATEMENT_FILE, type ConformanceStatement } from "../../lib/reporting/certify/statement.ts";
import { loadSelfQualification } from "../../lib/reporting/certify/self-qualification.ts";
import { loadPack, verifyPack } from "../../lib/reporting/certify/verify.ts";
import { writeZip } from "../../lib/reporting/certify/zip.ts";
import type { Har } from "../../lib/reporting/har.ts";
import { UNSAFE_REDACTION_SWITCH, UNSAFE_REDACTION_VALUE } from "../../lib/redaction/redact.ts";
import { HARNESS_VERSION } from "../../lib/config/version.ts";
import { SANDBOX_CARDS } from "../../lib/test-data/published.ts";
import { ROOT, runCli, tempReportsDir, type CliResult } from "../support/cli.ts";
import { sharedRun, STRICT_WHOLE_RUN } from "../support/shared-runs.ts";
import { ed25519Keys } from "./keys.ts";

const dir = tempReportsDir();
const pack = join(dir, "certification");
const zip = join(dir, "certification.zip");
const keys = ed25519Keys();
let certify: CliResult;
const manifest = (): Manifest => JSON.parse(readFileSync(join(pack, MANIFEST_FILE), "utf8"));

beforeAll(async () => {
  // The tier's strict whole run (shared-runs.ts), copied: the pack is written beside it.
  const run = await sharedRun(STRICT_WHOLE_RUN);
  expect(run.result.code, run.result.stdout).toBe(0);
  cpSync(run.dir, dir, { recursive: true });
  // On one line with literal \n, as in a CI secret.
  certify = await runCli("certify.ts", [], {
    REPORTS_DIR: dir,
    CERTIFY_SIGNING_KEY: keys.privatePem.replace(/\n/g, "\\n"),
  });
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a conformant run gives a signed, conformant pack: summary, JUnit, Allure results, HAR, manifest", () => {
  expect(certify.code, certify.stdout + certify.stderr).toBe(0);
  expect(certify.stdout).toMatch(/verdict CONFORMANT .* seed 7/);
  expect(certify.stdout).toMatch(/signed \(ed25519, key [0-9a-f]{16}\)/);
  expect(readdirSync(pack).sort()).toEqual([
    "allure-results",
    "exchanges.har",
    "junit.xml",
    MANIFEST_FILE,
    SIGNATURE_FILE,
    STATEMENT_FILE,
    "summary.json",
    "summary.md",
  ]);
  const m = manifest();
  expect(m).toMatchObject({
    harness: { version: HARNESS_VERSION },
    run: { seed: 7, strict: true },
    verdict: "conformant",
    mustNotPassed: [],
    shouldWarnings: [],
  });
  expect(m.run.target).toMatch(/^embedded sandbox http:\/\/127\.0\.0\.1:\d+$/);
  expect(m.schemaSet).toEqual(hashSchemaSet(join(ROOT, "schemas")));
  for (const f of m.files) expect(sha256(readFileSync(join(pack, f.path))), f.path).toBe(f.sha256);
  expect(m.files.filter((f) => f.path.startsWith("allure-results/")).length).toBe(
    readdirSync(join(dir, "allure-results")).length,
  );
  expect(readFileSync(join(pack, SIGNATURE_FILE), "utf8")).not.toContain("PRIVATE KEY");
});

test("the pack states what was declared, what each option did, and what the harness is proven to catch", () => {
  const statement = JSON.parse(readFileSync(join(pack, STATEMENT_FILE), "utf8")) as ConformanceStatement;
  expect(statement.declared).toMatchObject({
    cryptoProfile: { name: "default", builtIn: true },
    idempotencyMode: "either",
    statementDateFormat: expect.any(String),
    targetUtcOffset: expect.any(String),
    limits: { cumulativeLimitTypes: ["total"], minimumLimitTypes: ["min"] },
  });
  expect(statement.declared!.cryptoProfile.keys).toContainEqual({
    variable: "PARTNER_SIGNING_KEY",
    set: false,
    kind: "HMAC-SHA256 key, 32 bytes (64 hex digits): unset, the sandbox's published key",
  });
  expect(statement.debitAmounts).toMatch(/^debit amounts .* KZT/);
  expect(statement.options.find((o) => o.option === "IDEMPOTENCY_MODE")).toMatchObject({
    value: "either",
    changed: ["CARD-TXN-IDEMPOTENT-REPLAY"],
  });
  expect(statement.selfQualification).toMatchObject({ ...loadSelfQualification(), harnessVersion: HARNESS_VERSION });
  // Key kinds, never key material: no published key appears in the statement.
  expect(readFileSync(join(pack, STATEMENT_FILE), "utf8")).not.toMatch(/[0-9a-f]{64}"/);
  expect(certify.stdout).toMatch(
    /statement: .*CRYPTO_PROFILE default · .*IDEMPOTENCY_MODE either · .*TARGET_ENV sandbox/,
  );
  expect(certify.stdout).toMatch(/self-qualification: kills \d+ of \d+ seeded faults/);
});

test("exchanges.har is HTTP Archive 1.2 with every recorded exchange, redacted", () => {
  const har = JSON.parse(readFileSync(join(pack, "exchanges.har"), "utf8")) as Har;
  const recorded = readdirSync(join(dir, "exchanges")).flatMap((f) =>
    readFileSync(join(dir, "exchanges", f), "utf8")
      .trim()
      .split("\n"),
  );
  expect(har.log).toMatchObject({
    version: "1.2",
    creator: { name: "payment-platform-conformance", version: HARNESS_VERSION },
  });
  expect(har.log.entries).toHaveLength(recorded.length);
  expect(manifest().exchanges.entries).toBe(recorded.length);
  for (const entry of har.log.entries) {
    expect(Date.parse(entry.startedDateTime)).not.toBeNaN();
    // Refusals (401, 4xx) are recorded too: the auth and negative checks provoke them on purpose.
    expect(entry).toMatchObject({
      request: { method: "POST", httpVersion: "HTTP/1.1", headersSize: -1 },
      response: { status: expect.any(Number), content: { mimeType: expect.stringMatching(/json/) } },
    });
    expect(entry._checks.length).toBeGreaterThan(0);
  }
  expect(har.log.entries.some((e) => e.response.status === 200)).toBe(true);
  const text = JSON.stringify(har);
  expect(text).toContain("440043******0023");
  expect(text).not.toContain(SANDBOX_CARDS.payment.pan);
  expect(text).not.toMatch(/card_cvc/);
});

/**
 * The pack's files by name, each as its SHA-256: compared as a map of Buffers, vitest's deep
 * equality walked every byte of several megabytes one element at a time (this test took 5 s).
 */
const digests = (files: Map<string, Buffer>) =>
  new Map([...files].map(([name, data]) => [name, createHash("sha256").update(data).digest("hex")]));

test("the zip holds exactly the folder's files, under certification/", () => {
  expect(digests(loadPack(zip))).toEqual(digests(loadPack(pack)));
});

describe("--verify", () => {
  const env = { REPORTS_DIR: dir, CERTIFY_VERIFY_KEY: keys.publicPem };

  // The command once each way (OK, FAILED); the folder, read as the zip is, in-process.
  test("the zip of an untouched pack verifies, signature included (exit 0)", async () => {
    const { code, stdout } = await runCli("certify.ts", ["--verify", zip], env);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/verify: OK .* verdict conformant/);
    expect(stdout).toMatch(/signature: ed25519 key [0-9a-f]{16} verified/);
  });

  test("the folder of an untouched pack verifies, signature included", () => {
    const result = verifyPack(loadPack(pack), parseVerifyKey(keys.publicPem));
    expect(result).toMatchObject({ ok: true, problems: [], manifest: { verdict: "conformant" } });
    expect(result.notes).toEqual([expect.stringMatching(/^signature: ed25519 key [0-9a-f]{16} verified$/)]);
  });

  test("a tampered zip fails (exit 1), naming the file", async () => {
    const files = loadPack(zip);
    files.set(
      "summary.json",
      Buffer.from(files.get("summary.json")!.toString().replace('"conformant"', '"not conformant"')),
    );
    const tampered = join(tempReportsDir(), "tampered.zip");
    writeFileSync(
      tampered,
      writeZip(
        [...files].map(([name, data]) => ({ name: `certification/${name}`, data })),
        new Date(),
      ),
    );
    const { code, stdout } = await runCli("certify.ts", ["--verify", tampered], env);
    expect(code).toBe(1);
    expect(stdout).toMatch(/verify: FAILED/);
    expect(stdout).toMatch(/summary\.json: changed/);
  });

  type ZipEntries = Array<{ name: string; data: Buffer }>;
  const FORGED: Array<[string, (entries: ZipEntries) => ZipEntries, RegExp]> = [
    [
      "an entry beside the pack folder",
      (e) => [...e, { name: "summary.json", data: Buffer.from('{"verdict":"conformant"}') }],
      /summary\.json: outside the pack folder/,
    ],
    [
      "an entry that climbs out of it",
      (e) => [...e, { name: "certification/../summary.json", data: Buffer.from("{}") }],
      /outside the pack folder/,
    ],
    [
      "a second entry of one name",
      (e) => [...e, { name: "certification/summary.json", data: Buffer.from('{"verdict":"conformant"}') }],
      /certification\/summary\.json: appears twice/,
    ],
  ];
  test.for(FORGED)("a zip with %s fails to load, naming the entry", ([, forge, problem]) => {
    const entries = [...loadPack(zip)].map(([name, data]) => ({ name: `certification/${name}`, data }));
    const forged = join(tempReportsDir(), "forged.zip");
    writeFileSync(forged, writeZip(forge(entries), new Date()));
    expect(() => loadPack(forged)).toThrow(problem);
  });

  test("a tampered folder fails, naming the file", () => {
    const copy = join(tempReportsDir(), "certification");
    cpSync(pack, copy, { recursive: true });
    writeFileSync(
      join(copy, "junit.xml"),
      readFileSync(join(copy, "junit.xml"), "utf8").replace('failures="0"', 'failures="0" '),
    );
    const result = verifyPack(loadPack(copy), parseVerifyKey(keys.publicPem));
    expect(result.ok).toBe(false);
    expect(result.problems.join("\n")).toMatch(/junit\.xml: changed/);
  });

  type Tamper = (files: Map<string, Buffer>) => void;
  const rehash: Tamper = (files) => {
    const m = JSON.parse(files.get(MANIFEST_FILE)!.toString()) as Manifest;
    files.set("summary.md", Buffer.from("# all green\n"));
    m.files = m.files.map((f) => (f.path === "summary.md" ? { ...f, sha256: sha256(files.get("summary.md")!) } : f));
    files.set(MANIFEST_FILE, Buffer.from(JSON.stringify(m, null, 2)));
  };
  const ROWS: Array<[string, Tamper, RegExp]> = [
    [
      "a changed Allure result",
      (f) => {
        const k = [...f.keys()].find((p) => p.endsWith("-result.json"))!;
        f.set(k, Buffer.concat([f.get(k)!, Buffer.from(" ")]));
      },
      /-result\.json: changed/,
    ],
    ["a removed file", (f) => void f.delete("junit.xml"), /junit\.xml: missing/],
    [
      "an added file",
      (f) => void f.set("allure-results/extra-result.json", Buffer.from("{}")),
      /extra-result\.json: not listed/,
    ],
    [
      "a changed verdict in the manifest",
      (f) =>
        f.set(
          MANIFEST_FILE,
          Buffer.from(f.get(MANIFEST_FILE)!.toString().replace('"verdict": "conformant"', '"verdict": "conformant" ')),
        ),
      /does not verify/,
    ],
    ["a file changed and the manifest re-hashed to match", rehash, /does not verify/],
    [
      "an edited conformance statement",
      (f) => void f.set(STATEMENT_FILE, Buffer.from(f.get(STATEMENT_FILE)!.toString().replace('"either"', '"replay"'))),
      /statement\.json: changed/,
    ],
    ["the signature removed", (f) => void f.delete(SIGNATURE_FILE), /not signed/],
  ];
  test.for(ROWS)("%s fails verification", ([, tamper, problem]) => {
    const files = loadPack(pack);
    expect(verifyPack(files, parseVerifyKey(keys.publicPem)).problems).toEqual([]);
    tamper(files);
    const result = verifyPack(files, parseVerifyKey(keys.publicPem));
    expect(result.ok).toBe(false);
    expect(result.problems.join("\n")).toMatch(problem);
  });
});

// The other usage errors (no finished run, a path to verify that is not there): in-process,
// tests/cli/endings.sandbox.test.ts. This one is certify's exit 2 and its line through the process
// (the switch is read once per process).
describe("usage errors: exit 2 with one line", () => {
  test("redaction switched off: no pack is made", async () => {
    const { code, stderr } = await runCli("certify.ts", [], {
      REPORTS_DIR: dir,
      [UNSAFE_REDACTION_SWITCH]: UNSAFE_REDACTION_VALUE,
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/certify: refusing to pack with redaction off/);
  });
});
