/**
 * TLS hygiene from recorded sessions (lib/reporting/tls-hygiene.ts, network.ts): each finding on
 * its own, info without a declared policy and should with TLS_MIN_VERSION — which fails a strict
 * run and only a strict one — and the findings in summary.json's network (the pack copies it).
 */
import { expect, test } from "vitest";
import { networkReport } from "../../lib/reporting/network.ts";
import { buildSummary, type RunInfo } from "../../lib/reporting/summary.ts";
import { forwardSecret, tlsFindings } from "../../lib/reporting/tls-hygiene.ts";
import type { TlsSession } from "../../lib/http/transport/tls-session.ts";
import { checkRow } from "../support/meta.ts";

const NOW = Date.parse("2026-01-01T00:00:00Z");
const GOOD: TlsSession = {
  origin: "https://t",
  protocol: "TLSv1.3",
  cipher: "TLS_AES_128_GCM_SHA256",
  subject: "CN=t",
  issuer: "CN=ca",
  validTo: "2027-01-01T00:00:00.000Z",
};
const NO_POLICY = { expiryWarnDays: 30 };
const POLICY = { minVersion: "1.2", expiryWarnDays: 30 };

test.for([
  ["old-protocol", { protocol: "TLSv1.1", cipher: "ECDHE-RSA-AES128-SHA" }],
  ["no-forward-secrecy", { protocol: "TLSv1.2", cipher: "AES128-GCM-SHA256" }],
  ["certificate-expiring", { validTo: "2026-01-10T00:00:00.000Z" }],
] as const)("%s: found alone, info without a declared policy, should with one", ([kind, change]) => {
  const session = { ...GOOD, ...change };
  expect(tlsFindings([session], NO_POLICY, NOW)).toEqual([expect.objectContaining({ kind, level: "info" })]);
  expect(tlsFindings([session], POLICY, NOW)).toEqual([expect.objectContaining({ kind, level: "should" })]);
});

test("a sound session has no finding; TLS 1.2 with ECDHE has forward secrecy", () => {
  expect(tlsFindings([GOOD], POLICY, NOW)).toEqual([]);
  expect(forwardSecret({ protocol: "TLSv1.2", cipher: "ECDHE-RSA-AES128-GCM-SHA256" })).toBe(true);
  expect(tlsFindings([{ ...GOOD, protocol: "TLSv1.2", cipher: "ECDHE-RSA-AES128-GCM-SHA256" }], POLICY, NOW)).toEqual(
    [],
  );
});

test("TLS_MIN_VERSION=1.3 makes TLS 1.2 a finding; TLS_EXPIRY_WARN_DAYS moves the expiry line", () => {
  const tls12 = { ...GOOD, protocol: "TLSv1.2", cipher: "ECDHE-RSA-AES128-GCM-SHA256" };
  expect(tlsFindings([tls12], { minVersion: "1.3", expiryWarnDays: 30 }, NOW).map((f) => f.kind)).toEqual([
    "old-protocol",
  ]);
  const in40Days = { ...GOOD, validTo: "2026-02-10T00:00:00.000Z" };
  expect(tlsFindings([in40Days], NO_POLICY, NOW)).toEqual([]);
  expect(tlsFindings([in40Days], { expiryWarnDays: 60 }, NOW).map((f) => f.kind)).toEqual(["certificate-expiring"]);
});

const info = (network: RunInfo["network"], strict: boolean): RunInfo => ({
  target: "t",
  seed: 1,
  strict,
  startedAt: "2026-01-01T00:00:00Z",
  durationMs: 1,
  harnessVersion: "0",
  ...(network ? { network } : {}),
});

test("a declared policy broken fails a strict run only; an info finding never changes the verdict", () => {
  const expiring = [{ ...GOOD, validTo: "2026-01-10T00:00:00.000Z" }];
  const declared = networkReport(expiring, "", NOW, POLICY);
  const undeclared = networkReport(expiring, "", NOW, NO_POLICY);
  const rows = [checkRow("CARD-STMT-PERIOD", "passed")];
  expect(buildSummary(rows, [], info(declared, true)).verdict).toBe("not conformant");
  expect(buildSummary(rows, [], info(declared, false)).verdict).toBe("conformant");
  expect(buildSummary(rows, [], info(undeclared, true)).verdict).toBe("conformant");
  expect(declared!.observations).toEqual([expect.stringMatching(/^should \(TLS_MIN_VERSION=1\.2 declared, §5\): /)]);
  expect(undeclared!.observations).toEqual([expect.stringMatching(/^info: .* in 9 day\(s\); no transport rule/)]);
});
