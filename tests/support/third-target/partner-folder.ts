/**
 * The partner's working folder for the third target, set up only as docs/own-server.md says:
 * `cp .env.example .env`, then each step's documented variables; beside it the client-data file
 * (CLIENT_DATA_FILE) and the request-rules file (REQUEST_RULES_FILE) this target declares.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as data from "./data.ts";
import { OAUTH } from "./oauth.ts";
import { CLIENT_DATA_SCHEMA, REQUEST_RULES } from "./request-rules.ts";

const pay = data.PAYMENT_CARD;
type Steps = Array<[string, Record<string, string>]>;

/** `static`: fixed bearer tokens; `oauth`: tokens fetched from the target's endpoint (oauth.ts). */
export type Auth = "static" | "oauth";

const DEFAULT_PROFILE_KEYS = {
  CRYPTO_PROFILE: "default",
  PARTNER_SIGNING_KEY: data.KEYS.partnerSigning,
  PLATFORM_SIGNING_KEY: data.KEYS.platformSigning,
  PARTNER_ENCRYPTION_KEY: data.KEYS.encryption,
};

function staticAuth(): Steps {
  return [
    [
      "3. keys and profile: the built-in default profile with this platform's own keys",
      { PARTNER_ACCESS_TOKEN: data.PARTNER_TOKEN, ...DEFAULT_PROFILE_KEYS },
    ],
    [
      "4. card API auth: a static bearer token",
      { CARD_API_HEADERS: JSON.stringify({ Authorization: `Bearer ${data.CARD_API_TOKEN}` }) },
    ],
  ];
}

/** Tokens that expire, fetched by client credentials, carried by both families. */
function oauthAuth(url: string): Steps {
  return [
    [
      "3. keys and profile, tokens from the platform's OAuth endpoint",
      {
        PARTNER_TOKEN_URL: `${url}${OAUTH.path}`,
        PARTNER_CLIENT_ID: OAUTH.clientId,
        PARTNER_CLIENT_SECRET: OAUTH.clientSecret,
        ...DEFAULT_PROFILE_KEYS,
      },
    ],
    ["4. card API auth: the same bearer token", { CARD_API_AUTH: "bearer" }],
  ];
}

/** docs/own-server.md's steps, in its order, with the variables each sets. */
export function thirdPartnerEnv(url: string, auth: Auth = "static"): Steps {
  return [
    [
      "2. target",
      {
        TARGET_BASE_URL: url,
        TARGET_ENV: "sandbox",
        TEST_PANS: `${pay.pan},${data.STATEMENT_CARD.pan}`,
        TARGET_UTC_OFFSET: data.UTC_OFFSET,
      },
    ],
    ...(auth === "static" ? staticAuth() : oauthAuth(url)),
    [
      "5. fixtures",
      {
        STATEMENT_CARD_ID: data.STATEMENT_CARD.id,
        STATEMENT_PERIOD_START: data.STATEMENT_PERIOD.start,
        STATEMENT_PERIOD_END: data.STATEMENT_PERIOD.end,
        PAYMENT_CARD_ID: pay.id,
        PAYMENT_CARD_PAN: pay.pan!,
        PAYMENT_CARD_EXPIRY: `${pay.month}/${pay.year}`,
        PAYMENT_CARD_CVC: pay.cvc!,
        PAYMENT_CARD_HOLDER: pay.holder!,
        PAYMENT_ACCOUNT_NUMBER: pay.account,
        PAYMENT_CLIENT_ID: pay.client,
        CREDIT_ACCOUNT_NUMBER: data.SETTLEMENT_ACCOUNTS[0]!,
        TERMINAL_NUMBER: data.TERMINAL.number,
        CURRENCY: data.CURRENCY,
        RACE_CARD_IDS: data.RACE_CARDS.map((c) => c.id).join(","),
      },
    ],
    ["6. statement dates", { STATEMENT_DATE_FORMAT: "datetime-utc" }],
    [
      "7. limits vocabulary",
      {
        LIMIT_OBJECT_TYPES: [data.OBJECT_TYPES.card, data.OBJECT_TYPES.account, data.OBJECT_TYPES.client].join(","),
        CUMULATIVE_LIMIT_TYPES: data.LIMIT_TYPES.cap,
        MINIMUM_LIMIT_TYPES: data.LIMIT_TYPES.floor,
      },
    ],
    // 8. amounts: not set — the payment card's limits list shows its floor of 3.00.
    ["9. client data", { CLIENT_DATA_FILE: "./client-data.json" }],
    ["request rules (docs/own-server.md, REQUEST_RULES_FILE)", { REQUEST_RULES_FILE: "./request-rules.json" }],
    ["10. idempotency", { IDEMPOTENCY_MODE: "reject" }],
  ];
}

const EXAMPLE = new URL("../../../.env.example", import.meta.url);

/** `.env.example` then each step's lines (a later line wins in dotenv); JSON and spaces single-quoted. */
export function thirdEnvText(steps: Steps, overrides: Record<string, string>): string {
  const line = ([k, v]: [string, string]) => `${k}=${/[{"\s#]/.test(v) ? `'${v}'` : v}`;
  const sections = [...steps, ["overrides of this test", overrides] as [string, Record<string, string>]].map(
    ([title, vars]) => [`# ${title}`, ...Object.entries(vars).map(line)].join("\n"),
  );
  return [readFileSync(EXAMPLE, "utf8"), ...sections].join("\n") + "\n";
}

/** A fresh folder with `.env`, `client-data.json` and `request-rules.json`; returns its path. */
export function thirdPartnerFolder(url: string, overrides: Record<string, string> = {}, auth: Auth = "static"): string {
  const dir = mkdtempSync(join(tmpdir(), "third-partner-"));
  writeFileSync(join(dir, "client-data.json"), JSON.stringify(CLIENT_DATA_SCHEMA, null, 2));
  writeFileSync(join(dir, "request-rules.json"), JSON.stringify(REQUEST_RULES, null, 2));
  writeFileSync(join(dir, ".env"), thirdEnvText(thirdPartnerEnv(url, auth), overrides));
  return dir;
}
