/**
 * The one redaction routine for every output: attachments, HAR, curl lines, console, JUnit
 * messages and the summary. Card data never leaves it: PANs are masked to the first six and last
 * four digits, CVC fields are removed, and tokens, keys, secrets and signatures are replaced or
 * shortened. Secret configuration values are replaced by `<NAME>` wherever they appear.
 */
import { maskCardNumbers, maskPan, PAN_KEY } from "./card-numbers.ts";

export { maskPan } from "./card-numbers.ts";

const CVC_KEY = /^(card_?)?(cvc2?|cvv2?|cid|csc)$|security_?code/i;
const SECRET_KEY = /token|secret|password|passwd|credential|api[_-]?key|private[_-]?key|signing[_-]?key|authorization|cookie/i;
const SIGNATURE_KEY = /signature/i;
const CIPHERTEXT_KEY = /^encrypted_data$/i;
/** CVC-named fields in text that is not parseable JSON (a truncated body, a message). */
const CVC_IN_TEXT = /("?(?:card_?)?(?:cvc2?|cvv2?|csc)"?\s*[:=]\s*)"?\d{3,4}"?/gi;
/** Values shorter than this are not replaced as free text: a 3-digit CVC would wreck amounts. */
const MIN_SECRET_LENGTH = 8;

export function shorten(value: string, keep = 8): string {
  return value.length <= keep ? value : `${value.slice(0, keep)}…[${value.length} chars]`;
}

export interface Secret { name: string; value: string }

/**
 * TEST-ONLY switch: the leak-scan test turns redaction off to prove its scanner finds what
 * redaction hides. Hard to set by accident: it is not a configuration variable (not in
 * `.env.example`), it takes only this exact value, it is refused when any target URL is off the
 * loopback interface (so never against a partner's or a real platform's server), and it prints
 * a warning on stderr in every process that honours it. `npm run certify` refuses to pack.
 */
export const UNSAFE_REDACTION_SWITCH = "HARNESS_UNSAFE_DISABLE_REDACTION";
export const UNSAFE_REDACTION_VALUE = "leak-card-data-in-this-test-run";
const TARGET_URL_VARIABLES = ["TARGET_BASE_URL", "CARD_API_BASE_URL", "PARTNER_API_BASE_URL", "MERCHANT_API_BASE_URL"];

function onLoopback(url: string): boolean {
  try {
    return ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

export function unsafeRedactionSwitchOn(env: Record<string, string | undefined>): boolean {
  const value = env[UNSAFE_REDACTION_SWITCH];
  if (!value) return false;
  const remote = TARGET_URL_VARIABLES.filter((name) => env[name] && !onLoopback(env[name]!));
  const honoured = value === UNSAFE_REDACTION_VALUE && remote.length === 0;
  process.stderr.write(honoured
    ? `WARNING: ${UNSAFE_REDACTION_SWITCH} is set: REDACTION IS OFF in this process; its outputs hold card data and secrets (test-only switch)\n`
    : `WARNING: ${UNSAFE_REDACTION_SWITCH} ignored (${remote.length ? `${remote.join(", ")} not on loopback` : "wrong value"}); redaction stays on\n`);
  return honoured;
}

/** Cheap tests that decide whether a string needs a pass at all (most strings need none). */
const BEARER_HINT = /bearer/i;
const CVC_HINT = /cv|csc/i;
const FOUR_DIGITS = /\d{4}/;
/** Shorter than any secret (8), any PAN (12), "Bearer x" (8) or "cvc=123" (7): nothing to redact. */
const SHORTEST_SENSITIVE = 7;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export class Redactor {
  private secrets: Secret[] = [];
  /** All secret values in one pattern, longest first: one pass per string, not one per secret. */
  private secretPattern: RegExp | undefined;
  private readonly placeholders = new Map<string, string>();
  private off: boolean | undefined;

  /** @param disabled TEST-ONLY: asked once, on first use, whether redaction is off (unsafeRedactionSwitchOn); absent: never. */
  constructor(private readonly disabled?: () => boolean) {}

  /** True only when the test-only switch turned redaction off in this process. */
  get isDisabled(): boolean {
    this.off ??= this.disabled?.() ?? false;
    return this.off;
  }

  /** Registers secret values (from configuration) to be replaced by `<NAME>` everywhere. */
  addSecrets(secrets: Secret[]): void {
    const long = secrets.filter((s) => s.value.length >= MIN_SECRET_LENGTH);
    this.secrets = [...this.secrets, ...long].sort((a, b) => b.value.length - a.value.length);
    for (const s of this.secrets) if (!this.placeholders.has(s.value)) this.placeholders.set(s.value, `<${s.name}>`);
    this.secretPattern = this.secrets.length ? new RegExp(this.secrets.map((s) => escapeRegExp(s.value)).join("|"), "g") : undefined;
  }

  text(text: string): string {
    if (this.isDisabled || text.length < SHORTEST_SENSITIVE) return text;
    let out = this.secretPattern ? text.replace(this.secretPattern, (value) => this.placeholders.get(value)!) : text;
    if (BEARER_HINT.test(out)) out = out.replace(/(Bearer\s+)(?!<)[^\s"',]+/gi, "$1[REDACTED]");
    if (CVC_HINT.test(out)) out = out.replace(CVC_IN_TEXT, "$1[REMOVED]");
    return FOUR_DIGITS.test(out) ? maskCardNumbers(out) : out;
  }

  /** A deep copy of a JSON value with card data and secrets removed. */
  json(value: unknown): unknown {
    if (this.isDisabled) return value;
    if (typeof value === "string") return this.text(value);
    if (Array.isArray(value)) return value.map((v) => this.json(v));
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (CVC_KEY.test(key)) continue;
      out[key] = this.field(key, v);
    }
    return out;
  }

  private field(key: string, v: unknown): unknown {
    if (PAN_KEY.test(key) && (typeof v === "string" || typeof v === "number")) return maskPan(String(v));
    if (typeof v !== "string") return this.json(v);
    if (CIPHERTEXT_KEY.test(key)) return shorten(v, 16);
    if (SIGNATURE_KEY.test(key)) return shorten(this.text(v), 8);
    if (SECRET_KEY.test(key)) return "[REDACTED]";
    return this.text(v);
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

  private authorization(value: string): string {
    const replaced = this.text(value);
    return replaced === value ? value.replace(/^(\w+\s+).*/, "$1[REDACTED]") : replaced;
  }

  /** Text that may hold JSON: redacted structurally when it parses, as text when it does not. */
  body(text: string): string {
    try {
      return JSON.stringify(this.json(JSON.parse(text)));
    } catch {
      return this.text(text);
    }
  }
}

/**
 * The process-wide redactor; entry points register the configured secrets once. Only this
 * instance honours the test-only switch, and it reads it lazily, after `.env` is loaded.
 */
export const redactor = new Redactor(() => unsafeRedactionSwitchOn(process.env));
