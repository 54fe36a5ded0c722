/** The parts of a pack on their own: the zip format, manifest signatures, key configuration, the pack verdict. */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError } from "../../lib/errors/config-error.ts";
import { loadCertifyConfig } from "../../lib/reporting/certify/config.ts";
import { packVerdict } from "../../lib/reporting/certify/manifest.ts";
import { parseSigningKey, parseVerifyKey, signatureProblems, signManifest } from "../../lib/reporting/certify/sign.ts";
import { readZip, writeZip, ZipError } from "../../lib/reporting/certify/zip.ts";
import type { Summary } from "../../lib/reporting/summary.ts";
import type { ConformanceMeta } from "../../lib/checks/meta.ts";
import { ed25519Keys, hmacKey } from "./keys.ts";

describe("zip", () => {
  const entries = [
    { name: "certification/summary.md", data: Buffer.from("# Conformance summary\n".repeat(50)) },
    { name: "certification/allure-results/é-result.json", data: Buffer.from("{}") },
    { name: "certification/empty.txt", data: Buffer.alloc(0) },
    { name: "certification/random.bin", data: randomBytes(4096) },
  ];
  const zip = writeZip(entries, new Date("2026-01-02T03:04:06Z"));

  test("what is written reads back byte for byte, and the same pack zips to the same bytes", () => {
    expect([...readZip(zip)]).toEqual(entries.map((e) => [e.name, e.data]));
    expect(writeZip(entries, new Date("2026-01-02T03:04:06Z")).equals(zip)).toBe(true);
  });

  test.runIf(existsUnzip())("the system's unzip accepts it", () => {
    const dir = mkdtempSync(join(tmpdir(), "zip-"));
    writeFileSync(join(dir, "pack.zip"), zip);
    expect(execFileSync("unzip", ["-t", join(dir, "pack.zip")]).toString()).toMatch(/No errors detected/);
  });

  test("a damaged entry or a file that is no zip is refused", () => {
    const damaged = Buffer.from(zip);
    const dataStart = 30 + Buffer.byteLength(entries[0]!.name); // after the first local header and its name
    damaged[dataStart + 2] = damaged[dataStart + 2]! ^ 0xff;
    expect(() => readZip(damaged)).toThrow(ZipError);
    expect(() => readZip(Buffer.from("not a zip at all, just text long enough"))).toThrow(/not a zip file/);
  });
});

