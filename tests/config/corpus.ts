/**
 * The corpus of configurations every release must keep loading (CHANGELOG.md: a configuration that
 * ran on a release runs on the next with the same verdict, or gets one deprecation warning):
 * - a frozen copy of every release's configurations (corpus/release-<x>/*.env: the .env.example a
 *   user copied then, and a partner's .env built on it), each also as Windows saves it (a BOM,
 *   CRLF line ends);
 * - each independent test target's partner folder, as docs/own-server.md has it set up;
 * - each env snippet of the docs (docs-snippets.ts).
 * Each entry is the variables the CLI started in its folder would see (engine-run.ts `folderEnv`).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { partnerFolder } from "../support/foreign-target/partner-folder.ts";
import { thirdPartnerFolder } from "../support/third-target/partner-folder.ts";
import { fourthPartnerFolder } from "../support/fourth-target/partner-folder.ts";
import { folderEnv } from "../support/engine-run.ts";
import { docSnippets, snippetFolder } from "./docs-snippets.ts";

export interface CorpusEntry {
  name: string;
  env: Record<string, string>;
  /** The `.env` it was read from. */
  file: string;
}

const CORPUS = new URL("./corpus/", import.meta.url);
/** Where a target's URL goes in a folder that is only loaded, never sent to: a closed port. */
const NOWHERE = "http://127.0.0.1:9";

/** The releases frozen in corpus/, oldest first (their folder names: release-<commit or version>). */
export const RELEASES = readdirSync(CORPUS).filter((d) => d.startsWith("release-"));

/** A folder's `.env`, read as the CLI started there reads it. */
function entryOf(name: string, dir: string): CorpusEntry {
  return { name, env: folderEnv(dir), file: join(dir, ".env") };
}

/** A fresh folder holding `text` as its `.env`. */
function folderWith(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "corpus-"));
  writeFileSync(join(dir, ".env"), text);
  return dir;
}

/** The frozen file as written, and as Windows' editors save it. */
export function frozenEntries(): CorpusEntry[] {
  return RELEASES.flatMap((release) =>
    readdirSync(new URL(`${release}/`, CORPUS))
      .filter((f) => f.endsWith(".env"))
      .flatMap((file) => {
        const text = readFileSync(new URL(`${release}/${file}`, CORPUS), "utf8");
        return [
          entryOf(`${release}/${file}`, folderWith(text)),
          entryOf(`${release}/${file} (Windows: BOM, CRLF)`, folderWith(`\uFEFF${text.replace(/\n/g, "\r\n")}`)),
        ];
      }),
  );
}

export function targetEntries(): CorpusEntry[] {
  return [
    entryOf("foreign target's partner folder", partnerFolder(NOWHERE)),
    entryOf("third target's partner folder (static token)", thirdPartnerFolder(NOWHERE)),
    entryOf("third target's partner folder (OAuth)", thirdPartnerFolder(NOWHERE, {}, "oauth")),
    entryOf("fourth target's partner folder", fourthPartnerFolder(NOWHERE)),
  ];
}

export function docEntries(): CorpusEntry[] {
  return docSnippets().map((snippet) => entryOf(snippet.name, snippetFolder(snippet)));
}
