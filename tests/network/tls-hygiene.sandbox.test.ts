/**
 * TLS hygiene from a session the client really negotiated (lib/http/tls-session.ts →
 * lib/reporting/tls-hygiene.ts): a server offering only a static-RSA TLS 1.2 suite with a
 * certificate nine days from expiry (the sandbox's throwaway CA, as `npm run sandbox -- --tls
 * --cert-days 9` makes it) gives exactly the two findings — info without a declared policy,
 * should with TLS_MIN_VERSION. No request is sent for it beyond the one that opened the session.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { HttpClient } from "../../lib/http/transport/client.ts";
import { tlsSessions } from "../../lib/http/transport/tls-session.ts";
import { networkReport } from "../../lib/reporting/network.ts";
import { makeSandboxCertificates } from "../../sandbox/certificates.ts";
import { CERTIFICATE_KEYS } from "../support/throwaway-rsa.ts";

let server: Server;
let url: string;
let caFile: string;

beforeAll(async () => {
  const c = makeSandboxCertificates({ serverDays: 9, ...CERTIFICATE_KEYS });
  caFile = join(mkdtempSync(join(tmpdir(), "tls-hygiene-")), "ca.pem");
  writeFileSync(caFile, c.caCert);
  // A static RSA key exchange: no forward secrecy.
  server = createServer(
    { key: c.serverKey, cert: c.serverCert, maxVersion: "TLSv1.2", ciphers: "AES128-GCM-SHA256" },
    (_, res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new HttpClient({ timeoutMs: 5_000, network: loadConfig({ TLS_CA_FILE: caFile }).network });
  const exchange = await client.post(`${url}/x`, { headers: { "content-type": "application/json" }, bodyText: "{}" });
  await client.close();
  expect(exchange.response?.status).toBe(200);
}, 60_000);
afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));

const session = () => tlsSessions().filter((s) => s.origin === url);

test("the recorded session shows TLS 1.2 with a static RSA suite", () => {
  expect(session()).toEqual([expect.objectContaining({ protocol: "TLSv1.2", cipher: "AES128-GCM-SHA256" })]);
});

test("without a declared policy: two info findings, no forward secrecy and the certificate expiring", () => {
  const report = networkReport(session(), "", Date.now(), { expiryWarnDays: 30 })!;
  expect(report.findings!.map((f) => [f.kind, f.level])).toEqual([
    ["no-forward-secrecy", "info"],
    ["certificate-expiring", "info"],
  ]);
});

test("with TLS_MIN_VERSION=1.2 declared: the same two, should; TLS 1.2 itself is no finding", () => {
  const tls = loadConfig({ TLS_MIN_VERSION: "1.2" }).measures.tls;
  const report = networkReport(session(), "", Date.now(), tls)!;
  expect(report.findings!.map((f) => [f.kind, f.level])).toEqual([
    ["no-forward-secrecy", "should"],
    ["certificate-expiring", "should"],
  ]);
});
