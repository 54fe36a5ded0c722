/**
 * The configurations the docs show: every fenced block of docs/*.md that sets a harness variable
 * (`NAME=value` lines, or a shell line `NAME=value … npm run …`), written into a partner folder as
 * the docs say — the .env.example copied, the block's lines appended — beside stand-ins for the
 * files it names (a CA, a client certificate and key, a PKCS#12, a profile module, client data,
 * request rules), since a doc names files of the partner's own. The docs' placeholders stand for a
 * partner's own values: a folder `/…/` is the stand-in folder, a passphrase `…` the stand-in's.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { VARIABLES } from "../../lib/config/variables.ts";
import { makeSandboxCertificates } from "../../sandbox/certificates.ts";
import { CERTIFICATE_KEYS } from "../support/throwaway-rsa.ts";
import { ROOT } from "../support/root.ts";

export interface DocSnippet {
  /** "docs/own-server.md:138" */
  name: string;
  /** The block's assignments, one `NAME=value` line each, as dotenv reads them. */
  lines: string[];
}

const ASSIGNMENT = /^(?:export\s+)?([A-Z][A-Z0-9_]*)=/;

/**
 * A block line's assignments: the line as dotenv reads it (a quoted value, an inline comment), or a
 * shell line's leading NAME=value words before its command.
 */
function assignments(line: string): string[] {
  const text = line.trim().replace(/\s*\\$/, "");
  if (!ASSIGNMENT.test(text)) return [];
  const words = text.split(/\s+/);
  const command = words.findIndex((w) => !ASSIGNMENT.test(w));
  if (command === -1 || words[command]!.startsWith("#") || /['"]/.test(text)) return [text];
  return words.slice(0, command);
}

export function docSnippets(): DocSnippet[] {
  const docs = join(ROOT, "docs");
  return readdirSync(docs)
    .filter((f) => f.endsWith(".md") && f !== "checks.md")
    .flatMap((file) => {
      const page = readFileSync(join(docs, file), "utf8");
      return [...page.matchAll(/^```\w*\n([\s\S]*?)^```/gm)].flatMap((m) => {
        const lines = m[1]!.split("\n").flatMap(assignments);
        if (!lines.some((l) => l.match(ASSIGNMENT)![1]! in VARIABLES)) return [];
        return [{ name: `docs/${file}:${page.slice(0, m.index).split("\n").length}`, lines }];
      });
    });
}

/** The files the docs' configurations name, each a stand-in that the harness reads as the real one. */
function standIns(dir: string): string {
  const c = makeSandboxCertificates(CERTIFICATE_KEYS);
  const files: Record<string, string | Buffer> = {
    "certs/platform-ca.pem": c.caCert,
    "certs/partner.crt": c.clientCert,
    "certs/partner.key": c.clientKey,
    "certs/card-api-partner.p12": c.clientPfx,
    "sandbox-tls/ca.pem": c.caCert,
    "sandbox-tls/client-cert.pem": c.clientCert,
    "sandbox-tls/client-key.pem": c.clientKey,
    "client-data.json": JSON.stringify([{ company_name: "Stand-in LLP" }]),
    "request-rules.json": JSON.stringify({ "card-api.statement": { type: "object", required: ["card_id"] } }),
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  copyFileSync(join(ROOT, "examples/crypto-profile.example.ts"), join(dir, "my-platform.profile.mts"));
  mkdirSync(join(dir, "examples"));
  copyFileSync(join(ROOT, "examples/crypto-profile.example.ts"), join(dir, "examples/crypto-profile.example.ts"));
  mkdirSync(join(dir, "docs/examples"), { recursive: true });
  copyFileSync(join(ROOT, "docs/examples/rsa-oaep-profile.mts"), join(dir, "docs/examples/rsa-oaep-profile.mts"));
  return c.pfxPassphrase;
}

/** A partner folder set up as the docs say: .env.example, then the snippet's lines; its path. */
export function snippetFolder(snippet: DocSnippet): string {
  const dir = mkdtempSync(join(tmpdir(), "doc-snippet-"));
  const passphrase = standIns(dir);
  const lines = snippet.lines.map((l) => l.replace("=/…/", "=./").replace(/(PASSPHRASE=)…$/, `$1${passphrase}`));
  writeFileSync(join(dir, ".env"), [readFileSync(join(ROOT, ".env.example"), "utf8"), ...lines].join("\n") + "\n");
  return dir;
}
