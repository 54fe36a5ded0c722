/**
 * The one redaction routine for every output: attachments, HAR, curl lines, console, JUnit
 * messages and the summary. Card data never leaves it: PANs are masked to the first six and last
 * four digits, CVC fields are removed, and tokens, keys, secrets and signatures are replaced or
 * shortened. Secret configuration values are replaced by `<NAME>` wherever they appear.
 */
import { isReferenceValue, maskCardNumbers, maskPan, PAN_KEY, type NumberPlace } from "./card-numbers.ts";
import { unsafeRedactionSwitchOn } from "./unsafe-switch.ts";
import { ownCopy, QUOTE_MARGIN, REDACT_DEPTH } from "./bounds.ts";

export { maskPan } from "./card-numbers.ts";
export { ownCopy, REDACT_DEPTH } from "./bounds.ts";
export { UNSAFE_REDACTION_SWITCH, UNSAFE_REDACTION_VALUE, unsafeRedactionSwitchOn } from "./unsafe-switch.ts";

const CVC_KEY = /^(card_?)?(cvc2?|cvv2?|cid|csc)$|security_?code/i;
const SECRET_KEY =
  /token|secret|password|passwd|credential|session|api[_-]?key|private[_-]?key|signing[_-]?key|authorization|cookie/i;
const SIGNATURE_KEY = /signature/i;
const CIPHERTEXT_KEY = /^encrypted_data$/i;
/**
 * CVC-named fields in text that is not parseable JSON (a truncated body, a message, JSON inside a
 * string): `"card_cvc":"123"`, `\"cvc\": \"123\"`, `cvv2=123`, `'csc' 123`, `cvc 123`.
 */
