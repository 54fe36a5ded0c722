/**
 * The one reader of a JSON body a target sent. JSON.parse alone takes whatever arrives: a body
 * nested 100,000 deep parses, and then every recursive walk after it (the redactor, the schema
 * validator, JSON.stringify, vitest's structured clone of a worker's messages) overflows its
 * stack and ends the run. So one single pass over the text first, with explicit bounds, and
 * JSON.parse only of a text within them. A body outside them is not JSON the harness reads: the
 * answer's `jsonError` names the bound and where, and every check that reads it fails as a
 * transport error (lib/checks/response.ts) while the run goes on.
 *
 * The bounds: nesting depth, the number of values, a duplicate key (RFC 8259 §4: a receiver's
 * reading of one is unpredictable), a number beyond a double's range (read as Infinity) or an
 * integer past 2^53 that a double cannot hold (read rounded: flagged, never silently changed), bytes that are not UTF-8,
 * and a byte order mark (RFC 8259 §8.1: a networked JSON text carries none). A charset parameter
 * or a content coding is no concern of this reader.
 */
import { isUtf8 } from "node:buffer";

export const JSON_BOUNDS = {
  /** Deeper than any answer of the spec by far (a statement is 4 levels). */
  depth: 64,
  /**
   * Values of every kind, containers included: a statement of a few thousand operations fits. Past
   * it, a schema validation that reports every error takes seconds per answer, not milliseconds.
   */
  values: 50_000,
} as const;

export type JsonBounds = { depth: number; values: number };

/** A body read: its value and how many values it holds (containers included), or why it is not read. */
export type JsonRead = { ok: true; value: unknown; values: number } | { ok: false; error: string };

/** The text of a body's bytes, and why it is not UTF-8 when it is not (the text then has U+FFFD in its place). */
export function decodeUtf8(bytes: Buffer): { text: string; error?: string } {
  const text = bytes.toString("utf8");
  if (isUtf8(bytes)) return { text };
  return { text, error: `the body is not UTF-8 (an invalid byte sequence at byte ${firstInvalidByte(bytes)})` };
}

/** The body parsed, or why the harness does not read it as JSON. */
export function readJson(text: string, bounds: JsonBounds = JSON_BOUNDS): JsonRead {
  const scanned = scan(text, bounds);
  if (typeof scanned === "string") return { ok: false, error: scanned };
  try {
    return { ok: true, value: JSON.parse(text), values: scanned };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

interface Frame {
  /** An object's keys seen so far; absent for an array. */
  keys?: Set<string>;
  /** The object's current key, or the array's current index. */
  at: string | number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

const LITERALS = ["true", "false", "null"] as const;

/**
 * One pass, no recursion: the first bound broken, or the values counted. A text that is not JSON at
 * all is left to JSON.parse, whose message names the position; this pass only has to stay bounded on it.
 * Every answer of a run goes through it: char codes, one switch, and a number looked at closely
 * only when it may break a bound (an exponent, or 16 characters and more).
 */
function scan(text: string, bounds: JsonBounds): string | number {
  if (text.charCodeAt(0) === 0xfeff)
    return "the body begins with a byte order mark (U+FEFF), which a JSON text sent over a network must not carry";
  const frames: Frame[] = [];
  let values = 0;
  const where = (offset: number) => `at ${pointer(frames)} (offset ${offset})`;
  const tooMany = (offset: number) => `the body holds more than ${bounds.values} values ${where(offset)}`;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      // { [
      if (++values > bounds.values) return tooMany(i);
      if (frames.length >= bounds.depth) return `the body is nested deeper than ${bounds.depth} levels ${where(i)}`;
      frames.push(c === 0x7b ? { keys: new Set(), at: "", expectKey: true } : { at: 0, expectKey: false });
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      // } ]
      frames.pop();
      i++;
    } else if (c === 0x2c) {
      // ,
      const top = frames[frames.length - 1];
      if (top?.keys) top.expectKey = true;
      else if (top) top.at = (top.at as number) + 1;
      i++;
    } else if (c === 0x22) {
      // "
      const top = frames[frames.length - 1];
      const end = stringEnd(text, i);
      if (top?.keys !== undefined && top.expectKey) {
        const key = keyOf(text.slice(i, end));
        top.at = key;
        top.expectKey = false;
        if (top.keys.has(key)) return `the body has the key ${quoted(key)} twice ${where(i)}`;
        top.keys.add(key);
      } else if (++values > bounds.values) return tooMany(i);
      i = end;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      // - 0-9
      if (++values > bounds.values) return tooMany(i);
      let end = i + 1;
      let exponent = false;
      for (let d = text.charCodeAt(end); end < n; d = text.charCodeAt(++end)) {
        if (d === 0x65 || d === 0x45) exponent = true;
        else if (!((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x2b || d === 0x2d)) break;
      }
      // Shorter, without an exponent, it is below 10^15: within a double's range, and exact.
      const problem = exponent || end - i >= 16 ? numberProblem(text.slice(i, end)) : undefined;
      if (problem) return `the body has ${problem} ${where(i)}`;
      i = end;
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      // t f n
      const literal = LITERALS.find((w) => text.startsWith(w, i));
      if (literal && ++values > bounds.values) return tooMany(i);
      i += literal?.length ?? 1;
    } else i++;
  }
  return values;
}

/**
 * Why a number token cannot be read as the target wrote it, if it cannot: beyond a double's range,
 * or an integer past 2^53 that no double holds exactly (100000000000000000000 is one, and passes).
 */
function numberProblem(token: string): string | undefined {
  const shown = token.length > 40 ? `${token.slice(0, 40)}…(${token.length} characters)` : token;
  const value = Number(token);
  if (value === Infinity || value === -Infinity) return `the number ${shown}, beyond a double's range`;
  if (!/^-?\d{16,}$/.test(token) || Number.isSafeInteger(value) || Number.isNaN(value)) return undefined;
  if (BigInt(value) === BigInt(token)) return undefined;
  return `the integer ${shown}, which no double holds exactly (it would be read as ${value})`;
}

/** The index just after the JSON string that starts at `start` (escapes skipped; the text's end if it never closes). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    i += c === 0x5c ? 2 : 1;
  }
  return text.length;
}

/** A key as JSON.parse will read it: "\u0061" and "a" are the same key. */
function keyOf(literal: string): string {
  if (!literal.includes("\\")) return literal.slice(1, -1);
  try {
    return JSON.parse(literal) as string;
  } catch {
    return literal;
  }
}

function quoted(key: string): string {
  return JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
}

/** Where the scan is, as a JSON Pointer (RFC 6901), or "the top level". */
function pointer(frames: Frame[]): string {
  if (!frames.length) return "the top level";
  const path = frames.map((f) => `/${String(f.at).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
  return path.length > 80 ? `${path.slice(0, 80)}…` : path;
}

/** The offset of the first byte that breaks UTF-8 (only asked once isUtf8 said there is one). */
function firstInvalidByte(bytes: Buffer): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    const size =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (size === 0 || i + size > bytes.length) return i;
    for (let k = 1; k < size; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    if (!isUtf8(bytes.subarray(i, i + size))) return i;
    i += size;
  }
  return bytes.length;
}