function existsUnzip(): boolean {
  try {
    execFileSync("unzip", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("manifest signatures", () => {
  const ed = ed25519Keys();
  const other = ed25519Keys();
  const hmac = hmacKey();
  const manifest = Buffer.from('{"verdict":"conformant"}\n');
  const ROWS: Array<[string, string, string, Buffer, RegExp | undefined]> = [
    ["Ed25519 verifies with the public key", ed.privatePem, ed.publicPem, manifest, undefined],
    ["Ed25519 verifies with the private key (public part derived)", ed.privatePem, ed.privatePem, manifest, undefined],
    [
      "Ed25519 written on one line with \\n verifies",
      ed.privatePem.replace(/\n/g, "\\n"),
      ed.publicPem,
      manifest,
      undefined,
    ],
    ["HMAC-SHA256 verifies with the same key", hmac, hmac, manifest, undefined],
    [
      "Ed25519: a changed manifest fails",
      ed.privatePem,
      ed.publicPem,
      Buffer.from('{"verdict":"conformant "}\n'),
      /does not verify/,
    ],
    ["HMAC: a changed manifest fails", hmac, hmac, Buffer.from("{}"), /does not verify/],
    ["Ed25519: another key fails", ed.privatePem, other.publicPem, manifest, /not with the configured key/],
    ["HMAC: another key fails", hmac, hmacKey(), manifest, /not with the configured key/],
    [
      "an HMAC signature under an Ed25519 key fails",
      hmac,
      ed.publicPem,
      manifest,
      /algorithm hmac-sha256 does not match/,
    ],
  ];
  test.for(ROWS)("%s", ([, signingText, verifyText, checked, problem]) => {
    const signature = signManifest(manifest, parseSigningKey(signingText));
    const problems = signatureProblems(checked, signature, parseVerifyKey(verifyText));
    if (problem) expect(problems.join("\n")).toMatch(problem);
    else expect(problems).toEqual([]);
  });

  test("an unsigned pack fails when a verification key is configured", () => {
    expect(signatureProblems(manifest, undefined, parseVerifyKey(hmac))).toEqual([expect.stringMatching(/not signed/)]);
  });
});

describe("key configuration", () => {
  const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString();
  const ROWS: Array<[string, Record<string, string>, RegExp]> = [
    [
      "a key that is neither PEM nor hex",
      { CERTIFY_SIGNING_KEY: "sign-me-please" },
      /^CERTIFY_SIGNING_KEY: \(value hidden\) is neither/,
    ],
    ["a too short HMAC key", { CERTIFY_SIGNING_KEY: "ab".repeat(16) }, /^CERTIFY_SIGNING_KEY: \(value hidden\)/],
    ["an RSA key", { CERTIFY_SIGNING_KEY: rsa }, /^CERTIFY_SIGNING_KEY: \(value hidden\) is a rsa key; only Ed25519/],
    [
      "a verification key that is not a public key",
      { CERTIFY_VERIFY_KEY: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----" },
      /^CERTIFY_VERIFY_KEY: \(value hidden\)/,
    ],
  ];
  test.for(ROWS)("%s is refused, naming the variable and hiding the value", ([, env, message]) => {
    expect(() => loadCertifyConfig(env)).toThrow(ConfigError);
    expect(() => loadCertifyConfig(env)).toThrow(message);
  });

  test("no key: the pack is not signed and not checked", () => {
    expect(loadCertifyConfig({})).toEqual({});
  });
});

const check = (id: string, level: "must" | "should", outcome: ConformanceMeta["outcome"]): ConformanceMeta => ({
  kind: "check",
  id,
  level,
  spec: "§4.2",
  title: id,
  family: "card-api",
  operation: "card-api.statement",
  outcome,
});
const summaryOf = (checks: ConformanceMeta[], extra: Partial<Summary> = {}): Summary =>
  ({
    verdict: checks.some((c) => c.outcome === "failed") ? "not conformant" : "conformant",
    strict: false,
    errors: [],
    checks,
    ...extra,
  }) as Summary;

describe("pack verdict", () => {
  const ALL = ["M1", "M2", "S1"];
  const ROWS: Array<[string, Summary, string, RegExp | undefined]> = [
    [
      "every must passed: conformant",
      summaryOf([check("M1", "must", "passed"), check("M2", "must", "passed"), check("S1", "should", "passed")]),
      "conformant",
      undefined,
    ],
    [
      "a should warning: still conformant, the warning listed",
      summaryOf([check("M1", "must", "passed"), check("M2", "must", "passed"), check("S1", "should", "warning")]),
      "conformant",
      undefined,
    ],
    [
      "a must failed: not conformant",
      summaryOf([check("M1", "must", "failed"), check("M2", "must", "passed"), check("S1", "should", "passed")]),
      "not conformant",
      /1 must checks failed/,
    ],
    [
      "a must skipped: incomplete",
      summaryOf([check("M1", "must", "skipped"), check("M2", "must", "passed"), check("S1", "should", "passed")]),
      "incomplete",
      /1 must checks were skipped/,
    ],
    [
      "a check did not run: incomplete",
      summaryOf([check("M1", "must", "passed"), check("S1", "should", "passed")]),
      "incomplete",
      /did not run.*M2/,
    ],
    [
      "a should failed in strict mode: not conformant",
      summaryOf([check("M1", "must", "passed"), check("M2", "must", "passed"), check("S1", "should", "failed")], {
        strict: true,
      }),
      "not conformant",
      /strict/,
    ],
    [
      "errors outside any check: incomplete",
      summaryOf([check("M1", "must", "passed"), check("M2", "must", "passed"), check("S1", "should", "passed")], {
        errors: ["x"],
        verdict: "incomplete",
      }),
      "incomplete",
      /errors/,
    ],
    [
      "a must flaky (failed, then passed on a retry): not conformant",
      summaryOf([check("M1", "must", "flaky"), check("M2", "must", "passed"), check("S1", "should", "passed")], {
        verdict: "not conformant",
      }),
      "not conformant",
      /1 must checks were flaky/,
    ],
    [
      "an interrupted run, every must judged before the signal: incomplete",
      summaryOf([check("M1", "must", "passed"), check("M2", "must", "passed"), check("S1", "should", "passed")], {
        verdict: "interrupted",
        interrupted: "SIGTERM",
      }),
      "incomplete",
      /interrupted \(SIGTERM\)/,
    ],
  ];
  test.for(ROWS)("%s", ([, summary, verdict, reason]) => {
    const result = packVerdict(summary, ALL);
    expect(result.verdict).toBe(verdict);
    if (reason) expect(result.verdictReasons.join("; ")).toMatch(reason);
    else expect(result.verdictReasons).toEqual([]);
    expect(result.shouldWarnings.map((c) => c.id)).toEqual(
      summary.checks.filter((c) => c.level === "should" && c.outcome !== "passed").map((c) => c.id),
    );
  });
});
