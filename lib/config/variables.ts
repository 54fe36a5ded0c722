/**
 * Every configuration variable the harness reads: one table, so that `.env.example`, docs/configuration.md's
 * table and the loader cannot drift apart (a harness test compares them). Defaults are the
 * reference sandbox's published test data.
 */
import {
  SANDBOX_CARDS,
  SANDBOX_RACE_CARDS,
  SANDBOX_CREDIT_ACCOUNT,
  SANDBOX_KEY_PAIRS,
  SANDBOX_PARTNER,
  SANDBOX_STATEMENT_PERIOD,
  SANDBOX_TERMINAL,
} from "../test-data/published.ts";
import { NETWORK_VARIABLES } from "./network-variables.ts";
import { MEASURE_VARIABLES } from "./measure-variables.ts";

export interface VariableSpec {
  /** Default when neither the environment nor `.env` sets it ("" = unset). */
  default: string;
  /** Secret values are never printed and are replaced in every report. */
  secret?: boolean;
  group:
    | "target"
    | "network"
    | "run"
    | "partner transfer API"
    | "card API"
    | "fixtures"
    | "certification"
    | "safety"
    | "measures";
  doc: string;
  /**
   * For a variable some check reads (lib/checks/reads.ts): what its value does to the checks, in
   * one sentence — the conformance statement's effect line, derived, never written again elsewhere.
   */
  effect?: string;
  /** The effect sentence of particular values, where the value decides it (IDEMPOTENCY_MODE=reject). */
  effects?: Readonly<Record<string, string>>;
  /** The command-line option that sets it too (`--retries` for CHECK_RETRIES). */
  flag?: string;
  /**
   * A comma-separated list, read by the reader's `list`: the value `none` is the empty list (an
   * empty value means the default). Its doc says what `none` declares.
   */
  list?: true;
}

const pay = SANDBOX_CARDS.payment;

