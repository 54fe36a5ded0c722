/**
 * The partner's working folder for the fourth platform, set up as docs/own-server.md says, step by
 * step: `.env` (the example file, then each step's variables), the profile module
 * (`fourth-platform.profile.mts`), the client-data file and the request-rules file. The same
 * variables, with the folder's relative paths made absolute, configure an in-process run.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import * as data from "./data.ts";
import { testKeys } from "./keys.ts";
import { CLIENT_DATA_SCHEMA, REQUEST_RULES } from "./rules.ts";

type Steps = Array<[string, Record<string, string>]>;

const pay = data.PAYMENT_CARD;
const PROFILE = new URL("./partner-profile.mts", import.meta.url);
const EXAMPLE = new URL("../../../.env.example", import.meta.url);
const FILES = {
  profile: "./fourth-platform.profile.mts",
  clientData: "./client-data.json",
  rules: "./request-rules.json",
};
/** The variables that name a file of the folder (relative to the working folder). */
const PATH_VARIABLES = ["CRYPTO_PROFILE", "CLIENT_DATA_FILE", "REQUEST_RULES_FILE"];

/** One .env line for a PEM: its line breaks written as `\n` (the module reads them back). */
const oneLine = (pem: string) => pem.trim().replace(/\n/g, "\\n");

/** docs/own-server.md's steps, in its order, with the variables each sets. */
export function fourthPartnerEnv(url: string): Steps {
  const keys = testKeys();
  return [
    [
      "2. target",
      {
        TARGET_BASE_URL: url,
        TARGET_ENV: "sandbox",
        TEST_PANS: [pay.pan, data.STATEMENT_CARD.pan, data.UNKNOWN_PAN].join(","),
        TARGET_UTC_OFFSET: data.UTC_OFFSET,
      },
    ],
    [
      "3. keys and profile: this platform's RSA scheme, as a module",
      {
        PARTNER_ACCESS_TOKEN: data.PARTNER_TOKEN,
        CRYPTO_PROFILE: FILES.profile,
        PARTNER_PRIVATE_KEY: oneLine(keys.partner.privatePem),
        PLATFORM_PUBLIC_KEY: oneLine(keys.platform.publicPem),
      },
    ],
    [
      "4. card API auth: an API key header",
      { CARD_API_AUTH: "headers", CARD_API_HEADERS: JSON.stringify({ "X-Api-Key": data.CARD_API_KEY }) },
    ],
    [
      "5. fixtures",
      {
        STATEMENT_CARD_ID: data.STATEMENT_CARD.id,
        STATEMENT_PERIOD_START: data.STATEMENT_PERIOD.start,
        STATEMENT_PERIOD_END: data.STATEMENT_PERIOD.end,
        PAYMENT_CARD_ID: pay.id,
        PAYMENT_CARD_PAN: pay.pan,
        PAYMENT_CARD_EXPIRY: `${pay.month}/${pay.year}`,
        PAYMENT_CARD_CVC: pay.cvc,
        PAYMENT_CARD_HOLDER: pay.holder,
        UNKNOWN_CARD_PAN: data.UNKNOWN_PAN,
        PAYMENT_ACCOUNT_NUMBER: pay.account,
        PAYMENT_CLIENT_ID: pay.customer,
        CREDIT_ACCOUNT_NUMBER: data.SETTLEMENT_ACCOUNT,
        TERMINAL_NUMBER: data.TERMINAL.number,
        CURRENCY: data.CURRENCY,
        RACE_CARD_IDS: data.RACE_CARDS.map((c) => c.id).join(","),
      },
    ],
    ["6. statement dates: whole days, day first", { STATEMENT_DATE_FORMAT: "DD.MM.YYYY" }],
    [
      "7. limits vocabulary",
      {
        LIMIT_OBJECT_TYPES: [data.OBJECT_TYPES.card, data.OBJECT_TYPES.account, data.OBJECT_TYPES.client].join(","),
        MINIMUM_LIMIT_TYPES: data.LIMIT_TYPES.min,
        MAXIMUM_LIMIT_TYPES: data.LIMIT_TYPES.max,
        CUMULATIVE_LIMIT_TYPES: data.LIMIT_TYPES.total,
        LIMIT_PERIODS: `${data.PERIODS.day}=day,${data.PERIODS.month}=month,${data.PERIODS.debit}=debit`,
        TERMINAL_MCC: String(data.TERMINAL.mcc),
        LIMIT_ANY_MCC: data.ANY_MCC,
      },
    ],
    // 8. amounts: not set — the payment card's limits list shows its floor and cap.
    ["9. client data", { CLIENT_DATA_FILE: FILES.clientData }],
    ["request rules (docs/own-server.md, REQUEST_RULES_FILE)", { REQUEST_RULES_FILE: FILES.rules }],
    ["10. idempotency", { IDEMPOTENCY_MODE: "replay" }],
  ];
}

/** `.env.example` then each step's lines (a later line wins); a value with JSON, spaces or `#` single-quoted. */
export function fourthEnvText(steps: Steps): string {
  const line = ([k, v]: [string, string]) => `${k}=${/[{"\s#\\]/.test(v) ? `'${v}'` : v}`;
  const sections = steps.map(([title, vars]) => [`# ${title}`, ...Object.entries(vars).map(line)].join("\n"));
  return [readFileSync(EXAMPLE, "utf8"), ...sections].join("\n") + "\n";
}

/** A fresh partner folder; `overrides` is a last section of .env (a test's SEED, …). Returns its path. */
export function fourthPartnerFolder(url: string, overrides: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "fourth-partner-"));
  writeFileSync(join(dir, FILES.profile), readFileSync(PROFILE, "utf8"));
  writeFileSync(join(dir, FILES.clientData), JSON.stringify(CLIENT_DATA_SCHEMA, null, 2));
  writeFileSync(join(dir, FILES.rules), JSON.stringify(REQUEST_RULES, null, 2));
  const steps: Steps = [...fourthPartnerEnv(url), ["overrides of this test", overrides]];
  writeFileSync(join(dir, ".env"), fourthEnvText(steps));
  return dir;
}

/** The folder's variables for an in-process configuration: its relative paths resolved against it. */
export function fourthFolderVariables(dir: string, url: string): Record<string, string> {
  const all = Object.assign({}, ...fourthPartnerEnv(url).map(([, vars]) => vars)) as Record<string, string>;
  for (const name of PATH_VARIABLES) if (!isAbsolute(all[name]!)) all[name] = join(dir, all[name]!);
  return all;
}
