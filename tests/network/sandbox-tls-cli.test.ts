/**
 * `npm run sandbox -- --mtls --tls-dir DIR` as a partner runs it for a dry run: it writes the CA,
 * the client certificate and key and the PKCS#12 into DIR and prints the variables to set; with
 * exactly those, the one client gets in, and without the client certificate it does not.
 */
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { loadConfig } from "../../lib/config/load.ts";
import { HttpClient } from "../../lib/http/transport/client.ts";
import type { Exchange } from "../../lib/http/exchange.ts";
import { spawnCommand } from "../support/cli.ts";

async function post(env: Record<string, string>): Promise<Exchange> {
  const config = loadConfig(env);
  const client = new HttpClient({ timeoutMs: 5_000, network: config.network });
  try {
    return await client.post(`${env.TARGET_BASE_URL}/card/limits`, {
      headers: { "content-type": "application/json" },
      bodyText: "{}",
    });
  } finally {
    await client.close();
  }
}

test("--mtls --tls-dir: the printed variables reach the sandbox, with the PEM pair or the PKCS#12", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-tls-cli-"));
  const sandbox = spawnCommand("sandbox.ts", ["--port", "0", "--mtls", "--tls-dir", dir]);
  try {
    let out = "";
    sandbox.stdout.on("data", (d: Buffer) => (out += d));
    await expect.poll(() => out, { timeout: 20_000 }).toMatch(/TLS_CLIENT_PFX=/);
    const vars = Object.fromEntries([...out.matchAll(/^ {2}([A-Z_]+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
    expect(Object.keys(vars)).toEqual(["TARGET_BASE_URL", "TLS_CA_FILE", "TLS_CLIENT_CERT", "TLS_CLIENT_KEY"]);
    expect(vars.TARGET_BASE_URL).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(statSync(join(dir, "client-key.pem")).mode & 0o077).toBe(0);
    expect((await post(vars)).response?.status).toBeGreaterThanOrEqual(200);
    const pfx = {
      TARGET_BASE_URL: vars.TARGET_BASE_URL!,
      TLS_CA_FILE: vars.TLS_CA_FILE!,
      TLS_CLIENT_PFX: join(dir, "client.p12"),
      TLS_CLIENT_PFX_PASSPHRASE: readFileSync(join(dir, "client.p12.passphrase"), "utf8"),
    };
    expect((await post(pfx)).response?.status).toBeGreaterThanOrEqual(200);
    const caOnly = { TARGET_BASE_URL: vars.TARGET_BASE_URL!, TLS_CA_FILE: vars.TLS_CA_FILE! };
    expect((await post(caOnly)).transportError?.kind).toBe("tls-client-certificate");
  } finally {
    sandbox.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
  const [code] = await once(sandbox, "exit");
  expect(code).toBe(0);
});
