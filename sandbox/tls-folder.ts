/**
 * `npm run sandbox -- --tls-dir DIR`: the throwaway CA, the client certificate and key, and the
 * PKCS#12 written into a folder (keys readable by the owner only), with the lines telling a user
 * which variables to set. The PKCS#12 passphrase goes into a file of its own, not onto the console.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { SandboxCertificates } from "./certificates.ts";

export const TLS_FILES = {
  ca: "ca.pem",
  clientCert: "client-cert.pem",
  clientKey: "client-key.pem",
  clientPfx: "client.p12",
  pfxPassphrase: "client.p12.passphrase",
} as const;

/** Writes the files; returns the console lines (the folder, then the variables to set). */
export function writeTlsFolder(c: SandboxCertificates, dir: string | undefined, mtls: boolean, url: string): string[] {
  const folder = resolve(dir ?? mkdtempSync(join(tmpdir(), "sandbox-tls-")));
  mkdirSync(folder, { recursive: true });
  const write = (name: string, content: string | Buffer, secret = false) => {
    writeFileSync(join(folder, name), content);
    if (secret) chmodSync(join(folder, name), 0o600);
  };
  write(TLS_FILES.ca, c.caCert);
  write(TLS_FILES.clientCert, c.clientCert);
  write(TLS_FILES.clientKey, c.clientKey, true);
  write(TLS_FILES.clientPfx, c.clientPfx, true);
  write(TLS_FILES.pfxPassphrase, c.pfxPassphrase, true);
  const at = (name: string) => join(folder, name);
  return [
    `sandbox: HTTPS with a throwaway CA (made at this start: the files fit this sandbox until it stops)${mtls ? "; client certificates demanded (mutual TLS)" : ""}; files in ${folder}`,
    "sandbox: set for the harness:",
    `  TARGET_BASE_URL=${url}`,
    `  TLS_CA_FILE=${at(TLS_FILES.ca)}`,
    ...(mtls
      ? [
          `  TLS_CLIENT_CERT=${at(TLS_FILES.clientCert)}`,
          `  TLS_CLIENT_KEY=${at(TLS_FILES.clientKey)}`,
          `sandbox: or, as PKCS#12: TLS_CLIENT_PFX=${at(TLS_FILES.clientPfx)} with TLS_CLIENT_PFX_PASSPHRASE from ${at(TLS_FILES.pfxPassphrase)}`,
        ]
      : []),
  ];
}