export const VARIABLES = {
  TARGET_BASE_URL: {
    default: "",
    group: "target",
    doc: "Base URL of the server under test. Unset: the embedded reference sandbox is started.",
  },
  CARD_API_BASE_URL: {
    default: "",
    group: "target",
    doc: "Base URL for the card API only (overrides TARGET_BASE_URL for that family).",
  },
  PARTNER_API_BASE_URL: { default: "", group: "target", doc: "Base URL for the partner transfer API only." },
  MERCHANT_API_BASE_URL: { default: "", group: "target", doc: "Base URL for the merchant API only." },
  MERCHANT_API_HEADERS: {
    default: "",
    secret: true,
    group: "target",
    doc: 'Extra headers for merchant API requests as a JSON object, e.g. {"X-Merchant-Key":"..."}: the auth an OPENAPI_DOCUMENT declares for them (merchant API auth is not shown, §5).',
    effect: "headers sent with every merchant API request (names shown, values never)",
  },
  GATEWAY_API_BASE_URL: { default: "", group: "target", doc: "Base URL for the gateway API only." },
  GATEWAY_API_HEADERS: {
    default: "",
    secret: true,
    group: "target",
    doc: 'Extra headers for gateway API requests as a JSON object, e.g. {"X-Api-Key":"..."}: the auth an OPENAPI_DOCUMENT declares for them (gateway API auth is not shown, §5).',
    effect: "headers sent with every gateway API request (names shown, values never)",
  },
  OTHER_PARTNER_API_BASE_URL: {
    default: "",
    group: "target",
    doc: "Base URL for the partner API's other areas only (rates, products, e-money, …: family partner-api; the transfer API's is PARTNER_API_BASE_URL).",
  },
  OTHER_PARTNER_API_HEADERS: {
    default: "",
    secret: true,
    group: "target",
    doc: "Extra headers for requests of the partner API's other areas (family partner-api, not the transfer API) as a JSON object: the auth an OPENAPI_DOCUMENT declares for them (not shown, §5).",
    effect: "headers sent with every request of the partner API's other areas (names shown, values never)",
  },
  ...NETWORK_VARIABLES,
  TARGET_UTC_OFFSET: {
    default: "+05:00",
    group: "target",
    doc: "UTC offset of the target's clock (+05:00, -03:30, +00:00 or Z): statement bounds are written and day forms read at it, and the target's day (and month) begins at its midnight: limit readings across it are not judged.",
    effect:
      "statement bounds are written at it and the target's day (and month) begins at its midnight: readings across it are not judged",
  },
  REQUEST_TIMEOUT_MS: {
    default: "5000",
    group: "run",
    doc: "Upper bound of every request in milliseconds; a slower answer fails its check as a transport error.",
  },
  CONFORMANCE_STRICT: {
    default: "false",
    group: "run",
    doc: "true: should-level failures fail the run (same as --strict).",
  },
  SEED: {
    default: "",
    group: "run",
    doc: "Seed of every generator. Unset: a random seed, printed at the start and in every failure.",
  },
  PROPERTY_RUNS: {
    default: "150",
    group: "run",
    doc: "Generated cases per property check (1 to 100000), besides one case per table row (the default run sends about 2,000 requests).",
  },
  CRYPTO_PROFILE: {
    default: "default",
    group: "partner transfer API",
    doc: "Signature, encryption and card API auth profile: `default` (HMAC-SHA256 over RFC 8785 JSON, AES-256-GCM), `jws` (Ed25519/ES256, detached JWS header on card API requests, JWE), or the path of a profile module (.ts, .mts, .mjs, .js).",
    effect: "every partner transfer API request is sealed and signed with it, and the response signature verified",
  },
  PARTNER_ACCESS_TOKEN: {
    default: SANDBOX_PARTNER.accessToken,
    secret: true,
    group: "partner transfer API",
    doc: "Static bearer token sent as Authorization on partner transfer requests (§5). For tokens that expire, set PARTNER_TOKEN_URL or PARTNER_TOKEN_COMMAND instead.",
  },
  PARTNER_TOKEN_URL: {
    default: "",
    group: "partner transfer API",
    doc: "OAuth 2.0 token endpoint (client credentials, RFC 6749 §4.4): the access token is fetched there, shared by every worker and renewed before it expires and once after a 401. Excludes PARTNER_TOKEN_COMMAND and a PARTNER_ACCESS_TOKEN of your own.",
  },
  PARTNER_CLIENT_ID: { default: "", group: "partner transfer API", doc: "client_id at PARTNER_TOKEN_URL." },
  PARTNER_CLIENT_SECRET: {
    default: "",
    secret: true,
    group: "partner transfer API",
    doc: "client_secret at PARTNER_TOKEN_URL.",
  },
  PARTNER_TOKEN_SCOPE: {
    default: "",
    group: "partner transfer API",
    doc: "scope asked at PARTNER_TOKEN_URL (space-separated). Empty: none asked.",
  },
  PARTNER_TOKEN_AUTH: {
    default: "basic",
    group: "partner transfer API",
    doc: "How the client authenticates at PARTNER_TOKEN_URL: basic (HTTP Basic, RFC 6749 §2.3.1) or post (client_id and client_secret in the form body).",
  },
  PARTNER_TOKEN_COMMAND: {
    default: "",
    secret: true,
    group: "partner transfer API",
    doc: 'A shell command that prints the access token, or JSON {"access_token":"…","expires_in":600}; run again to renew. Excludes PARTNER_TOKEN_URL and a PARTNER_ACCESS_TOKEN of your own.',
  },
  PARTNER_SIGNING_KEY: {
    default: SANDBOX_PARTNER.signingKey,
    secret: true,
    group: "partner transfer API",
    doc: "Key that signs partner requests: 64 hex digits (32 bytes), decoded before use.",
  },
  PLATFORM_SIGNING_KEY: {
    default: SANDBOX_PARTNER.platformSigningKey,
    secret: true,
    group: "partner transfer API",
    doc: 'Key that verifies response signatures: 64 hex digits (32 bytes), decoded before use. An empty value means this default (the sandbox\'s published key), not "no key".',
  },
  PARTNER_ENCRYPTION_KEY: {
    default: SANDBOX_PARTNER.encryptionKey,
    secret: true,
    group: "partner transfer API",
    doc: "Key that encrypts payload.encrypted_data: 64 hex digits (32 bytes), decoded before use.",
  },
  PARTNER_PRIVATE_KEY: {
    default: SANDBOX_KEY_PAIRS.partnerPrivateKey,
    secret: true,
    group: "partner transfer API",
    doc: "Partner's private key for key-pair profiles (jws, modules): PEM (PKCS#8) or JWK, Ed25519 or P-256. Signs partner bodies and the card API JWS header.",
  },
  PLATFORM_PUBLIC_KEY: {
    default: SANDBOX_KEY_PAIRS.platformPublicKey,
    group: "partner transfer API",
    doc: "Platform's public key for key-pair profiles: PEM (SPKI) or JWK, Ed25519 or P-256. Verifies response signatures.",
  },
  CARD_API_HEADERS: {
    default: "",
    secret: true,
    group: "card API",
    doc: 'Extra headers for card API requests as a JSON object, e.g. {"X-Api-Key":"..."} (card API auth is not shown, §5).',
    effect: "headers sent with every card API request (names shown, values never)",
  },
  CARD_API_AUTH: {
    default: "",
    group: "card API",
    doc: "Card API auth (not shown, §5), whatever CRYPTO_PROFILE signs partner bodies with: none, headers (CARD_API_HEADERS), jws (the CARD_API_JWS_* detached JWS), bearer (the partner's access token, however obtained) or module (the CRYPTO_PROFILE module's requestHeaders). Empty: jws with CRYPTO_PROFILE=jws, module with a module, else headers when CARD_API_HEADERS is set, else none.",
    effect: "the auth every card API request carries",
    effects: {
      none: "card API requests carry no auth of the harness's (CARD_API_HEADERS only)",
      headers: "card API requests carry CARD_API_HEADERS",
      jws: "every card API request carries a detached JWS of its body (CARD_API_JWS_*)",
      bearer: "every card API request carries the partner's access token as a bearer",
      module: "every card API request carries the profile module's headers",
    },
  },
  CARD_API_JWS_ALGORITHM: {
    default: "",
    group: "card API",
    doc: "CARD_API_AUTH=jws (implied by CRYPTO_PROFILE=jws): algorithm of the card API detached JWS: HS256, HS384, HS512 (with CARD_API_JWS_KEY), EdDSA or ES256 (the partner's key pair). Empty: from the key (HS256 for a shared secret).",
  },
  CARD_API_JWS_KEY: {
    default: "",
    secret: true,
    group: "card API",
    doc: "CARD_API_AUTH=jws (implied by CRYPTO_PROFILE=jws): shared secret of an HMAC card API JWS, as text or as hex:… / base64:…. Empty: the partner's key pair signs.",
  },
  CARD_API_JWS_HEADER: {
    default: "X-JWS-Signature",
    group: "card API",
    doc: "CARD_API_AUTH=jws (implied by CRYPTO_PROFILE=jws): request header that carries the card API detached JWS.",
  },
  CARD_API_JWS_FIELDS: {
    default: "",
    group: "card API",
    doc: 'CARD_API_AUTH=jws (implied by CRYPTO_PROFILE=jws): extra protected-header fields of the card API JWS as a JSON object of strings; {path} and {method} stand for the request\'s, e.g. {"uri":"{path}","method":"{method}","auth_id":"A-17"}. See docs/profile-modules.md.',
  },
  STATEMENT_DATE_FORMAT: {
    default: "datetime-offset",
    group: "card API",
    doc: "Form of start_date/end_date (not shown, §2.2): a dayjs (Moment-style) pattern such as DD.MM.YYYY, YYYYMMDD, YYYY-MM-DD HH:mm:ss or YYYY-MM-DDTHH:mm:ssZ (literal text in [brackets]), or datetime-offset (YYYY-MM-DDTHH:mm:ssZ), datetime-utc (YYYY-MM-DDTHH:mm:ss[Z]) or date (YYYY-MM-DD). A day form's bounds are whole days at TARGET_UTC_OFFSET, both inclusive; a form with time's bound is that instant.",
    effect:
      "start_date and end_date of every statement request are written in it, and the answers judged against the period as sent",
  },
  STATEMENT_CARD_ID: {
    default: SANDBOX_CARDS.statement.cardId,
    group: "fixtures",
    doc: "Card whose statement holds operations in the seeded period.",
  },
  STATEMENT_PERIOD_START: {
    default: SANDBOX_STATEMENT_PERIOD.start,
    group: "fixtures",
    doc: "Start of the seeded statement period (ISO 8601 date-time with offset).",
  },
  STATEMENT_PERIOD_END: {
    default: SANDBOX_STATEMENT_PERIOD.end,
    group: "fixtures",
    doc: "End of the seeded statement period (ISO 8601 date-time with offset).",
  },
  PAYMENT_CARD_ID: { default: pay.cardId, group: "fixtures", doc: "Card debited by the transaction checks (UUID)." },
  PAYMENT_CARD_PAN: {
    default: pay.pan,
    secret: true,
    group: "fixtures",
    doc: "PAN of that card; masked to first six and last four in every report.",
  },
  UNKNOWN_CARD_PAN: {
    default: "",
    secret: true,
    group: "fixtures",
    doc: "A test card number the target has no card for: CARD-TXN-UNKNOWN-CARD debits it and expects a refusal. Against anything but TARGET_ENV=sandbox it must be in TEST_PANS; unset, that check draws a random Luhn-valid number against a sandbox and is not judged elsewhere.",
    effect:
      "the card number the unknown-card debit sends; unset, a random Luhn-valid one against a sandbox, and that check is not judged elsewhere",
  },
  PAYMENT_CARD_EXPIRY: { default: `${pay.month}/${pay.year}`, group: "fixtures", doc: "Expiry of that card as MM/YY." },
  PAYMENT_CARD_CVC: {
    default: pay.cvc,
    secret: true,
    group: "fixtures",
    doc: "CVC of that card; never written to any report.",
  },
  PAYMENT_CARD_HOLDER: { default: pay.holder, group: "fixtures", doc: "Name on that card." },
  PAYMENT_ACCOUNT_NUMBER: {
    default: pay.accountNumber,
    group: "fixtures",
    doc: "Account behind that card (limits of object kind account).",
  },
  PAYMENT_CLIENT_ID: {
    default: pay.clientId,
    group: "fixtures",
    doc: "Client owning that card (limits of object kind client).",
  },
  CREDIT_ACCOUNT_NUMBER: {
    default: SANDBOX_CREDIT_ACCOUNT,
    group: "fixtures",
    doc: "Account credited by test debits.",
  },
  TERMINAL_NUMBER: {
    default: SANDBOX_TERMINAL,
    group: "fixtures",
    doc: "Terminal number sent in transaction parties.",
  },
  CURRENCY: { default: "KZT", group: "fixtures", doc: "Currency of test transactions (value shown: KZT, §2.3)." },
  DEBIT_AMOUNT_MIN: {
    default: "",
    group: "fixtures",
    doc: "Smallest valid debit the checks send, in major units of CURRENCY (e.g. 100.00). Unset: read from the payment card's limits (the largest MINIMUM_LIMIT_TYPES value, at least 1.00).",
    effect: "the smallest valid debit every debiting check sends (unset: read from the payment card's limits)",
  },
  DEBIT_AMOUNT_MAX: {
    default: "",
    group: "fixtures",
    doc: "Largest valid debit the checks send, in major units. Unset: 99.99 or twice the minimum, whichever is larger, within a share of the smallest remaining CUMULATIVE_LIMIT_TYPES limit.",
    effect: "the largest valid debit every debiting check sends (unset: chosen inside the payment card's limits)",
  },
  CLIENT_DATA_FILE: {
    default: "",
    group: "fixtures",
    doc: 'JSON file of the client data inside encrypted_data (not shown, §2.1): a list of example client records, or a JSON Schema 2020-12 with `examples`; "{{fresh:…}}" placeholders get a new value per registration (docs/client-data.md). Unset: the sandbox\'s client data.',
    effect:
      "the client data of every registration; with a JSON Schema, invalid client data derived from it is sent too",
  },
  REQUEST_RULES_FILE: {
    default: "",
    group: "fixtures",
    doc: 'JSON file of the request rules your server declares (not shown, §2.3): per operation key (e.g. "card-api.transaction-create") a JSON Schema 2020-12 of the request body (required fields, enum, pattern, bounds). A generated request that breaks a declared rule must be refused (should); one that breaks only the reference sandbox\'s assumptions is info. "reference": the reference sandbox\'s own rules (set for the embedded sandbox). Unset: no declared rules (docs/request-rules.md).',
    effect:
      "a generated request that breaks a declared rule must be refused (should, the rule named in the failure), and valid ones obey the rules",
  },
  RACE_CARD_IDS: {
    default: SANDBOX_RACE_CARDS.map((c) => c.cardId).join(","),
    group: "fixtures",
    list: true,
    doc: "Cards for the concurrency check, comma-separated, debited by card_id only: each run exhausts the daily limit of the first one with room (a pool, so repeated runs in a day pass). none: no race card (the concurrency check is not judged).",
  },
  RACE_DEBITS: {
    default: "20",
    group: "card API",
    doc: "Parallel debits of the concurrency check (2 to 100); their sum is about twice the race card's remaining limit.",
  },
  AMOUNT_NONCE: {
    default: "",
    group: "card API",
    doc: "The number that moves the ledger checks' debit amounts (0 to 2147483646). Unset: drawn at random for each run, so that two runs on the same cards send amounts of their own (docs/shared-staging.md); set it only to send a run's amounts again.",
  },
  LEDGER_SETTLE_MS: {
    default: "5000",
    group: "card API",
    doc: "How long an accepted debit may take to show in the statement and in limit usage (0 to 600000 ms): every ledger reading that expects a posting waits for it this long. Unset: 5000, and a lag seen is reported (CARD-LEDGER-SETTLE), never a failure (docs/shared-staging.md).",
    effect: "how long a posting may take to show before the ledger checks call it lost",
  },
  LIMIT_OBJECT_TYPES: {
    default: "card,account,client",
    group: "card API",
    doc: "Values of object.type for a card, an account and a client, in that order (§2.4 shows only `card`).",
    effect: "object.type of every limits request",
  },
  CUMULATIVE_LIMIT_TYPES: {
    default: "total",
    group: "card API",
    list: true,
    doc: "Amount-limit types that add up over the period (remaining = value − current), comma-separated; the spec shows only `min` (§2.4). A type declared here is dropped from the other lists' defaults (a type has one meaning). none: no type adds up.",
    effect: "remaining = value − current and usage after a debit are judged for these amount-limit types only",
  },
  MINIMUM_LIMIT_TYPES: {
    default: "min",
    group: "card API",
    list: true,
    doc: "Amount-limit types that are the smallest amount of one debit, comma-separated (value shown: min, §2.4). A type declared here is dropped from the other lists' defaults. none: no per-debit minimum.",
    effect: "per-debit minimums: the debit range starts at the largest, and a debit under it must be refused",
  },
  MAXIMUM_LIMIT_TYPES: {
    default: "max",
    group: "card API",
    list: true,
    doc: "Amount-limit types that are the largest amount of one debit, whatever was debited before (a per-transaction maximum), comma-separated: the debit range stays under it, a debit over it must be refused and one exactly at it accepted. A type declared here is dropped from the other lists' defaults (CUMULATIVE_LIMIT_TYPES=max alone makes max cumulative). none: no per-debit maximum.",
    effect:
      "per-debit maximums: the debit range ends at the smallest, a debit over it must be refused and one at it accepted",
  },
  LIMIT_PERIODS: {
    default: "day=day,month=month",
    group: "card API",
    list: true,
    doc: "Your limit records' period names with their meaning, name=meaning comma-separated; meaning day, week, month or year (usage resets at its end, at TARGET_UTC_OFFSET) or debit (each debit alone, nothing accumulates: a cumulative type in it caps one debit). A name not declared is read from its words, else as a day. none: no name declared.",
    effect: "when each limit's usage resets (readings across it are not judged), and which limits cap each debit alone",
  },
  TERMINAL_MCC: {
    default: "",
    group: "card API",
    doc: "MCC of the test terminal (TERMINAL_NUMBER), four digits: a limit of another mcc does not apply to the test debits (left out of the debit range and the usage expectations). Unset: read from the target (the mcc of the preflight's debit in the statement); unknown, every limit applies.",
    effect:
      "a limit of another MCC does not apply to the test debits: left out of the debit range and of every usage expectation",
  },
  LIMIT_ANY_MCC: {
    default: "0000",
    group: "card API",
    list: true,
    doc: "mcc values of limit records that apply to every MCC, comma-separated. none: no such value (only TERMINAL_MCC's limits apply).",
    effect: "limits of these MCCs apply to the test debits whatever TERMINAL_MCC is",
  },
  TERMINAL_REGION: {
    default: "",
    group: "card API",
    doc: "Region of the test terminal as your limit records write it (e.g. KAZ): a limit of another region does not apply to the test debits. Unset: every region applies.",
    effect: "a limit of another region does not apply to the test debits",
  },
  LIMIT_ANY_REGION: {
    default: "",
    group: "card API",
    list: true,
    doc: "region values of limit records that apply to every region, comma-separated (with TERMINAL_REGION). none: no such value, as unset.",
    effect: "limits of these regions apply to the test debits whatever TERMINAL_REGION is",
  },
  LIMIT_TRANSACTION_TYPES: {
    default: "",
    group: "card API",
    list: true,
    doc: "transaction_type values of limit records that apply to the test debits (e.g. pay), comma-separated. Unset (or none): every transaction type applies.",
    effect: "a limit of another transaction type does not apply to the test debits",
  },
  IDEMPOTENCY_MODE: {
    default: "either",
    group: "card API",
    doc: "Expected answer to a replayed request_id with the same body (not shown): replay (the original answer), reject, or either. Never a second posting.",
    effect: "what a replayed request_id with the same body must get; never a second posting",
    effects: {
      replay: "a replayed request_id with the same body must get the original success answer; never a second posting",
      reject:
        "a replayed request_id with the same body must be refused (any 4xx, or a 2xx whose outcome says failure); never a second posting",
      either: "a replayed request_id may be answered either way; never a second posting",
    },
  },
  CATALOGUE_DIR: {
    default: "",
    group: "run",
    doc: "Folder of added operations (*.operation.json with their *.schema.json), relative to the working folder, checked by the generic suite; unset: the harness's own catalogue/ (see catalogue/README.md).",
  },
  OPENAPI_DOCUMENT: {
    default: "",
    group: "run",
    doc: "A partner's OpenAPI 3.0 or 3.1 document (YAML or JSON, relative to the working folder): each POST operation with a JSON request body and a 200 schema is checked by the generic suite, its basis declared (see docs/bring-your-openapi.md). Unset: none.",
  },
  REPORTS_DIR: { default: "reports", group: "run", doc: "Folder for run output (JUnit, Allure results, summary)." },
  CHECK_RETRIES: {
    default: "0",
    group: "run",
    doc: "A failed check runs again up to this many times (0–10, same as --retries N); one that then passes is reported flaky and still fails the run. 0 in a CI gate, 2 in the nightly.",
    effect: "a failed check runs again up to this many times; one that then passes is flaky and still fails the run",
    flag: "--retries",
  },
  GITHUB_STEP_SUMMARY: {
    default: "",
    group: "run",
    doc: "Set by GitHub Actions: the run appends its verdict and what changed since the last run (compare) to this file, the job summary. Empty: not written.",
  },
  CERTIFY_SIGNING_KEY: {
    default: "",
    secret: true,
    group: "certification",
    doc: "Signs the certification pack's manifest (npm run certify): an Ed25519 private key as PKCS#8 PEM (newlines may be written as \\n), or an HMAC-SHA256 key of at least 32 bytes as hex. Empty: the pack is not signed.",
  },
  CERTIFY_VERIFY_KEY: {
    default: "",
    secret: true,
    group: "certification",
    doc: "Verifies a pack's signature (npm run certify -- --verify): the signer's Ed25519 public key as SPKI PEM, or the HMAC key as hex. Empty: taken from CERTIFY_SIGNING_KEY; with neither, the signature is not checked.",
  },
  BASELINE_FILE: {
    default: "",
    group: "run",
    doc: "Expected-failure baseline (JSON: ids with a reason each). Unset: conformance-baseline.json if it exists.",
  },
  TARGET_ENV: {
    default: "sandbox",
    group: "safety",
    doc: "What the target is: sandbox, staging or production. production sends no money-moving or profile-creating request unless ALLOW_MUTATIONS=true.",
    effect:
      "production sends no request that moves money or creates a profile (unless ALLOW_MUTATIONS=true); off the sandbox only TEST_PANS card numbers are sent",
  },
  ALLOW_MUTATIONS: {
    default: "false",
    group: "safety",
    doc: "true: send operations that move money or create profiles even when TARGET_ENV=production.",
  },
  MAX_DEBIT_TOTAL: {
    default: "",
    group: "safety",
    doc: "Cap on the total amount debited per run, in major units of CURRENCY (e.g. 500.00). Unset: no cap (required with TARGET_ENV=production and ALLOW_MUTATIONS=true).",
    effect: "a debit that would pass the cap is not sent, and the check that needed it is skipped",
  },
  TEST_PANS: {
    default: "",
    secret: true,
    group: "safety",
    list: true,
    doc: "Comma-separated test card numbers; against anything but the sandbox, no other card number is sent. none: no card number listed, as unset.",
  },
  MAX_RPS: {
    default: "",
    group: "safety",
    doc: "Upper bound of requests per second for the whole run. Unset: no bound.",
  },
  CONCURRENCY: { default: "16", group: "safety", doc: "Upper bound of requests in flight at once for the whole run." },
  RUN_DEADLINE_MS: {
    default: "1800000",
    group: "safety",
    doc: "Upper bound of the whole run in milliseconds (1000 to 86400000); checks that cannot send before it fail with the reason.",
  },
  ...MEASURE_VARIABLES,
} satisfies Record<string, VariableSpec>;

export type VariableName = keyof typeof VARIABLES;

export const SECRET_VARIABLES = (Object.keys(VARIABLES) as VariableName[]).filter(
  (name) => (VARIABLES[name] as VariableSpec).secret,
);
