/**
 * Real networks for the harness's own tests: an HTTPS sandbox with a throwaway CA (optionally
 * demanding client certificates, with an expired or misnamed certificate), its files written into a
 * temporary folder as a partner would receive them, and a real forward proxy (the `proxy` package)
 * on 127.0.0.1 that counts its tunnels and can demand credentials.
 */
import { createPrivateKey } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createProxy } from "proxy";
import {
  makeSandboxCertificates,
  type CertificateOptions,
  type SandboxCertificates,
} from "../../sandbox/certificates.ts";
import { CERTIFICATE_KEYS } from "./throwaway-rsa.ts";
import { startSandbox, type RunningSandbox, type SandboxOptions } from "../../sandbox/server.ts";

export interface HttpsTarget {
  sandbox: RunningSandbox;
  certificates: SandboxCertificates;
  /** The passphrase of `files.encryptedKey`. */
  keyPassphrase: string;
  files: { ca: string; cert: string; key: string; encryptedKey: string; pfx: string };
  close(): Promise<void>;
}

/** The client key encrypted with `passphrase` (PKCS#8, AES-256-CBC), as a partner's key often is. */
function encrypt(keyPem: string, passphrase: string): string {
  return createPrivateKey(keyPem)
    .export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase })
    .toString();
}

export async function startHttpsTarget(
  options: CertificateOptions & { mtls?: boolean; keyPassphrase?: string; sandbox?: SandboxOptions } = {},
): Promise<HttpsTarget> {
  const certificates = makeSandboxCertificates({ ...options, ...CERTIFICATE_KEYS });
  const keyPassphrase = options.keyPassphrase ?? "key-passphrase";
  const sandbox = await startSandbox({ ...options.sandbox, tls: { certificates, mtls: options.mtls ?? false } });
  const dir = mkdtempSync(join(tmpdir(), "tls-target-"));
  const file = (name: string, content: string | Buffer) => (writeFileSync(join(dir, name), content), join(dir, name));
  const files = {
    ca: file("ca.pem", certificates.caCert),
    cert: file("client-cert.pem", certificates.clientCert),
    key: file("client-key.pem", certificates.clientKey),
    encryptedKey: file("client-key-encrypted.pem", encrypt(certificates.clientKey, keyPassphrase)),
    pfx: file("client.p12", certificates.clientPfx),
  };
  return {
    sandbox,
    certificates,
    keyPassphrase,
    files,
    close: async () => {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ForwardProxy {
  url: string;
  /** CONNECT tunnels opened (one per connection to an https target). */
  tunnels(): number;
  /** Requests refused for credentials (407). */
  refused(): number;
  /** Plain requests forwarded in absolute form (http:// targets). */
  forwarded(): number;
  close(): Promise<void>;
}

/** A forward proxy; with `credentials` ("user:password") it answers 407 to any request without them, with `refuseAll` to every one. */
export async function startForwardProxy(
  options: { credentials?: string; refuseAll?: boolean } = {},
): Promise<ForwardProxy> {
  let tunnels = 0;
  let refused = 0;
  const server = createProxy(createServer());
  const expected = options.credentials ? `Basic ${Buffer.from(options.credentials).toString("base64")}` : undefined;
  server.authenticate = (req: IncomingMessage) => {
    const ok = !options.refuseAll && (!expected || req.headers["proxy-authorization"] === expected);
    if (!ok) refused++;
    return ok;
  };
  server.on("connect", () => tunnels++);
  let forwarded = 0;
  server.on("request", () => forwarded++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels: () => tunnels,
    refused: () => refused,
    forwarded: () => forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
