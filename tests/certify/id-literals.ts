/**
 * The reporting layer derives which checks an option changes from
 * what the checks declare they read (lib/checks/reads.ts), so no string literal under lib/reporting
 * names a check — an id, an id prefix ("CARD-LEDGER-") or a template's id ("…-NEGATIVE").
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../support/root.ts";

/** The string literals of a source (quoted or template, one line each) — comments are not literals. */
const LITERAL = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g;

/** Each id, its prefixes that end at a hyphen and its suffixes that start at one (with a letter in them). */
function idPieces(ids: readonly string[]): string[] {
  const pieces = new Set<string>();
  for (const id of ids) {
    const parts = id.split("-");
    for (let i = 1; i <= parts.length; i++) pieces.add(parts.slice(0, i).join("-") + (i < parts.length ? "-" : ""));
    for (let i = 1; i < parts.length; i++) pieces.add(`-${parts.slice(i).join("-")}`);
  }
  return [...pieces].filter((p) => /[A-Z]{2}/.test(p) && p.includes("-"));
}

/** The literals of `source` that hold a check id, an id prefix or a template's id suffix. */
export function idLiterals(source: string, ids: readonly string[]): string[] {
  const pieces = idPieces(ids);
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const whole = (literal: string, piece: string) => {
    const at = literal.indexOf(piece);
    if (at < 0) return false;
    // A piece inside a longer word (HMAC-SHA256, X-CARD-KEY) is no id.
    const before = literal[at - 1] ?? "";
    const after = literal[at + piece.length] ?? "";
    return !/[A-Z0-9]/.test(piece.startsWith("-") ? "" : before) && !/[A-Z0-9-]/.test(piece.endsWith("-") ? "" : after);
  };
  return (code.match(LITERAL) ?? []).filter((l) => pieces.some((p) => whole(l, p)));
}

/** Every source file under lib/reporting, with its text. */
export function reportingSources(): Array<[string, string]> {
  const dir = join(ROOT, "lib/reporting");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => [`lib/reporting/${f}`, readFileSync(join(dir, f), "utf8")]);
}