const CVC_IN_TEXT =
  /((?:\\?["'])?(?:card_?)?(?:cvc2?|cvv2?|csc)(?:\\?["'])?[\s:=]+)(?:\\?["'])?\d{3,4}(?![0-9])(?:\\?["'])?/gi;
/** A bearer token (RFC 6750 token68 characters, 8 or more): prose such as "the bearer token" stays. */
const BEARER_TOKEN = /(Bearer\s+)(?!<)[A-Za-z0-9\-._~+/]{8,}=*/gi;
/**
 * user:password@ in a URL (a target URL with credentials in it). Linear on any text: a match starts
 * only where a run of scheme characters starts, so "x://" followed by a megabyte of letters is
 * read once, not once per letter (the plain form took seconds on 40 KB).
 */
const URL_CREDENTIALS = /(?<![a-z0-9+.-])([0-9+.-]*[a-z][a-z0-9+.-]*:\/\/)[^\s/@"']+@/gi;
/** Values shorter than this are not replaced as free text: a 3-digit CVC would wreck amounts. */
const MIN_SECRET_LENGTH = 8;

export function shorten(value: string, keep = 8): string {
  return value.length <= keep ? value : `${value.slice(0, keep)}…[${value.length} chars]`;
}

export interface Secret {
  name: string;
  value: string;
}

/** Cheap tests that decide whether a string needs a pass at all (most strings need none). */
const BEARER_HINT = /bearer/i;
const CVC_HINT = /cv|csc/i;
const FOUR_DIGITS = /\d{4}/;
/** Shorter than any secret (8), any PAN (12), "Bearer x" (8) or "cvc=123" (7): nothing to redact. */
const SHORTEST_SENSITIVE = 7;
const CARD_DIGITS = /^\d{12,19}$/;

/** Text as a literal inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The items of a comma-separated list of card numbers (TEST_PANS), each a secret of its own. */
function cardList(secret: Secret): Secret[] {
  const parts = secret.value.split(",").map((p) => p.replace(/[ -]/g, ""));
  return parts.length > 1 && parts.every((p) => CARD_DIGITS.test(p))
    ? parts.map((value) => ({ name: secret.name, value }))
    : [];
}

export class Redactor {
  /** Each secret value once, however often it is registered (every run context registers the configuration's). */
  private readonly secretsByValue = new Map<string, Secret>();
  private secrets: Secret[] = [];
  /** All secret values in one pattern, longest first, any case: one pass per string, not one per secret. */
  private secretPattern: RegExp | undefined;
  /** Placeholders by lower-cased secret value. */
  private readonly placeholders = new Map<string, string>();
  /** Issuer prefixes of the configured card numbers: masked even when a mutation broke Luhn. */
  private readonly bins = new Set<string>();
  /** Configured CVCs (too short to replace in free text), with their variable: removed where they are a whole value. */
  private readonly cvcs = new Map<string, string>();
  /** While a curl line's body is redacted: configured card data become placeholders (shell variables), not masks. */
  private forCurl = false;
  /** The same CVCs as whole quoted values in text ("123", \"123\", '123'). */
  private cvcPattern: RegExp | undefined;
  private off: boolean | undefined;

  /** @param disabled TEST-ONLY: asked once, on first use, whether redaction is off (unsafeRedactionSwitchOn); absent: never. */
  constructor(private readonly disabled?: () => boolean) {}

  /** True only when the test-only switch turned redaction off in this process. */
  get isDisabled(): boolean {
    this.off ??= this.disabled?.() ?? false;
    return this.off;
  }

  /**
   * Registers secret values (from configuration) to be replaced by `<NAME>` everywhere. A list
   * (TEST_PANS) counts item by item; card numbers also register their issuer prefix.
   */
  addSecrets(secrets: Secret[]): void {
    const items = secrets.flatMap((s) => [s, ...cardList(s)]);
    for (const s of items) {
      if (CARD_DIGITS.test(s.value)) this.bins.add(s.value.slice(0, 6));
      if (/cvc|cvv/i.test(s.name) && s.value) this.cvcs.set(s.value, s.name);
    }
    this.cvcPattern = this.cvcs.size
      ? new RegExp(`(\\\\?["'])(?:${[...this.cvcs.keys()].map(escapeRegExp).join("|")})(\\\\?["'])`, "g")
      : undefined;
    const fresh = items.filter((s) => s.value.length >= MIN_SECRET_LENGTH && !this.secretsByValue.has(s.value));
    if (!fresh.length) return;
    for (const s of fresh) this.secretsByValue.set(s.value, s);
    this.secrets = [...this.secretsByValue.values()].sort((a, b) => b.value.length - a.value.length);
    for (const s of this.secrets)
      if (!this.placeholders.has(s.value.toLowerCase())) this.placeholders.set(s.value.toLowerCase(), `<${s.name}>`);
    this.secretPattern = this.secrets.length
      ? new RegExp(this.secrets.map((s) => escapeRegExp(s.value)).join("|"), "gi")
      : undefined;
  }

  /** @param place "reference": the whole value of a reference field, where only the run's own cards count (card-numbers.ts). */
  text(text: string, place: NumberPlace = "text"): string {
    if (this.isDisabled || text.length < SHORTEST_SENSITIVE) return text;
    let out = this.secretPattern
      ? text.replace(this.secretPattern, (value) => this.placeholders.get(value.toLowerCase())!)
      : text;
    if (BEARER_HINT.test(out)) out = out.replace(BEARER_TOKEN, "$1[REDACTED]");
    if (CVC_HINT.test(out)) out = out.replace(CVC_IN_TEXT, "$1[REMOVED]");
    if (this.cvcPattern && this.mentionsCvc(out)) out = out.replace(this.cvcPattern, "$1[REMOVED]$2");
    if (out.includes("://")) out = out.replace(URL_CREDENTIALS, "$1<credentials>@");
    return FOUR_DIGITS.test(out) ? maskCardNumbers(out, this.bins, place) : out;
  }

  private mentionsCvc(text: string): boolean {
    for (const cvc of this.cvcs.keys()) if (text.includes(cvc)) return true;
    return false;
  }

  /**
   * A deep copy of a JSON value with card data and secrets removed. The walk is bounded: below
   * REDACT_DEPTH levels a value is replaced by a marker, so a body nested 100,000 deep (read by
   * anything but the harness's bounded reader) is one short string, not a stack overflow.
   */
  json(value: unknown, depth = 0): unknown {
    if (this.isDisabled) return value;
    if (typeof value === "string") return this.string(value);
    if (typeof value === "number") return this.number(value);
    if (value === null || typeof value !== "object") return value;
    if (depth >= REDACT_DEPTH) return `[nested deeper than ${REDACT_DEPTH} levels: not shown]`;
    if (Array.isArray(value)) return value.map((v) => this.json(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (!CVC_KEY.test(key)) out[key] = this.field(key, v, depth + 1);
      else if (this.forCurl && typeof v === "string" && this.cvcs.has(v)) out[key] = `<${this.cvcs.get(v)}>`;
    }
    return out;
  }

  /** A string value: the configured CVC as a whole value (an echoed {"value":"123"}) is removed. */
  private string(value: string): string {
    return this.cvcs.has(value) ? "[REMOVED]" : this.text(value);
  }

  /** A card number sent as a JSON number is a card number all the same. */
  private number(value: number): unknown {
    if (!Number.isInteger(value) || Math.abs(value) < 1e11) return value;
    const digits = String(value);
    const masked = this.text(digits);
    return masked === digits ? value : masked;
  }

  private field(key: string, v: unknown, depth: number): unknown {
    if (PAN_KEY.test(key) && (typeof v === "string" || typeof v === "number")) {
      return (this.forCurl && this.placeholders.get(String(v).toLowerCase())) || maskPan(String(v));
    }
    if ((typeof v === "string" || typeof v === "number") && isReferenceValue(key, String(v))) return this.reference(v);
    if (typeof v !== "string") return this.json(v, depth);
    if (CIPHERTEXT_KEY.test(key)) return shorten(v, 16);
    if (SIGNATURE_KEY.test(key)) return shorten(this.text(v), 8);
    if (SECRET_KEY.test(key)) return "[REDACTED]";
    return this.string(v);
  }

  /** An rrn, an order id, a timestamp: the target's reference as it wrote it, unless it is a configured secret or card. */
  private reference(v: string | number): unknown {
    const text = String(v);
    const out = this.text(text, "reference");
    return out === text ? v : out;
  }

  headers(headers: Record<string, string>): Record<string, string> {
    if (this.isDisabled) return { ...headers };
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (/^authorization$/i.test(name)) out[name] = this.authorization(value);
      else if (/signature|jws/i.test(name)) out[name] = shorten(this.text(value), 8);
      else out[name] = SECRET_KEY.test(name) ? "[REDACTED]" : this.text(value);
    }
    return out;
  }

  /** "Bearer <PARTNER_ACCESS_TOKEN>" when the token is configured; otherwise the scheme is kept and the rest replaced. */
  private authorization(value: string): string {
    const replaced = this.text(value);
    if (replaced !== value) return replaced;
    return /^\w+\s+\S/.test(value) ? value.replace(/^(\w+\s+).*/, "$1[REDACTED]") : "[REDACTED]";
  }

  /** Text that may hold JSON: redacted structurally when it parses, as text when it does not. */
  body(text: string): string {
    try {
      return JSON.stringify(this.json(JSON.parse(text)));
    } catch {
      return this.text(text);
    }
  }

  /**
   * The body of a curl line: redacted like any body, except that the configured card number and
   * CVC become placeholders — shell variables in the line, filled from .env — so that the line
   * still sends the request it stands for. Other card numbers stay masked.
   */
  curlBody(text: string): string {
    this.forCurl = true;
    try {
      return this.body(text);
    } finally {
      this.forCurl = false;
    }
  }

  /**
   * Redacted text of at most `max` characters (and a mark of the full length when cut). Redacted
   * first, then cut, as preview; only a prefix is redacted, long enough past `max` that nothing to
   * redact (a secret, a card number, a URL's credentials) could start in what is shown and end
   * beyond it — so quoting a 4 MB body costs the bound, not the body.
   */
  quote(text: string, max: number): string {
    const margin = Math.max(QUOTE_MARGIN, (this.secrets[0]?.value.length ?? 0) + 1);
    const head = text.length > max + margin ? text.slice(0, max + margin) : text;
    const out = this.text(head);
    return out.length > max || head !== text ? ownCopy(`${out.slice(0, max)}…[${text.length} chars]`) : out;
  }

  /**
   * A short one-line view of a body for messages: redacted first, then cut — never the other way
   * round, which could leave part of a card number that no longer looks like one.
   */
  preview(text: string, max = 160): string {
    const flat = this.body(text).replace(/\s+/g, " ").trim();
    return flat.length > max ? ownCopy(`${flat.slice(0, max)}…`) : flat || "(empty body)";
  }

  /**
   * The target's own words, for a message that rests on them (a refused fixture, a preflight
   * problem): redacted, whole up to a few hundred characters (REASON_CHARS) — an RFC 7807 body's
   * `detail` comes after its `type`, `title` and `status`, and must not be cut after a few words.
   */
  reason(text: string): string {
    return this.preview(text, REASON_CHARS);
  }
}

/** How much of a target's own reason a message shows (redactor.reason). */
export const REASON_CHARS = 400;

/**
 * The process-wide redactor; entry points register the configured secrets once. Only this
 * instance honours the test-only switch, and it reads it lazily, after `.env` is loaded.
 */
export const redactor = new Redactor(() => unsafeRedactionSwitchOn(process.env));
