/**
 * A declared statement date pattern read token by token, in dayjs's (Moment-style) tokens: what
 * it writes — a year, a month, a day, a time down to which unit, an offset — and why a pattern
 * cannot be a statement date. Only tokens dayjs both writes and strictly reads are taken; the
 * writing and reading themselves are dayjs's (date-form.ts).
 */
import { DAY_MS } from "./iso.ts";

type Unit = "year" | "month" | "day" | "hour" | "minute" | "second" | "fraction" | "meridiem" | "offset";

/** The tokens a statement date may use, with what each stands for and the precision it gives. */
const TOKENS: Record<string, { unit: Unit; ms?: number }> = {
  YYYY: { unit: "year" },
  ...Object.fromEntries(["M", "MM", "MMM", "MMMM"].map((t) => [t, { unit: "month" }])),
  ...Object.fromEntries(["D", "DD"].map((t) => [t, { unit: "day", ms: DAY_MS }])),
  ...Object.fromEntries(["H", "HH", "h", "hh"].map((t) => [t, { unit: "hour", ms: 3_600_000 }])),
  ...Object.fromEntries(["m", "mm"].map((t) => [t, { unit: "minute", ms: 60_000 }])),
  ...Object.fromEntries(["s", "ss"].map((t) => [t, { unit: "second", ms: 1_000 }])),
  SSS: { unit: "fraction", ms: 1 },
  ...Object.fromEntries(["A", "a"].map((t) => [t, { unit: "meridiem" }])),
  ...Object.fromEntries(["Z", "ZZ"].map((t) => [t, { unit: "offset" }])),
};

/** Tokens people write that make no usable statement date, with the reason said back to them. */
const REFUSED: Array<[RegExp, string]> = [
  [/^Y+$/, "a year is YYYY: four digits (a two-digit year cannot say its century)"],
  [/^y+$/, "years are YYYY in dayjs tokens (yyyy is a Unicode/date-fns token)"],
  [/^d+$/, "days of the month are DD in dayjs tokens (dd is a Unicode/date-fns token; in dayjs a weekday)"],
  [/^S{1,2}$|^S{4,}$/, "fractions of a second are SSS (milliseconds)"],
  [/^[Xx]$/, "a timestamp (X, x) is no calendar date"],
  [/^o$/, "an ordinal day (Do) is not read back strictly"],
];

/** What a declared date form may be, said with every problem (STATEMENT_DATE_FORMAT, the sandbox's --date-format). */
export const DATE_FORM_HELP =
  "a dayjs (Moment-style) pattern such as DD.MM.YYYY, YYYYMMDD, YYYY-MM-DD HH:mm:ss or YYYY-MM-DDTHH:mm:ssZ (tokens YYYY, M, MM, MMM, D, DD, HH, hh with A, mm, ss, SSS, Z, ZZ; literal text in [brackets]), or datetime-offset, datetime-utc or date";

/** A piece of a pattern: a date token, or literal text (bracketed as written, or punctuation, or the T of ISO 8601). */
export interface PatternPiece {
  text: string;
  token: boolean;
}

export interface PatternReading {
  pieces: readonly PatternPiece[];
  /** Where its wall-clock time is: UTC (a literal [Z]), the offset it writes (Z, ZZ) or TARGET_UTC_OFFSET. */
  zone: "utc" | "written" | "target";
  /** Its precision: a day (DAY_MS) for a day form, else its smallest time unit (1 000 for seconds). */
  resolutionMs: number;
}

/** Brackets, runs of one letter ("DDTHH" is DD, T, HH), anything else; a lone "[" is unclosed. */
const PIECE = /\[[^\]]*\]|([A-Za-z])\1*|[^A-Za-z[]+|\[/g;

function tokenProblem(text: string): string {
  const known = REFUSED.find(([re]) => re.test(text));
  return `"${text}" ${known ? `cannot be used: ${known[1]}` : "is not a date token"}`;
}

function piecesOf(pattern: string): PatternPiece[] | string {
  const pieces: PatternPiece[] = [];
  for (const [text] of pattern.matchAll(PIECE)) {
    if (text === "[") return "has an unclosed [";
    if (!/^[A-Za-z]/.test(text) || text === "T") pieces.push({ text, token: false });
    else if (TOKENS[text]) pieces.push({ text, token: true });
    else return tokenProblem(text);
  }
  return pieces;
}

/** The tokens by unit; a problem when a unit is written twice or a needed one is missing. */
function patternUnits(pieces: PatternPiece[]): Map<Unit, string> | string {
  const units = new Map<Unit, string>();
  for (const { text } of pieces.filter((p) => p.token)) {
    const unit = TOKENS[text]!.unit;
    if (units.has(unit)) return `${unit} written twice (${units.get(unit)} and ${text})`;
    units.set(unit, text);
  }
  const missing = (["year", "month", "day"] as const).filter((u) => !units.has(u));
  if (missing.length)
    return `has no ${missing.join(", ")} token: a statement date needs a year (YYYY), a month (MM) and a day (DD)`;
  return units;
}

/** A time is written from the hour down: minutes need hours, seconds minutes, SSS seconds. */
function timeProblem(units: Map<Unit, string>, utcLiteral: boolean): string | undefined {
  const chain: Unit[] = ["hour", "minute", "second", "fraction"];
  for (let i = 1; i < chain.length; i++)
    if (units.has(chain[i]!) && !units.has(chain[i - 1]!)) return `${units.get(chain[i]!)} without the ${chain[i - 1]}`;
  const twelve = /^h/.test(units.get("hour") ?? "");
  if (twelve !== units.has("meridiem")) return "a 12-hour clock needs both h (or hh) and A (or a)";
  if (units.has("offset") && !units.has("hour")) return `an offset (${units.get("offset")}) needs a time of day`;
  if (units.has("offset") && utcLiteral) return `both an offset token (${units.get("offset")}) and a literal [Z]`;
  return undefined;
}

/** What a pattern writes, or why it is no usable statement date form. */
export function readPattern(pattern: string): PatternReading | { problem: string } {
  const pieces = piecesOf(pattern);
  if (typeof pieces === "string") return { problem: pieces };
  const units = patternUnits(pieces);
  if (typeof units === "string") return { problem: units };
  const utcLiteral = pieces.some((p) => !p.token && p.text === "[Z]");
  const time = timeProblem(units, utcLiteral);
  if (time) return { problem: time };
  const resolutionMs = Math.min(...[...units.values()].map((t) => TOKENS[t]!.ms ?? Infinity));
  const zone = utcLiteral ? "utc" : units.has("offset") ? "written" : "target";
  return { pieces, zone, resolutionMs };
}

/** The token of a unit in the pieces, if any (a day token, a numeric month token). */
export function tokenOf(piece: PatternPiece, unit: Unit): boolean {
  return piece.token && TOKENS[piece.text]!.unit === unit;
}
