/**
 * A partner's working folder for the foreign target, as docs/own-server.md has it set up: a
 * `.env` with every fixture and key of that target, its client-data file and its profile module
 * copied in — the harness is configured through nothing else.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as data from "./data.ts";

const pay = data.PAYMENT_CARD;
/** A test card number of the target's BIN (Luhn-valid) that it has no card for: CARD-TXN-UNKNOWN-CARD debits it. */
const UNKNOWN_PAN = "4405639700009994";

/** docs/own-server.md's steps, each with the variables it sets, in its order. */
export function partnerEnv(url: string): Array<[string, Record<string, string>]> {
  return [
    [
      "2. target",
      {
        TARGET_BASE_URL: url,
        TARGET_ENV: "staging",
        TEST_PANS: `${pay.pan!},${UNKNOWN_PAN}`,
        TARGET_UTC_OFFSET: data.UTC_OFFSET,
      },
    ],
    [
      "3. keys and profile (docs/profile-modules.md): a module with variables of its own",
      {
        PARTNER_ACCESS_TOKEN: data.ACCESS_TOKEN,
        CRYPTO_PROFILE: "./foreign-profile.mts",
        FOREIGN_PARTNER_KEY: data.KEYS.partnerHmac,
        FOREIGN_PLATFORM_KEY: data.KEYS.platformHmac,
        FOREIGN_DATA_KEY: data.KEYS.data,
      },
    ],
    ["4. card API auth", { CARD_API_HEADERS: JSON.stringify({ [data.API_KEY_HEADER]: data.API_KEY }) }],
    [
      "5. fixtures",
      {
        STATEMENT_CARD_ID: data.STATEMENT_CARD.id,
        STATEMENT_PERIOD_START: `${data.STATEMENT_PERIOD.start}T00:00:00${data.UTC_OFFSET}`,
        STATEMENT_PERIOD_END: `${data.STATEMENT_PERIOD.end}T23:59:59${data.UTC_OFFSET}`,
        PAYMENT_CARD_ID: pay.id,
        PAYMENT_CARD_PAN: pay.pan!,
        PAYMENT_CARD_EXPIRY: `${pay.month}/${pay.year}`,
        PAYMENT_CARD_CVC: pay.cvc!,
        PAYMENT_CARD_HOLDER: pay.holder!,
        UNKNOWN_CARD_PAN: UNKNOWN_PAN,
        PAYMENT_ACCOUNT_NUMBER: pay.account,
        PAYMENT_CLIENT_ID: pay.client,
        CREDIT_ACCOUNT_NUMBER: data.CREDIT_ACCOUNT,
        TERMINAL_NUMBER: data.TERMINAL,
        CURRENCY: data.CURRENCY,
        RACE_CARD_IDS: data.RACE_CARDS.map((c) => c.id).join(","),
      },
    ],
    ["6. statement dates", { STATEMENT_DATE_FORMAT: "date" }],
    [
      "7. limits vocabulary",
      {
        LIMIT_OBJECT_TYPES: [data.OBJECT_TYPES.card, data.OBJECT_TYPES.account, data.OBJECT_TYPES.client].join(","),
        CUMULATIVE_LIMIT_TYPES: "max_daily,max_monthly",
        MINIMUM_LIMIT_TYPES: "min",
      },
    ],
    // 8. amounts: not set — the payment card's limits list shows its minimum of 100.00.
    ["9. client data", { CLIENT_DATA_FILE: "./client-data.json" }],
    ["10. idempotency", { IDEMPOTENCY_MODE: "replay" }],
  ];
}

/**
 * Step 1, `cp .env.example .env`, then each step's lines appended (a later line wins in dotenv);
 * values with JSON or spaces single-quoted, as dotenv reads them.
 */
export function envFileText(steps: Array<[string, Record<string, string>]>, overrides: Record<string, string>): string {
  const line = ([k, v]: [string, string]) => `${k}=${/[{"\s#]/.test(v) ? `'${v}'` : v}`;
  const sections = [...steps, ["overrides of this test", overrides] as [string, Record<string, string>]].map(
    ([title, vars]) => [`# ${title}`, ...Object.entries(vars).map(line)].join("\n"),
  );
  return [readFileSync(EXAMPLE, "utf8"), ...sections].join("\n") + "\n";
}

const EXAMPLE = new URL("../../../.env.example", import.meta.url);

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
  examples: [
    {
      company_name: "Steppe Logistics {{fresh:digits:4}} LLP",
      bin: "{{fresh:luhn:12}}",
      address: "Almaty, Abay avenue 10",
    },
  ],
};

export function partnerFolder(url: string, overrides: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "foreign-partner-"));
  copyFileSync(new URL("./profile.mts", import.meta.url), join(dir, "foreign-profile.mts"));
  writeFileSync(join(dir, "client-data.json"), JSON.stringify(CLIENT_DATA_SCHEMA, null, 2));
  writeFileSync(join(dir, ".env"), envFileText(partnerEnv(url), overrides));
  return dir;
}
