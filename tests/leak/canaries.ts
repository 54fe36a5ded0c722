/**
 * Canary card data and secrets for the leak scan, and the scanner that looks for them. The scanner
 * only detects (it never redacts): a PAN written plain or with separators — or any number of its
 * length that starts with its first twelve digits (a mutation that broke Luhn still shows them) —
 * a CVC in a CVC-named field (JSON, escaped JSON, XML-escaped, key=value, words) or as a whole
 * quoted value, and each secret verbatim, in any case.
 */
import { luhnCheckDigit } from "../../lib/test-data/luhn.ts";
import type { FileText } from "./texts.ts";

const PAN_BODY = "499999123456789";
export const CANARY = {
  pan: PAN_BODY + luhnCheckDigit(PAN_BODY), // 16 digits, Luhn-valid, not a real issuer range
  cvc: "9071",
  accessToken: "canary-partner-token-3f9c1e7a5b",
  apiKey: "canary-card-api-key-8d2b6f0e4c",
  headerSecret: "canary-client-tag-5e1d9a7c3b",
  signingKey: "c1a2a3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff01",
  encryptionKey: "e1a2a3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff02",
  packKey: "f1a2a3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff03",
  /** TLS_CLIENT_KEY_PASSPHRASE and the proxy URL's password (tests/network/network-cli.test.ts sets them). */
  keyPassphrase: "canary-key-passphrase-7b3e9d1f",
  proxyPassword: "canary-proxy-password-2c8a4f6e",
  /** PARTNER_CLIENT_SECRET of the token endpoint (token-leak.test.ts). */
  clientSecret: "canary-client-secret-9d4b2e7a",
  /** The headers of the families an OpenAPI document brings (merchant, gateway, the partner API's other areas). */
  familyHeader: "canary-family-header-6a2f8c4e1d",
} as const;

/** The configuration that carries the canaries into every request the suites send. */
export const CANARY_ENV: Record<string, string> = {
  PAYMENT_CARD_PAN: CANARY.pan,
  PAYMENT_CARD_CVC: CANARY.cvc,
  PARTNER_ACCESS_TOKEN: CANARY.accessToken,
  CARD_API_HEADERS: JSON.stringify({ "X-Api-Key": CANARY.apiKey, "X-Client-Tag": CANARY.headerSecret }),
  PARTNER_SIGNING_KEY: CANARY.signingKey,
  PARTNER_ENCRYPTION_KEY: CANARY.encryptionKey,
  CERTIFY_SIGNING_KEY: CANARY.packKey,
  MERCHANT_API_HEADERS: JSON.stringify({ "X-Merchant-Key": CANARY.familyHeader }),
  GATEWAY_API_HEADERS: JSON.stringify({ "X-Api-Key": CANARY.familyHeader }),
  OTHER_PARTNER_API_HEADERS: JSON.stringify({ "X-Api-Key": CANARY.familyHeader }),
};

const QUOTE = `(?:\\\\?"|&quot;|')?`;
/** A value in quotes, plain, escaped or XML-escaped: "9071", \"9071\", &quot;9071&quot;. */
const QUOTED = (value: string) => `(?:\\\\?"|&quot;)${value}(?:\\\\?"|&quot;)`;
export const CANARY_PATTERNS: Record<keyof typeof CANARY, RegExp> = {
  // Any single separator between digits: "4999 9912 …", "4999-9912-…", "4999.9912.…", or none.
  pan: new RegExp(`(?<!\\d)${CANARY.pan.slice(0, 12).split("").join("[ .-]?")}(?:[ .-]?\\d){3,7}(?!\\d)`),
  cvc: new RegExp(`(?:cvc|cvv|csc)2?${QUOTE}[\\s:=]+${QUOTE}${CANARY.cvc}(?!\\d)|${QUOTED(CANARY.cvc)}`, "i"),
  accessToken: new RegExp(CANARY.accessToken, "i"),
  apiKey: new RegExp(CANARY.apiKey, "i"),
  headerSecret: new RegExp(CANARY.headerSecret, "i"),
  signingKey: new RegExp(CANARY.signingKey, "i"),
  encryptionKey: new RegExp(CANARY.encryptionKey, "i"),
  packKey: new RegExp(CANARY.packKey, "i"),
  keyPassphrase: new RegExp(CANARY.keyPassphrase, "i"),
  // Written as in the URL, or inside the Basic credentials a proxy receives.
  proxyPassword: new RegExp(
    `${CANARY.proxyPassword}|${Buffer.from(`partner:${CANARY.proxyPassword}`).toString("base64")}`,
    "i",
  ),
  clientSecret: new RegExp(CANARY.clientSecret, "i"),
  familyHeader: new RegExp(CANARY.familyHeader, "i"),
};

export interface Hit {
  canary: keyof typeof CANARY;
  file: string;
  excerpt: string;
}

/** Every place a canary appears; the excerpt shows where, with the canary itself cut short. */
export function scanForCanaries(texts: FileText[]): Hit[] {
  const hits: Hit[] = [];
  for (const { file, text } of texts) {
    for (const [canary, pattern] of Object.entries(CANARY_PATTERNS) as Array<[keyof typeof CANARY, RegExp]>) {
      const m = pattern.exec(text);
      if (m)
        hits.push({ canary, file, excerpt: `${text.slice(Math.max(0, m.index - 30), m.index)}${m[0].slice(0, 4)}…` });
    }
  }
  return hits;
}
