/**
 * A partner's working folder for the foreign target, as docs/own-server.md has it set up: a
 * `.env` with every fixture and key of that target, its client-data file and its profile module
 * copied in — the harness is configured through nothing else.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as data from "./data.ts";

const pay = data.PAYMENT_CARD;

/** The variables in the order the guide sets them: target, credentials, fixtures, spec-silent choices. */
export function partnerEnv(url: string): Record<string, string> {
  return {
    TARGET_BASE_URL: url,
    TARGET_ENV: "staging",
    TARGET_UTC_OFFSET: data.UTC_OFFSET,
    PARTNER_ACCESS_TOKEN: data.ACCESS_TOKEN,
    CRYPTO_PROFILE: "./foreign-profile.mts",
    FOREIGN_PARTNER_KEY: data.KEYS.partnerHmac,
    FOREIGN_PLATFORM_KEY: data.KEYS.platformHmac,
    FOREIGN_DATA_KEY: data.KEYS.data,
    CARD_API_HEADERS: JSON.stringify({ [data.API_KEY_HEADER]: data.API_KEY }),
    STATEMENT_DATE_FORMAT: "date",
    STATEMENT_CARD_ID: data.STATEMENT_CARD.id,
    STATEMENT_PERIOD_START: `${data.STATEMENT_PERIOD.start}T00:00:00${data.UTC_OFFSET}`,
    STATEMENT_PERIOD_END: `${data.STATEMENT_PERIOD.end}T23:59:59${data.UTC_OFFSET}`,
    PAYMENT_CARD_ID: pay.id,
    PAYMENT_CARD_PAN: pay.pan!,
    PAYMENT_CARD_EXPIRY: `${pay.month}/${pay.year}`,
    PAYMENT_CARD_CVC: pay.cvc!,
    PAYMENT_CARD_HOLDER: pay.holder!,
    PAYMENT_ACCOUNT_NUMBER: pay.account,
    PAYMENT_CLIENT_ID: pay.client,
    CREDIT_ACCOUNT_NUMBER: data.CREDIT_ACCOUNT,
    TERMINAL_NUMBER: data.TERMINAL,
    CURRENCY: data.CURRENCY,
    TEST_PANS: pay.pan!,
    RACE_CARD_IDS: data.RACE_CARDS.map((c) => c.id).join(","),
    LIMIT_OBJECT_TYPES: [data.OBJECT_TYPES.card, data.OBJECT_TYPES.account, data.OBJECT_TYPES.client].join(","),
    CUMULATIVE_LIMIT_TYPES: "max_daily,max_monthly",
    MINIMUM_LIMIT_TYPES: "min",
    IDEMPOTENCY_MODE: "replay",
    CLIENT_DATA_FILE: "./client-data.json",
  };
}

/**
 * The client data this target documents (a company name, a 12-digit BIN with a Luhn control
 * digit, an optional address), as a JSON Schema 2020-12 whose example gets a fresh BIN per
 * registration: the target refuses a BIN it has seen.
 */
export const CLIENT_DATA_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  required: ["company_name", "bin"],
  properties: {
    company_name: { type: "string", minLength: 1, maxLength: 200 },
    bin: { type: "string", pattern: "^[0-9]{12}$" },
    address: { type: "string" },
  },
  examples: [{ company_name: "Steppe Logistics {{fresh:digits:4}} LLP", bin: "{{fresh:luhn:12}}", address: "Almaty, Abay avenue 10" }],
};

/** `.env` text: one NAME=value a line (values with JSON are single-quoted, as dotenv reads them). */
export function envFileText(env: Record<string, string>): string {
  return Object.entries(env).map(([k, v]) => `${k}=${/[{"\s#]/.test(v) ? `'${v}'` : v}`).join("\n") + "\n";
}

export function partnerFolder(url: string, overrides: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "foreign-partner-"));
  copyFileSync(new URL("./profile.mts", import.meta.url), join(dir, "foreign-profile.mts"));
  writeFileSync(join(dir, "client-data.json"), JSON.stringify(CLIENT_DATA_SCHEMA, null, 2));
  writeFileSync(join(dir, ".env"), envFileText({ ...partnerEnv(url), ...overrides }));
  return dir;
}
